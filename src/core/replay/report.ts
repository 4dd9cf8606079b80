import { roundToPaisa } from "../money";

/**
 * The replay report's figures (issue 35): the P&L curve over the day, its maximum drawdown and
 * the time in market, from the replay's trades and each traded instrument's minute closes.
 *
 * - P&L at a moment: for each instrument, the cash of the trades done by then (a sell brings in
 *   quantity x price, a buy pays it, times the contract multiplier) plus the position left open
 *   marked at the last price known by then (the close of the last minute that ended by then, or
 *   the last trade's price when no minute has). Gross of charges: the report compares decisions,
 *   and the trade book shows the charges. The final figure marks an open position at the last
 *   price, when given, as the positions do: the report and the positions tell one P&L.
 * - The curve has a point at the end of every minute from `from` to `to` (and at `to`).
 * - Maximum drawdown: the largest fall of the curve from a peak before it (the day starts at a
 *   peak of 0), in rupees, 0 when the curve never falls.
 * - Time in market: how long any position was open, from the trade that opened it to the one that
 *   closed it (or to `to`), summed; two instruments open at once count once.
 * - `to` is the replay clock and nothing goes past it. A trade after `to` (a jump back leaves the
 *   run's later trades in the books) is taken as made at `to`: it is in the positions now, so the
 *   last point carries it, marked as the positions mark it, but it has held no time before the clock.
 */
export interface ReportTrade {
  /** ms since the epoch. */
  time: number;
  instrument: string;
  side: "BUY" | "SELL";
  quantity: number;
  price: number;
  multiplier?: number;
}

/** An instrument's minute closes, oldest first: `time` the minute's start. */
export type MinuteCloses = ReadonlyArray<{ time: number; close: number }>;

export interface CurvePoint {
  time: number;
  pnl: number;
}

export interface ReplayFigures {
  curve: CurvePoint[];
  finalPnl: number;
  maxDrawdown: number;
  timeInMarketMs: number;
}


export function pnlAt(trades: readonly ReportTrade[], closes: ReadonlyMap<string, MinuteCloses>, at: number, lastPrices?: ReadonlyMap<string, number>): number {
  const cash = new Map<string, number>();
  const position = new Map<string, number>();
  const lastPrice = new Map<string, number>();
  const multiplier = new Map<string, number>();
  for (const t of trades) {
    if (t.time > at) break;
    const m = t.multiplier ?? 1;
    multiplier.set(t.instrument, m);
    const signed = t.side === "BUY" ? t.quantity : -t.quantity;
    position.set(t.instrument, (position.get(t.instrument) ?? 0) + signed);
    cash.set(t.instrument, (cash.get(t.instrument) ?? 0) - signed * t.price * m);
    lastPrice.set(t.instrument, t.price);
  }
  let pnl = 0;
  for (const [inst, c] of cash) {
    const qty = position.get(inst) ?? 0;
    let mark = lastPrice.get(inst)!;
    if (qty !== 0) {
      let lastTradeAt = -Infinity;
      for (const t of trades) if (t.instrument === inst && t.time <= at) lastTradeAt = t.time;
      // The close of the last minute that ended by `at`, unless a trade came after that minute's end.
      for (const b of closes.get(inst) ?? []) if (b.time + 60_000 <= at && b.time + 60_000 >= lastTradeAt) mark = b.close;
      mark = lastPrices?.get(inst) ?? mark;
    }
    pnl += c + qty * mark * (multiplier.get(inst) ?? 1);
  }
  return roundToPaisa(pnl);
}

export function replayFigures(trades: readonly ReportTrade[], closes: ReadonlyMap<string, MinuteCloses>, from: number, to: number, lastPrices?: ReadonlyMap<string, number>): ReplayFigures {
  // A trade ahead of the clock counts at the clock (the positions hold it now), never past it.
  const sorted = trades.map((t) => (t.time > to ? { ...t, time: to } : t)).sort((a, b) => a.time - b.time);
  const curve: CurvePoint[] = [];
  for (let t = Math.floor(from / 60_000) * 60_000 + 60_000; t < to; t += 60_000) curve.push({ time: t, pnl: pnlAt(sorted, closes, t) });
  curve.push({ time: to, pnl: pnlAt(sorted, closes, to, lastPrices) });
  let peak = 0;
  let maxDrawdown = 0;
  for (const p of curve) {
    peak = Math.max(peak, p.pnl);
    maxDrawdown = Math.max(maxDrawdown, peak - p.pnl);
  }
  // Time in market: walk the trades, counting while any instrument's position is not flat.
  const open = new Map<string, number>();
  let openSince: number | null = null;
  let inMarket = 0;
  for (const t of sorted) {
    const q = (open.get(t.instrument) ?? 0) + (t.side === "BUY" ? t.quantity : -t.quantity);
    if (q === 0) open.delete(t.instrument);
    else open.set(t.instrument, q);
    if (open.size > 0 && openSince === null) openSince = t.time;
    if (open.size === 0 && openSince !== null) {
      inMarket += t.time - openSince;
      openSince = null;
    }
  }
  if (openSince !== null) inMarket += to - openSince;
  return { curve, finalPnl: curve.at(-1)!.pnl, maxDrawdown: roundToPaisa(maxDrawdown), timeInMarketMs: inMarket };
}
