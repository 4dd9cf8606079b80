import type { Exchange } from "../../core/types/exchange";
import type { TransactionType } from "../../core/types/order";
import * as wire from "../../core/wire/baskets";
import { spanExposure as spanCall, type SpanAnswer } from "../../core/wire/orders";
import { send } from "./send";

/** The basket calls of issue 13 under /core/basketorder, and the span service's margin over a set of legs (schemas: src/core/wire). */

export type NewLeg = wire.NewLeg;

export const getBaskets = () => send(wire.baskets, {});

export const createBasket = (userId: string, basketName: string) => send(wire.createBasket, { body: { userId, basketName, createdBy: userId } });

export const renameBasket = (basketId: number, basketName: string) => send(wire.renameBasket, { body: { basketId, basketName } });

export const deleteBasket = (basketId: number) => send(wire.deleteBasket, { params: { basketId } });

export const getBasketLegs = (basketId: number) => send(wire.basketLegs, { params: { basketId } });

export const addBasketLegs = (basketId: number, scrips: readonly NewLeg[]) => send(wire.addBasketLegs, { body: { basketId, scrips: [...scrips] } });

export const deleteBasketLegs = (basketId: number, scripsId: readonly number[]) => send(wire.deleteBasketLegs, { body: { basketId, scripsId: [...scripsId] } });

/** Tape's span answer: the SPAN and exposure of all the legs together. */
export type { SpanAnswer };

export const spanExposure = (legs: ReadonlyArray<{ exchange: Exchange; instrumentId: string; transactionType: TransactionType; quantity: number }>) => send(spanCall, { body: [...legs] });
