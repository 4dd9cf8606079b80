import { segmentOf, type Exchange } from "../../src/core/types/exchange.js";
import type { TransactionType } from "../../src/core/types/order.js";
import { fromTicks, roundToTick, toTicks } from "../../src/core/rules/tick.js";
import type { DepthLevel } from "../market/types.js";

/**
 * The pure half of the matching engine: how much of an order the simulated book can fill, at
 * which prices, whether a stop has been triggered, how far market protection reaches and how a
 * trailing stop moves. The engine (engine.ts) owns the state; these functions own the rules.
 */

/** Percent used when an order carries marketProtection 0 (the exchange's band is wider; brokers use 2-5%). */
export const DEFAULT_MARKET_PROTECTION_PERCENT = 3;

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
 * Market protection: a MARKET order fills only within `percent` of the last price, on the tick
 * grid and inside the circuit band. Beyond it the order rests as if it were a limit at that price.
 */
export function protectionPrice(side: TransactionType, ltp: number, percent: number, tickSize: number, upperCircuit: number, lowerCircuit: number): number {
  const pct = percent > 0 ? percent : DEFAULT_MARKET_PROTECTION_PERCENT;
  const raw = side === "BUY" ? ltp * (1 + pct / 100) : ltp * (1 - pct / 100);
  const ticks = toTicks(roundToTick(raw, tickSize), tickSize) ?? 0;
  let p = fromTicks(ticks, tickSize);
  if (side === "BUY" && upperCircuit > 0) p = Math.min(p, upperCircuit);
  if (side === "SELL") p = Math.max(p, lowerCircuit > 0 ? lowerCircuit : tickSize);
  return p;
}

export interface Trail {
  trigger: number;
  ref: number;
}

/**
 * Trailing stop-loss: each time the price moves `amount` in the position's favour from the
 * reference, the stop moves `amount` the same way. A sell stop (protecting a long) trails up as
 * the price rises; a buy stop (protecting a short) trails down as it falls. Never moves back.
 */
export function trailStop(side: TransactionType, trail: Trail, ltp: number, amount: number, tickSize: number): Trail {
  if (!(amount > 0)) return trail;
  const favour = side === "SELL" ? ltp - trail.ref : trail.ref - ltp;
  const steps = Math.floor((favour + 1e-9) / amount);
  if (steps <= 0) return trail;
  const move = steps * amount * (side === "SELL" ? 1 : -1);
  return { trigger: roundToTick(trail.trigger + move, tickSize), ref: roundToTick(trail.ref + move, tickSize) };
}

/** Average price of all fills so far, to four decimals. */
export function averagePrice(value: number, quantity: number): number {
  return quantity > 0 ? Math.round((value / quantity) * 10_000) / 10_000 : 0;
}
