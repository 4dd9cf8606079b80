import { istDateKey } from "../time";
import type { Bar } from "../types/bar";

/**
 * A chart's last candle grows from the feed (issue 15), but the feed does not send a trade's
 * quantity: its volume is the day's traded quantity so far. The quantity of a tick is what that
 * total grew by since the volume the chart already holds. The charts host's bars of a day sum to
 * the day's volume when they were answered (each minute adds what the day's total grew by in it:
 * server/market/sim/market.ts, server/replay/market.ts), so the chart starts counting from that sum.
 *
 * Started from nothing (the first tick's total only remembered), the first tick after the bars
 * were answered added 0, and with it everything traded between the answer and that tick: after a
 * replay's jump, whose bars are loaded again, the next bar's volume stayed short of the broker's
 * candle until a reload. Ticks sent while the jump was played can come after the reloaded bars;
 * their totals are below the sum, and they add nothing (a stale total never lowers the count, or
 * the next tick would count the span again).
 */
export interface CountedVolume {
  /** The IST trading day ("YYYY-MM-DD") counted. */
  day: string;
  /** The day's volume the chart holds. */
  volume: number;
}

/** What the bars hold of the day of their last bar: that day, and its bars' volumes summed. Undefined for no bars. */
export function countedInBars(bars: readonly Bar[]): CountedVolume | undefined {
  const last = bars[bars.length - 1];
  if (!last) return undefined;
  const day = istDateKey(new Date(last.time));
  let volume = 0;
  for (let i = bars.length - 1; i >= 0 && istDateKey(new Date(bars[i]!.time)) === day; i--) volume += bars[i]!.volume;
  return { day, volume };
}

/**
 * A tick's own quantity, and the count after it: what the day's total grew by since the count;
 * nothing for a total at or below it (a repeated or stale frame), nor for a tick of a day before
 * the one counted. A tick of a later day (a new session, or no bars at all) counts from 0.
 */
export function tradedQuantity(counted: CountedVolume | undefined, tick: { time: number; dayVolume: number }): { quantity: number; counted: CountedVolume } {
  const day = istDateKey(new Date(tick.time));
  if (!counted || day > counted.day) return { quantity: Math.max(0, tick.dayVolume), counted: { day, volume: Math.max(0, tick.dayVolume) } };
  if (day < counted.day || tick.dayVolume <= counted.volume) return { quantity: 0, counted };
  return { quantity: tick.dayVolume - counted.volume, counted: { day, volume: tick.dayVolume } };
}
