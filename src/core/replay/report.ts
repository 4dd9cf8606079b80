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
 *   peak of 0), in rupees, 0 when the curve never falls; after a jump back, see below.
 * - Time in market: how long any position was open, from the trade that opened it to the one that
 *   closed it (or to `to`), summed; two instruments open at once count once.
 * - `to` is the replay clock and nothing goes past it.
 * - Jumps back (Tape's decision, the spec is silent): the report is worked over the time actually
 *   played, in the order it was played: a jump back ends a stretch and starts another at the time
 *   jumped to, with the books as they stood, so a position held through the jump counts its time in
 *   market and its P&L on the curve over the replayed minutes again (the trader lives through them
 *   again holding it), and the session is the time played. A jump forward passes the market as fast
 *   play does (no order can be placed while it moves), so it breaks nothing. A trade of an earlier
 *   stretch later than the new stretch's start (a jump back leaves the run's later trades in the
 *   books) is taken as made at that start: it is in the positions from then on. Without a jump back,
 *   a trade after `to` is likewise taken as made at `to`.
 *   Every figure follows that one rule, the replay as the trader lived it (Tape's decision, issue 35; a
 *   tester read "7 h 14 min of 7 h 15 min" as a day of 6 h 15 min counted twice, and the curve ran on
 *   across the jump with nothing to show it):
 *   - Time in market is the time a position was open in the time played, so never more than it; the
 *     report says "of … played", not of the day.
 *   - The curve is a break at a jump back, not a line back over the earlier minutes: it has a point at
 *     the time jumped to (the P&L as the jump left the trader, the books marked at that time's prices),
 *     at the same time played as the point the jump left (a jump takes no time), marked with the time it
 *     jumped from (`jumpedFrom`), so the chart draws each stretch as a line of its own with a mark where it
 *     starts again.
 *   - The maximum drawdown is the largest fall of the curve while the replay played, each stretch from its
 *     own start: a jump back's own change (an open position marked again at the earlier time's price)
 *     is neither a fall nor a peak, as no market move the trader lived through made it. A trade's cash is
 *     carried, so a profit banked before the jump is still the level a loss after it falls from.
 *   Counting each instant of the day once was not taken: two stretches over 10:00 hold different books,
 *   and one curve over the day could not show both, nor end on the positions' P&L.
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
  /** The replay clock's time of the point: after a jump back, times repeat. */
  time: number;
  pnl: number;
  /** The time played up to the point (ms from the replay's start, jumps back counted again): never falls; a jump back's landing stands at its jump's. */
  playedMs: number;
  /** On the first point after a jump back (its landing, `time` the time jumped to): the clock's time the jump left. */
  jumpedFrom?: number;
}

export interface ReplayFigures {
  curve: CurvePoint[];
  finalPnl: number;
  maxDrawdown: number;
  timeInMarketMs: number;
  /** The time played, from the replay's start to the clock, each stretch a jump back began counted. */
  sessionMs: number;
}

/**
 * A jump of the replay clock, from the time it stood at to the time it went to, made after the first
 * `tradesBefore` of the report's trades (in the order they were made).
 */
export interface ClockJump {
  from: number;
  to: number;
  tradesBefore: number;
}

/** A stretch of the time played: from `start` to `end` of the clock, and the trades made in it (in the order made). */
interface Stretch {
  start: number;
  end: number;
  trades: ReportTrade[];
}

/** The stretches played: a jump back starts a new one; a jump forward carries the stretch on. */
function stretchesOf(trades: readonly ReportTrade[], from: number, to: number, jumps: readonly ClockJump[]): Stretch[] {
  const out: Stretch[] = [];
  let start = from;
  let taken = 0;
  for (const j of jumps) {
    if (j.to >= j.from) continue;
    const until = Math.min(Math.max(j.tradesBefore, taken), trades.length);
    out.push({ start, end: Math.max(j.from, start), trades: trades.slice(taken, until) });
    taken = until;
    start = j.to;
  }
  out.push({ start, end: Math.max(to, start), trades: trades.slice(taken) });
  return out;
}

