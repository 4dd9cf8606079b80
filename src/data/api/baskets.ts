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

/** A firing's legs, said before they are placed (the basket's last run, rules/basketLastRun.ts). */
export const beginBasketRun = (basketId: number, runId: string, replaces: string, scripIds: readonly number[]) =>
  send(wire.beginBasketRun, { body: { basketId, runId, replaces, scripIds: [...scripIds] } });

/** The legs of a run the broker refused, with why: a refused order leaves nothing in the order book. */
export const reportBasketRun = (basketId: number, runId: string, refused: ReadonlyArray<{ scripId: number; code: string; message: string }>) =>
  send(wire.reportBasketRun, { body: { basketId, runId, refused: [...refused] } });

/** Tape's span answer: the SPAN and exposure of all the legs together. */
export type { SpanAnswer };

export const spanExposure = (legs: ReadonlyArray<{ exchange: Exchange; instrumentId: string; transactionType: TransactionType; quantity: number }>) => send(spanCall, { body: [...legs] });
