import { ruleError, type RuleError } from "../errors";
import { segmentOf, type Exchange, type Segment } from "../types/exchange";
import type { TransactionType, Validity } from "../types/order";
import { quantityStep, valuePerUnit } from "./contractValue";
import { fromTicks, roundToTick, toTicks } from "./tick";

/**
 * Order presets (issue 33): what `b`/`s` fill the order window with, per segment and per
 * instrument, kept by the broker per user. "An instrument's preset beats its segment's": the
 * instrument's is used whole when it exists, else the segment's, else none.
 *
 * A preset is resolved against the contract and the quote, all in whole ticks and whole lots:
 *  - quantity: `units` rounded down to whole lots; `lots` times the lot; `amount` (₹) buys
 *    floor(amount / (price × value per unit) / lot) whole lots, so quantity × price ≤ amount;
 *  - price: the bid, ask or LTP moved by the offset in ticks, towards the other side of the book
 *    (a BUY pays N ticks more, a SELL asks N ticks less), never below one tick;
 *  - target and stop: points or a percent of the price, as prices on the tick (BUY: target above,
 *    stop below; SELL the other way).
 */

export type PresetQuantity = { unit: "units" | "lots" | "amount"; value: number };
export type PresetOffset = { from: "bid" | "ask" | "ltp"; ticks: number };
export type PresetDistance = { unit: "points" | "percent"; value: number };

export interface OrderPreset {
  quantity?: PresetQuantity;
  offset?: PresetOffset;
  validity?: Validity;
  target?: PresetDistance;
  stop?: PresetDistance;
  /** A segment's default bracket template (by name), applied when no other is named. */
  bracket?: string;
}

/** Where a preset applies: a segment ("segment:equity") or an instrument ("NSE:INFY"). */
export type PresetKey = `segment:${Segment}` | `${Exchange}:${string}`;
export type OrderPresets = Partial<Record<string, OrderPreset>>;

export const SEGMENT_NAMES: Readonly<Record<Segment, string>> = { equity: "Equity", derivatives: "F&O", currency: "Currency", commodity: "Commodity" };

export const segmentKey = (segment: Segment): PresetKey => `segment:${segment}`;
export const instrumentKey = (exchange: Exchange, symbol: string): PresetKey => `${exchange}:${symbol.trim().toUpperCase()}`;

/** What a key is called where it is shown: "Equity" for a segment, the symbol for an instrument. */
export function presetLabel(key: string): string {
  if (key.startsWith("segment:")) return SEGMENT_NAMES[key.slice(8) as Segment] ?? key;
  return key.slice(key.indexOf(":") + 1);
}

/** The preset that applies to an instrument: its own beats its segment's. */
export function presetFor(presets: OrderPresets, exchange: Exchange, symbol: string): { key: PresetKey; label: string; preset: OrderPreset } | undefined {
  for (const key of [instrumentKey(exchange, symbol), segmentKey(segmentOf(exchange))]) {
    const preset = presets[key];
    if (preset) return { key, label: presetLabel(key), preset };
  }
  return undefined;
}

/** The preset's problem, or undefined: every figure a finite number in range (EC720's detail). */
export function presetProblem(p: OrderPreset): string | undefined {
  const q = p.quantity;
  if (q && !(Number.isFinite(q.value) && q.value > 0)) return "quantity must be above 0";
  if (q && q.unit !== "amount" && !Number.isInteger(q.value)) return "a quantity in units or lots is a whole number";
  if (p.offset && !(Number.isInteger(p.offset.ticks) && Math.abs(p.offset.ticks) <= 1000)) return "the offset is a whole number of ticks, at most 1,000 either way";
  for (const [name, d] of [["target", p.target], ["stop", p.stop]] as const) {
    if (d && !(Number.isFinite(d.value) && d.value > 0 && (d.unit === "points" || d.value <= 50))) return `the ${name} must be positive points, or a percent above 0 and at most 50`;
  }
  return undefined;
}

export interface PresetMarket {
  side: TransactionType;
  exchange: Exchange;
  lotSize: number;
  multiplier: number;
  tickSize: number;
  bid: number;
  ask: number;
  ltp: number;
}

