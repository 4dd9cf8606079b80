/**
 * The paper broker's own clock (DESIGN.md section 4). It runs at real speed from a chosen
 * start, so a user can practise at any hour and a test can pick open market, pre-open or close.
 */
export interface Clock {
  now(): Date;
  /** How the start was chosen, for the start-up banner and the status bar. */
  readonly mode: "real" | "fixed" | "next-open";
}

const IST_OFFSET_MS = 330 * 60_000;
const OPEN_MIN = 9 * 60 + 15;
const CLOSE_MIN = 15 * 60 + 30;

/** Minutes since midnight IST and the IST weekday (0 Sunday) of an instant. */
export function istParts(d: Date): { minutes: number; weekday: number; dateKey: string } {
  const ist = new Date(d.getTime() + IST_OFFSET_MS);
  return {
    minutes: ist.getUTCHours() * 60 + ist.getUTCMinutes() + ist.getUTCSeconds() / 60,
    weekday: ist.getUTCDay(),
    dateKey: ist.toISOString().slice(0, 10),
  };
}

/** Weekends are closed; exchange holidays are not modelled (the simulator trades every weekday). */
export function isTradingDay(d: Date): boolean {
  const { weekday } = istParts(d);
  return weekday >= 1 && weekday <= 5;
}

/** An instant at hh:mm IST on the IST calendar day of `d`. */
export function atIst(d: Date, hh: number, mm: number): Date {
  const { dateKey } = istParts(d);
  return new Date(Date.parse(`${dateKey}T00:00:00Z`) - IST_OFFSET_MS + (hh * 60 + mm) * 60_000);
}

/** 10:00 IST on the next trading day at or after `d` when `d` is outside the equity session. */
export function defaultStart(real: Date): Date {
  const { minutes } = istParts(real);
  const trading = isTradingDay(real);
  if (trading && minutes >= OPEN_MIN && minutes < CLOSE_MIN) return real;
  // Before the open of a trading day: 10:00 today. Otherwise: 10:00 of the next trading day.
  let day = trading && minutes < OPEN_MIN ? real : new Date(real.getTime() + 86_400_000);
  while (!isTradingDay(day)) day = new Date(day.getTime() + 86_400_000);
  return atIst(day, 10, 0);
}

export function createClock(simTime: string | undefined, realNow: () => number = Date.now): Clock {
  if (simTime === "real") return { now: () => new Date(realNow()), mode: "real" };
  const startedAt = realNow();
  const start = simTime ? Date.parse(simTime) : defaultStart(new Date(startedAt)).getTime();
  if (Number.isNaN(start)) throw new Error(`SIM_TIME must be an ISO timestamp or "real", not "${simTime}"`);
  const offset = start - startedAt;
  return { now: () => new Date(realNow() + offset), mode: simTime ? "fixed" : "next-open" };
}
