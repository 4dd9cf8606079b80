import { segmentOf, type Exchange } from "../../src/core/types/exchange.js";
import type { TransactionType } from "../../src/core/types/order.js";
import { marketProtectionLimit } from "../../src/core/rules/execution.js";
import type { DepthLevel } from "../market/types.js";

/**
 * The pure half of the matching engine: how much of an order the simulated book can fill, at
 * which prices, whether a stop has been triggered and how far market protection reaches. The
 * engine (engine.ts) owns the state; market protection and the trailing stop are the shared
 * rules of src/core/rules/execution.ts.
 */

export interface Fill {
  price: number;
  quantity: number;
}

/**
 * Depth quantities are units; commodity order quantity counts lots (rules/contractValue.ts), so a
 * commodity level of 30 units with lot size 10 offers 3.
 */
export function depthInOrderUnits(exchange: Exchange, lotSize: number, quantity: number): number {
  if (segmentOf(exchange) === "commodity" && lotSize > 1) return Math.floor(quantity / lotSize);
  return quantity;
}

export interface TakeInput {
  side: TransactionType;
  quantity: number;
  /** The worst price the order accepts (its limit, or market protection); undefined for no bound. */
  limit: number | undefined;
  /** The opposite side of the book, best first: asks for a buy, bids for a sell. Quantities in order units. */
  levels: readonly DepthLevel[];
  /** What earlier orders already took from each level of this same quote (mutated: the taken quantity is added). */
  used: number[];
  /** Fills come in multiples of this (the lot size for F&O and currency, 1 otherwise). */
  step: number;
}

/**
 * Walks the book from the best level: each level fills what is left of it at its own price (a
 * buy limit at 101 against an ask at 100 fills at 100), until the order is done, the next level
 * is beyond the limit, or the five levels are used up. What one order takes is gone for the
 * next order of the same quote: two orders cannot both fill against the same displayed quantity.
 */
export function takeLiquidity(input: TakeInput): Fill[] {
  const fills: Fill[] = [];
  let remaining = input.quantity;
  const step = input.step > 0 ? input.step : 1;
  for (let i = 0; i < input.levels.length && remaining > 0; i++) {
    const level = input.levels[i];
    if (!level) break;
    if (input.limit !== undefined) {
      if (input.side === "BUY" && level.price > input.limit + 1e-9) break;
      if (input.side === "SELL" && level.price < input.limit - 1e-9) break;
    }
    const free = level.quantity - (input.used[i] ?? 0);
    const take = Math.floor(Math.min(free, remaining) / step) * step;
    if (take <= 0) continue;
    input.used[i] = (input.used[i] ?? 0) + take;
    remaining -= take;
    const last = fills[fills.length - 1];
    if (last && last.price === level.price) last.quantity += take;
    else fills.push({ price: level.price, quantity: take });
  }
  return fills;
}

/**
 * Stop orders: a buy stop triggers when the last price rises to its trigger, a sell stop when it
 * falls to it (a buy SL protects a short, a sell SL a long).
 */
export function isTriggered(side: TransactionType, trigger: number, ltp: number): boolean {
  return side === "BUY" ? ltp >= trigger - 1e-9 : ltp <= trigger + 1e-9;
}

/**
 * The worst price a MARKET order (or a triggered SLM) may fill at: the shared market-protection
 * rule (src/core/rules/execution.ts), and never beyond the circuit band. Protection 0 means no
 * cap of the broker's own, so only the band bounds it (the exchange's own limit); 0 means no bound.
 */
export function protectionPrice(side: TransactionType, ltp: number, percent: number, tickSize: number, upperCircuit: number, lowerCircuit: number): number {
  const cap = marketProtectionLimit(ltp, percent, side, tickSize);
  if (side === "BUY") {
    if (cap === undefined) return upperCircuit > 0 ? upperCircuit : 0;
    return upperCircuit > 0 ? Math.min(cap, upperCircuit) : cap;
  }
  const floor = lowerCircuit > 0 ? lowerCircuit : tickSize;
  return cap === undefined ? floor : Math.max(cap, floor);
}

/** Average price of all fills so far, to four decimals. */
export function averagePrice(value: number, quantity: number): number {
  return quantity > 0 ? Math.round((value / quantity) * 10_000) / 10_000 : 0;
}