export interface AppliedPreset {
  /** In the order's units (lots on commodity), a whole number of lots; undefined when the preset sets none. */
  quantity?: number;
  /** On the tick; undefined when the preset sets no offset (the window keeps its own price). */
  price?: number;
  validity?: Validity;
  target?: number;
  stop?: number;
}

/** The price the offset gives: the base on the tick, moved `ticks` towards the other side, at least one tick. */
export function offsetPrice(offset: PresetOffset, m: Pick<PresetMarket, "side" | "tickSize" | "bid" | "ask" | "ltp">): number {
  const base = offset.from === "bid" ? m.bid : offset.from === "ask" ? m.ask : m.ltp;
  const baseTicks = toTicks(roundToTick(base, m.tickSize), m.tickSize) ?? 0;
  const moved = baseTicks + (m.side === "BUY" ? offset.ticks : -offset.ticks);
  return fromTicks(Math.max(1, moved), m.tickSize);
}

/** A distance from the price as a price on the tick: points as given, a percent of the price rounded to the tick. */
function distanceTicks(d: PresetDistance, price: number, tickSize: number): number {
  const points = d.unit === "points" ? d.value : (price * d.value) / 100;
  return Math.max(1, toTicks(roundToTick(points, tickSize), tickSize) ?? 1);
}

/**
 * The preset applied to a contract and its quote. The price a ₹ amount is divided by is the
 * preset's own price when it has an offset, else the LTP. An amount that buys less than one lot
 * is refused (EC720), as is an amount with no price to divide by.
 */
export function applyPreset(p: OrderPreset, m: PresetMarket): AppliedPreset | RuleError {
  const out: AppliedPreset = {};
  if (p.offset) out.price = offsetPrice(p.offset, m);
  const price = out.price ?? m.ltp;
  const step = quantityStep(m.exchange, m.lotSize);
  if (p.quantity) {
    const q = p.quantity;
    if (q.unit === "lots") out.quantity = q.value * step;
    else if (q.unit === "units") out.quantity = Math.floor(q.value / step) * step;
    else {
      const perUnit = price * valuePerUnit(m.exchange, m.multiplier, m.lotSize);
      if (!(perUnit > 0)) return ruleError("EC720", "there is no price to divide the amount by");
      // floor(amount / value of one lot), then a step down while floating point leaves it over.
      let lots = Math.floor(q.value / (perUnit * step) + 1e-9);
      while (lots > 0 && lots * step * perUnit > q.value + 1e-9) lots--;
      out.quantity = lots * step;
    }
    if (!(out.quantity > 0)) return ruleError("EC720", `the quantity comes to less than one lot of ${step}`);
  }
  if (p.validity) out.validity = p.validity;
  const priceTicks = toTicks(roundToTick(price, m.tickSize), m.tickSize) ?? 0;
  const sign = m.side === "BUY" ? 1 : -1;
  if (p.target) out.target = fromTicks(priceTicks + sign * distanceTicks(p.target, price, m.tickSize), m.tickSize);
  if (p.stop) out.stop = fromTicks(Math.max(1, priceTicks - sign * distanceTicks(p.stop, price, m.tickSize)), m.tickSize);
  return out;
}

/** How a preset reads in one line (the dialog's list): "50 units · LTP +1 tick · DAY · target 10 pts · stop 1%". */
export function presetSummary(p: OrderPreset): string {
  const parts: string[] = [];
  if (p.quantity) parts.push(p.quantity.unit === "amount" ? `₹${p.quantity.value.toLocaleString("en-IN")}` : `${p.quantity.value} ${p.quantity.unit}`);
  if (p.offset) parts.push(`${p.offset.from === "ltp" ? "LTP" : p.offset.from === "bid" ? "Bid" : "Ask"} ${p.offset.ticks >= 0 ? "+" : "−"}${Math.abs(p.offset.ticks)} tick${Math.abs(p.offset.ticks) === 1 ? "" : "s"}`);
  if (p.validity) parts.push(p.validity);
  const dist = (d: PresetDistance) => (d.unit === "points" ? `${d.value} pts` : `${d.value}%`);
  if (p.target) parts.push(`target ${dist(p.target)}`);
  if (p.stop) parts.push(`stop ${dist(p.stop)}`);
  if (p.bracket) parts.push(`bracket ${p.bracket}`);
  return parts.join(" · ") || "nothing set";
}
