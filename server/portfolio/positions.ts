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

/**
 * Moves `quantity` of the open side of a position (longs for net > 0, shorts for net < 0) out at
 * that side's average price: the part a conversion takes to another product. The units left keep
 * that average (the average method), carried and today's alike, so the realised P&L of the
 * matched part stays where it was earned and the P&L of the units moved goes with them. (Taking
 * units out of each bucket at the average instead left an emptied bucket's difference behind,
 * where no figure counts it: issue 28.)
 */
/** Nothing bought or sold in this product, carried or today: what a conversion leaves behind when it moves every unit out (takeOpenSide). */
export function isEmptied(p: Readonly<PositionRecord>): boolean {
  return p.cfBuyQuantity === 0 && p.cfSellQuantity === 0 && p.dayBuyQuantity === 0 && p.daySellQuantity === 0;
}

export function takeOpenSide(p: PositionRecord, quantity: number, long: boolean): { from: PositionRecord; price: number } {
  const from = { ...p };
  if (long) {
    const price = avg(from.cfBuyValue + from.dayBuyValue, from.cfBuyQuantity + from.dayBuyQuantity);
    const fromDay = Math.min(quantity, from.dayBuyQuantity);
    from.dayBuyQuantity -= fromDay;
    from.cfBuyQuantity -= quantity - fromDay;
    from.dayBuyValue = from.dayBuyQuantity * price;
    from.cfBuyValue = from.cfBuyQuantity * price;
    return { from, price };
  }
  const price = avg(from.cfSellValue + from.daySellValue, from.cfSellQuantity + from.daySellQuantity);
  const fromDay = Math.min(quantity, from.daySellQuantity);
  from.daySellQuantity -= fromDay;
  from.cfSellQuantity -= quantity - fromDay;
  from.daySellValue = from.daySellQuantity * price;
  from.cfSellValue = from.cfSellQuantity * price;
  return { from, price };
}
