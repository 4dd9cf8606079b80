import type { LimitsRow } from "../wire/risk";
import { tripFigure } from "./lossLimits";

/**
 * A GTT placed (or modified) after the day's loss limit has tripped: the broker takes it, but every
 * segment's kill switch is on until midnight IST, so an order it triggers today is refused (EC712)
 * and the GTT ends Failed. It was accepted without a word; the form and its toast now say so. The
 * GTT itself is not refused: it can trigger on a later day, when the limits start afresh.
 */
export function gttTrippedWarning(row: Pick<LimitsRow, "tripped" | "day" | "dayPnl" | "headroom"> | undefined, today: string): string | undefined {
  if (!row || row.tripped === "" || row.day !== today) return undefined;
  const name = row.tripped;
  const used = (n: string) => row.headroom.find((h) => h.name === n)?.used ?? 0;
  const limit = row.headroom.find((h) => h.name === name)?.limit;
  // The trip's figures as the status bar's title and the order window's EC712 say them.
  const figure = limit ? ` (${tripFigure(name, limit, { pnl: row.dayPnl, orders: used("orders"), positionValue: used("positionValue") })})` : "";
  return `The day's loss limit has tripped${figure}: an order this GTT triggers today will be refused and the GTT will end Failed; it can still trigger on a later day`;
}
