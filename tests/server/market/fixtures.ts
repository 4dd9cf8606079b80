import type { Clock } from "../../../server/clock.js";
import { istDateKey } from "../../../src/core/time.js";
import { buildMaster, type InstrumentMaster } from "../../../server/market/instruments/master.js";

/** A clock that stands where the test puts it. */
export function manualClock(iso: string): Clock & { set(iso: string): void; advance(ms: number): void } {
  let t = Date.parse(iso);
  return { mode: "fixed", now: () => new Date(t), set: (x) => (t = Date.parse(x)), advance: (ms) => (t += ms) };
}

/** Monday 23 Nov 2026, 10:00 IST: every segment open. */
export const OPEN = "2026-11-23T04:30:00Z";
/** Same Monday, 20:00 IST: equity closed, MCX open. */
export const EVENING = "2026-11-23T14:30:00Z";

const cache = new Map<string, InstrumentMaster>();
export function masterAt(iso: string): InstrumentMaster {
  const now = new Date(iso);
  const day = istDateKey(now);
  let m = cache.get(day);
  if (!m) cache.set(day, (m = buildMaster(day, now)));
  return m;
}
