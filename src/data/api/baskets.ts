import type { Basket, BasketLeg } from "../../core/rules/basket";
import type { Exchange } from "../../core/types/exchange";
import type { OrderType, Product, TransactionType } from "../../core/types/order";
import { call, type Envelope } from "./http";
import { coreApi, spanApi } from "./services";

/** The basket calls of issue 13 under /core/basketorder, and the span service's margin over a set of legs. */

export type NewLeg = { exchange: Exchange; token: number; transType: TransactionType; qty: number; product?: Product; orderType?: OrderType; price?: number; trigger?: number };

export const getBaskets = (): Promise<Envelope<Basket>> => call<Basket>(coreApi, "basketorder/get", { method: "get" });

export const createBasket = (userId: string, basketName: string): Promise<Envelope<Basket>> =>
  call<Basket>(coreApi, "basketorder/create", { method: "post", json: { userId, basketName, createdBy: userId } });

export const renameBasket = (basketId: number, basketName: string): Promise<Envelope<Basket>> =>
  call<Basket>(coreApi, "basketorder/rename", { method: "post", json: { basketId, basketName } });

export const deleteBasket = (basketId: number): Promise<Envelope<{ basketId: number }>> =>
  call<{ basketId: number }>(coreApi, `basketorder/delete/${basketId}`, { method: "delete" });

export const getBasketLegs = (basketId: number): Promise<Envelope<BasketLeg>> => call<BasketLeg>(coreApi, `basketorder/get/scrips/${basketId}`, { method: "get" });

export const addBasketLegs = (basketId: number, scrips: readonly NewLeg[]): Promise<Envelope<BasketLeg>> =>
  call<BasketLeg>(coreApi, "basketorder/add/scrips", { method: "post", json: { basketId, scrips } });

export const deleteBasketLegs = (basketId: number, scripsId: readonly number[]): Promise<Envelope<BasketLeg>> =>
  call<BasketLeg>(coreApi, "basketorder/delete/scrips", { method: "post", json: { basketId, scripsId } });

/** Tape's span answer: the SPAN and exposure of all the legs together. */
export interface SpanAnswer {
  span: number;
  exposure: number;
  totalMargin: number;
}

export const spanExposure = (legs: ReadonlyArray<{ exchange: Exchange; instrumentId: string; transactionType: TransactionType; quantity: number }>): Promise<Envelope<SpanAnswer>> =>
  call<SpanAnswer>(spanApi, "spanexposure", { method: "post", json: legs });
