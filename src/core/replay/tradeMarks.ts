import { bucketStart } from "../charts/aggregate";
import type { ChartInterval } from "../charts/intervals";
import { groupIndian } from "../format";
import { INDIA_UTC_OFFSET_MS } from "../time";

/**
 * "Replay today" (issue 35): the trader's real paper trades of the day, drawn on the chart beside
 * the trades they make in the replay, so the two runs can be compared. Pure: a trade becomes a
 * mark at the bar of the chart's interval that holds its time (the one bucketing rule of
 * core/charts/aggregate.ts), with a short label for the chart and a sentence for the list a
 * screen reader (and the e2e) reads.
 */

/** One fill, as the broker's replay calls give it (wire/replay.ts ReplayTrade). */
export interface DayTrade {
  time: number;
  exchange: string;
  token: number;
  side: "BUY" | "SELL";
  quantity: number;
  price: number;
}

/** Whose trade: the live paper account's of the day ("yours"), or the replay account's ("replay"). */
export type TradeRun = "yours" | "replay";

export interface TradeMark {
  /** The start of the bar that holds the trade, epoch ms. */
  barTime: number;
  /** The trade's own instant, epoch ms (marks are ordered by it within a bar). */
  time: number;
  run: TradeRun;
  side: "BUY" | "SELL";
  /** Buys below the bar pointing up, sells above it pointing down. */
  position: "belowBar" | "aboveBar";
  shape: "arrowUp" | "arrowDown" | "circle";
  /** On the chart: "B 10 @ 1,512.30"; the replay's own trades start "Replay ". */
  text: string;
  /** In words: "Buy 10 at 1,512.30, 10:14". */
  words: string;
}

/** HH:MM in IST of an instant. */
export function istClock(time: number): string {
  return new Date(time + INDIA_UTC_OFFSET_MS).toISOString().slice(11, 16);
}

export interface MarkChart {
  exchange: string;
  token: number;
  interval: ChartInterval;
  /** The session's open in IST minutes (MARKET_HOURS), which intraday bars are aligned to. */
  sessionOpen: number;
  decimals: number;
}

/** One trade as a mark on `chart`. */
export function tradeMark(t: DayTrade, run: TradeRun, chart: MarkChart): TradeMark {
  const buy = t.side === "BUY";
  const price = groupIndian(t.price, chart.decimals);
  const qty = groupIndian(t.quantity, 0);
  return {
    barTime: bucketStart(t.time, chart.interval, chart.sessionOpen),
    time: t.time,
    run,
    side: t.side,
    position: buy ? "belowBar" : "aboveBar",
    // The replay's own trades are circles: told apart from the day's arrows by shape, not only colour.
    shape: run === "replay" ? "circle" : buy ? "arrowUp" : "arrowDown",
    text: `${run === "replay" ? "Replay " : ""}${buy ? "B" : "S"} ${qty} @ ${price}`,
    words: `${buy ? "Buy" : "Sell"} ${qty} at ${price}, ${istClock(t.time)}`,
  };
}

/**
 * The marks of the chart's instrument only, in time order (the chart library asks for markers
 * sorted by time): the day's trades first within a bar, then the replay's.
 */
export function tradeMarks(yours: readonly DayTrade[], replay: readonly DayTrade[], chart: MarkChart): TradeMark[] {
  const mine = (t: DayTrade) => t.exchange === chart.exchange && t.token === chart.token;
  const marks = [...yours.filter(mine).map((t) => tradeMark(t, "yours", chart)), ...replay.filter(mine).map((t) => tradeMark(t, "replay", chart))];
  const order = (m: TradeMark) => (m.run === "yours" ? 0 : 1);
  return marks.sort((a, b) => a.barTime - b.barTime || order(a) - order(b) || a.time - b.time);
}

/**
 * The marks of trades the replay clock has reached (`now`, the broker's clock): a trade later than
 * it, the live day's or the replay's own after a jump back, has no bar of its own on the chart yet,
 * and the chart library pinned it to the last bar drawn, at a price that bar never traded. It shows
 * once the clock passes its time.
 */
export function marksPlayed(marks: readonly TradeMark[], now: number): TradeMark[] {
  return marks.filter((m) => m.time <= now);
}
