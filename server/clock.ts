import { isSessionOpen, isTradingDay, MARKET_HOURS } from "../src/core/marketHours.js";
import { atIst, istDateKey, istMinutesOfDay } from "../src/core/time.js";

/**
 * The paper broker's own clock (DESIGN.md section 4). It runs at real speed from a chosen
 * start, so a user can practise at any hour and a test can pick open market, pre-open or close.
 */
export interface Clock {
  now(): Date;
  /** How the start was chosen, for the start-up banner and the status bar. */
  readonly mode: "real" | "fixed" | "next-open" | "replay";
}


/** 10:00 IST on the next trading day at or after `d` when `d` is outside the equity session. */
export function defaultStart(real: Date): Date {
  if (isSessionOpen("NSEEQ", real)) return real;
  // Before the open of a trading day: 10:00 today. Otherwise: 10:00 of the next trading day.
  const beforeOpen = isTradingDay(real) && istMinutesOfDay(real) < MARKET_HOURS.NSEEQ.open;
  let day = beforeOpen ? real : new Date(real.getTime() + 86_400_000);
  while (!isTradingDay(day)) day = new Date(day.getTime() + 86_400_000);
  return atIst(day, 10, 0);
}

/**
 * `resumeFrom`: the broker clock at the last snapshot of the simulated day (server/market/simDay.ts).
 * A default start on that same trading date carries on from it rather than going back to 10:00,
 * so a restart neither rewinds the day's times nor repeats its minutes (issue 29). A SIM_TIME
 * given on purpose is kept as given.
 */
export function createClock(simTime: string | undefined, realNow: () => number = Date.now, resumeFrom?: number): Clock {
  if (simTime === "real") return { now: () => new Date(realNow()), mode: "real" };
  const startedAt = realNow();
  let start = simTime ? Date.parse(simTime) : defaultStart(new Date(startedAt)).getTime();
  if (!simTime && resumeFrom !== undefined && resumeFrom > start && istDateKey(new Date(resumeFrom)) === istDateKey(new Date(start))) start = resumeFrom;
  if (Number.isNaN(start)) throw new Error(`SIM_TIME must be an ISO timestamp or "real", not "${simTime}"`);
  const offset = start - startedAt;
  return { now: () => new Date(realNow() + offset), mode: simTime ? "fixed" : "next-open" };
}
