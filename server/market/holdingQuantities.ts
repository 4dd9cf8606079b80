import type { Exchange } from "../../src/core/types/exchange.js";

/**
 * Contract info carries the user's deliveryQty and bnplQty of a share (trading-core section 3).
 * Holdings belong to the portfolio module: it installs its lookup here. Until one is
 * installed the user holds nothing, which is what a broker without holdings would answer.
 */
export type HoldingQuantitiesLookup = (userId: string, exchange: Exchange, token: number) => { deliveryQty: number; bnplQty: number };

let lookup: HoldingQuantitiesLookup = () => ({ deliveryQty: 0, bnplQty: 0 });

export function setHoldingQuantitiesLookup(fn: HoldingQuantitiesLookup): void {
  lookup = fn;
}

export function holdingQuantities(userId: string, exchange: Exchange, token: number): { deliveryQty: number; bnplQty: number } {
  return lookup(userId, exchange, token);
}