const byTime = (a: ReportTrade, b: ReportTrade): number => a.time - b.time;


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

/**
 * `trades` in the order they were made (the trade book's order), `from` the replay's start, `to` the
 * clock, `jumps` the run's jumps in the order made (none: the day played straight through).
 */
export function replayFigures(
  trades: readonly ReportTrade[],
  closes: ReadonlyMap<string, MinuteCloses>,
  from: number,
  to: number,
  lastPrices?: ReadonlyMap<string, number>,
  jumps: readonly ClockJump[] = [],
): ReplayFigures {
  const stretches = stretchesOf(trades, from, to, jumps);
  const curve: CurvePoint[] = [];
  /** The trades of the stretches before, as the books hold them at the current stretch's start. */
  let before: ReportTrade[] = [];
  let played = 0;
  let inMarket = 0;
  let maxDrawdown = 0;
  stretches.forEach((s, i) => {
    const last = i === stretches.length - 1;
    const marks = last ? lastPrices : undefined;
    // A trade ahead of the stretch's start, or of its end, counts at that time (the positions hold it then), never past it.
    const carried = before.map((t) => (t.time > s.start ? { ...t, time: s.start } : t));
    const own = s.trades.map((t) => ({ ...t, time: Math.min(Math.max(t.time, s.start), s.end) })).sort(byTime);
    const books = [...carried, ...own].sort(byTime);
    const points: CurvePoint[] = [];
    // A jump back's landing: where the stretch starts again, at the time played the jump left (it took none).
    if (i > 0) points.push({ time: s.start, pnl: pnlAt(books, closes, s.start, s.end === s.start ? marks : undefined), playedMs: played, jumpedFrom: stretches[i - 1]!.end });
    for (let t = Math.floor(s.start / 60_000) * 60_000 + 60_000; t < s.end; t += 60_000) points.push({ time: t, pnl: pnlAt(books, closes, t), playedMs: played + t - s.start });
    if (i === 0 || s.end > s.start) points.push({ time: s.end, pnl: pnlAt(books, closes, s.end, marks), playedMs: played + s.end - s.start });
    // Falls within the stretch, from its own start: the day's at 0, a landing's at its P&L (the jump's own change is no fall).
    let peak = i === 0 ? 0 : points[0]!.pnl;
    for (const p of points) {
      peak = Math.max(peak, p.pnl);
      maxDrawdown = Math.max(maxDrawdown, peak - p.pnl);
    }
    curve.push(...points);
    inMarket += timeInMarket(carried, own, s.start, s.end);
    played += s.end - s.start;
    before = books;
  });
  return { curve, finalPnl: curve.at(-1)!.pnl, maxDrawdown: roundToPaisa(maxDrawdown), timeInMarketMs: inMarket, sessionMs: played };
}

/** How long, from `start` to `end`, any position was open: the books' positions at the start (`carried`), then the stretch's trades, oldest first. */
function timeInMarket(carried: readonly ReportTrade[], own: readonly ReportTrade[], start: number, end: number): number {
  const open = new Map<string, number>();
  const add = (t: ReportTrade) => {
    const q = (open.get(t.instrument) ?? 0) + (t.side === "BUY" ? t.quantity : -t.quantity);
    if (q === 0) open.delete(t.instrument);
    else open.set(t.instrument, q);
  };
  // Walk the trades, counting while any instrument's position is not flat.
  let openSince: number | null = null;
  let inMarket = 0;
  for (const t of carried) add(t);
  if (open.size > 0) openSince = start;
  for (const t of own) {
    add(t);
    if (open.size > 0 && openSince === null) openSince = t.time;
    if (open.size === 0 && openSince !== null) {
      inMarket += t.time - openSince;
      openSince = null;
    }
  }
  if (openSince !== null) inMarket += end - openSince;
  return inMarket;
}
