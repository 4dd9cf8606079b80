import { positionFromFills, unrealisedPnl, type PositionFigures } from "../../src/core/rules/positions.js";
import { mwTopic } from "../../src/core/topics.js";
import type { Position } from "../../src/core/types/portfolio.js";
import type { Instrument, Quote } from "../market/types.js";
import type { PositionRecord } from "./store.js";
import { roundToPaisa } from "../../src/core/money.js";

const avg = (value: number, qty: number): number => (qty > 0 ? value / qty : 0);
const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** Net quantity, averages and realised P&L of a record, by the shared average method (src/core/rules/positions.ts). */
export function figuresOf(p: PositionRecord, inst: Pick<Instrument, "exchange" | "multiplier" | "lotSize">): PositionFigures {
  return positionFromFills(
    [
      { transactionType: "BUY", quantity: p.cfBuyQuantity, price: avg(p.cfBuyValue, p.cfBuyQuantity) },
      { transactionType: "BUY", quantity: p.dayBuyQuantity, price: avg(p.dayBuyValue, p.dayBuyQuantity) },
      { transactionType: "SELL", quantity: p.cfSellQuantity, price: avg(p.cfSellValue, p.cfSellQuantity) },
      { transactionType: "SELL", quantity: p.daySellQuantity, price: avg(p.daySellValue, p.daySellQuantity) },
    ],
    { exchange: inst.exchange, multiplier: inst.multiplier, lotsize: inst.lotSize },
  );
}

/**
 * A positions-call row: the wire's Position (src/core/wire/portfolio.ts), the spec's fields priced
 * with the live quote plus Tape's day and carried-forward quantities.
 */
export type PositionRow = Position;

export function positionRow(p: PositionRecord, inst: Instrument, quote: Quote | undefined): PositionRow {
  const f = figuresOf(p, inst);
  const ltp = quote?.ltp ?? inst.referencePrice;
  const base = {
    exchange: p.exchange,
    netQuantity: f.netQuantity,
    buyPrice: f.buyPrice,
    sellPrice: f.sellPrice,
    ltp,
    multiplier: inst.multiplier,
    lotsize: inst.lotSize,
  };
  const unRealizedPnl = unrealisedPnl(base);
  return {
    ...base,
    token: String(p.token),
    instrumentId: String(p.token),
    tradingSymbol: p.tradingSymbol,
    product: p.product,
    buyQuantity: f.buyQuantity,
    sellQuantity: f.sellQuantity,
    dayBuyPrice: round4(avg(p.dayBuyValue, p.dayBuyQuantity)),
    daySellPrice: round4(avg(p.daySellValue, p.daySellQuantity)),
    dayBuyQuantity: p.dayBuyQuantity,
    daySellQuantity: p.daySellQuantity,
    cfBuyQuantity: p.cfBuyQuantity,
    cfSellQuantity: p.cfSellQuantity,
    realizedPnl: f.realizedPnl,
    unRealizedPnl,
    pnl: roundToPaisa(f.realizedPnl + unRealizedPnl),
    previousDayClose: quote?.pClose ?? inst.referencePrice,
    type: p.type,
    topic: mwTopic(p.exchange, p.token),
  };
}

export function emptyPosition(inst: Instrument, product: PositionRecord["product"], type: PositionRecord["type"]): PositionRecord {
  return {
    exchange: inst.exchange,
    token: inst.token,
    product,
    type,
    tradingSymbol: inst.tradingSymbol,
    cfBuyQuantity: 0,
    cfBuyValue: 0,
    cfSellQuantity: 0,
    cfSellValue: 0,
    dayBuyQuantity: 0,
    dayBuyValue: 0,
    daySellQuantity: 0,
    daySellValue: 0,
  };
}

/** Nothing bought or sold in this product, carried or today: what a conversion leaves behind when it moves every unit out (takeOpenSide). */
export function isEmptied(p: Readonly<PositionRecord>): boolean {
  return p.cfBuyQuantity === 0 && p.cfSellQuantity === 0 && p.dayBuyQuantity === 0 && p.daySellQuantity === 0;
}

/**
 * The units a conversion moves, today's and carried apart, each with its cost: today's land in the
 * new product's day buckets and carried ones in its carried buckets, so the day's buy and sell
 * prices and the day's P&L (carried units from the previous close, rules/lossLimits.ts) read the
 * same across the two products before and after.
 */
export interface MovedUnits {
  day: number;
  dayValue: number;
  carried: number;
  carriedValue: number;
}

/** `n` of a bucket's `qty` units and their share of its `value`; all of them take all of it (no remainder left behind). */
const share = (value: number, qty: number, n: number): number => (n === qty ? value : n * avg(value, qty));

/**
 * Moves `quantity` of the open side of a position (longs for net > 0, shorts for net < 0) out: the
 * part a conversion takes to another product. Today's units go first, then carried ones: the rule
 * of Access and surroundings' Holdings ("converting the position to INTRADAY takes today's shares
 * first, cost and all, so the average of the shares held before does not move"), for every segment.
 *
 * - Nothing of the position closed (no unit on the other side, carried or today): each unit goes
 *   at its own bucket's cost, today's at today's average, carried ones at the carried average, and
 *   the units left keep theirs. A carried NRML 75 @ 124.70 with 75 bought today @ 64.75 converts 75
 *   to INTRADAY @ 64.75 and leaves NRML 75 @ 124.70 (it blended both to 94.725 before: F7).
 * - Partly closed (the other side traded too): by the average method the realised P&L is the
 *   matched quantity times sellPrice - buyPrice over all units, so it stays where it was earned only
 *   if the units left keep the open side's average; any other price for the units moved would
 *   move realised P&L into or out of this product. They go at that average, and both buckets left
 *   are set at it (issue 28: taking them out of each bucket at the average left an emptied bucket's
 *   difference behind, where no figure counts it).
 *
 * Either way the value moved is exactly the value that leaves, so the P&L summed over the products
 * does not change.
 */
export function takeOpenSide(p: PositionRecord, quantity: number, long: boolean): { from: PositionRecord; moved: MovedUnits } {
  const from = { ...p };
  const [dayQ, dayV, cfQ, cfV] = long ? (["dayBuyQuantity", "dayBuyValue", "cfBuyQuantity", "cfBuyValue"] as const) : (["daySellQuantity", "daySellValue", "cfSellQuantity", "cfSellValue"] as const);
  const partlyClosed = long ? p.cfSellQuantity + p.daySellQuantity > 0 : p.cfBuyQuantity + p.dayBuyQuantity > 0;
  const day = Math.min(quantity, from[dayQ]);
  const carried = quantity - day;
  if (partlyClosed) {
    const price = avg(from[cfV] + from[dayV], from[cfQ] + from[dayQ]);
    from[dayQ] -= day;
    from[cfQ] -= carried;
    from[dayV] = from[dayQ] * price;
    from[cfV] = from[cfQ] * price;
    return { from, moved: { day, dayValue: day * price, carried, carriedValue: carried * price } };
  }
  const dayValue = share(from[dayV], from[dayQ], day);
  const carriedValue = share(from[cfV], from[cfQ], carried);
  from[dayQ] -= day;
  from[dayV] = from[dayQ] === 0 ? 0 : from[dayV] - dayValue;
  from[cfQ] -= carried;
  from[cfV] = from[cfQ] === 0 ? 0 : from[cfV] - carriedValue;
  return { from, moved: { day, dayValue, carried, carriedValue } };
}
