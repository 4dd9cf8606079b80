import { formatDateTime } from "../format";
import type { KillSwitchRow, LimitsRow } from "../wire/risk";
import { SEGMENT_NAMES } from "./killSwitch";
import { tripFigure } from "./lossLimits";

/**
 * A GTT placed (or modified) while the kill switch of its segment is on: the broker takes it (a GTT
 * is no order; server/gtt has no gate), but the order its trigger places goes through the order gate
 * (server/risk/desk.ts), which refuses it, and the GTT ends Failed (server/gtt/engine.ts place). It
 * was accepted without a word; the form and its toast now say so. One rule, whoever turned it on:
 * - the trader (reason "user"): refused with EC710 until the switch's end;
 * - a tripped daily loss limit (it turns every segment's switch on until midnight IST, reason "loss
 *   limit"): refused with EC712 for the rest of the day; said with the trip's figures.
 * The switch's reason says which: a tripped limit takes a switch over unless the trader's ran later
 * (killSwitch.ts extendTo). The GTT itself is not refused: it can trigger once the switch has lifted.
 * `today` is the broker's IST day, `now` its clock (ms).
 */
export function gttKillSwitchWarning(
  sw: Pick<KillSwitchRow, "segment" | "until" | "reason"> | undefined,
  limits: Pick<LimitsRow, "tripped" | "day" | "dayPnl" | "headroom"> | undefined,
  today: string,
  now: number,
): string | undefined {
  const until = sw?.until ? Date.parse(sw.until) : NaN;
  const on = sw !== undefined && now < until;
  const tail = (when: string, after: string) => `: an order this GTT triggers ${when} will be refused and the GTT will end Failed; it can still trigger ${after}`;
  if (on && sw.reason === "user") return `The ${SEGMENT_NAMES[sw.segment]} kill switch is on until ${formatDateTime(until).slice(0, 16)} IST${tail("before then", "after")}`;
  const tripped = limits !== undefined && limits.tripped !== "" && limits.day === today;
  if (!tripped && !(on && sw.reason === "loss limit")) return undefined;
  return `The day's loss limit has tripped${tripped ? tripFigureOf(limits) : ""}${tail("today", "on a later day")}`;
}

/** The trip's figures as the status bar's title and the order window's EC712 say them: " (Maximum loss: ₹300.00 of ₹200.00)". */
function tripFigureOf(row: Pick<LimitsRow, "tripped" | "dayPnl" | "headroom">): string {
  const name = row.tripped;
  if (name === "") return "";
  const used = (n: string) => row.headroom.find((h) => h.name === n)?.used ?? 0;
  const limit = row.headroom.find((h) => h.name === name)?.limit;
  return limit ? ` (${tripFigure(name, limit, { pnl: row.dayPnl, orders: used("orders"), positionValue: used("positionValue") })})` : "";
}
