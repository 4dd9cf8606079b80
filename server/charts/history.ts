import { isTradingDay, MARKET_HOURS } from "../../src/core/marketHours.js";
import { roundToTick } from "../../src/core/rules/tick.js";
import { istInstant } from "../../src/core/time.js";
import type { Bar } from "../../src/core/types/bar.js";
import { Rng } from "../market/sim/rng.js";
import type { Instrument } from "../market/types.js";

/**
 * Simulated history before the broker's first day (issue 15): the simulator only knows today,
 * so the charts host makes up the days before it, consistent with what the quote says:
 * - the last day's close is today's previous close (pClose);
 * - every price lies within the 52-week low and high, and the path of daily closes is stretched
 *   until it touches one of them, so the chart shows the range the quote names;
 * - each day opens near the close before it and runs minute by minute through its exchange's
 *   session (MARKET_HOURS), so 1, 5, 15 and 60-minute and day bars of one day agree;
 * - deterministic: one seeded stream per instrument and day (SIM_SEED), so a reload or another
 *   user sees the same history.
 */
export interface HistoryAnchor {
  /** The instrument's previous close, today's pClose. */
  pClose: number;
  weekHigh: number;
  weekLow: number;
}

/** The trading days (IST "YYYY-MM-DD") before `todayKey`, oldest first. */
export function tradingDaysBefore(todayKey: string, count: number): string[] {
  const days: string[] = [];
  let t = Date.parse(`${todayKey}T12:00:00Z`);
  while (days.length < count) {
    t -= 86_400_000;
    const d = new Date(t);
    if (isTradingDay(d)) days.push(d.toISOString().slice(0, 10));
  }
  return days.reverse();
}

interface DayPlan {
  day: string;
  open: number;
  close: number;
}

/** One year of trading days is the most any interval asks for (the 52-week range). */
export const HISTORY_DAYS_MAX = 250;

/** The daily opens and closes of the HISTORY_DAYS_MAX days before today, oldest first. */
function planDays(inst: Instrument, anchor: HistoryAnchor, todayKey: string, seed: number): DayPlan[] {
  const days = tradingDaysBefore(todayKey, HISTORY_DAYS_MAX);
  const rng = Rng.of(seed, `${inst.exchange}:${inst.token}:history:${todayKey}`);
  // Log closes relative to pClose, walked backwards from yesterday (0).
  const logs = new Array<number>(days.length).fill(0);
  for (let i = days.length - 2; i >= 0; i--) logs[i] = logs[i + 1]! - rng.normal() * 0.015;
  // Stretch the walk into 97% of the 52-week range either side of pClose, touching one side.
  const up = Math.log(Math.max(anchor.weekHigh, anchor.pClose) / anchor.pClose) * 0.97;
  const down = Math.log(Math.min(anchor.weekLow, anchor.pClose) / anchor.pClose) * 0.97;
  // A close at (or next to) one end of the range leaves the walk no room on that side: stretched as
  // it was, by the smaller room, the whole year was flat at pClose (a replayed day's narrow range,
  // NIFTY closing at its 52-week high). The walk is reflected to the side with the room instead.
  const side = Math.min(up, -down) < 0.1 * Math.max(up, -down) ? (up > -down ? 1 : -1) : 0;
  if (side !== 0) for (let i = 0; i < logs.length; i++) logs[i] = side * Math.abs(logs[i]!);
  const hi = Math.max(...logs);
  const lo = Math.min(...logs);
  const scale = Math.min(hi > 0 ? up / hi : Infinity, lo < 0 ? down / lo : Infinity);
  const k = Number.isFinite(scale) ? scale : 0;
  const closes = logs.map((l) => anchor.pClose * Math.exp(l * k));
  closes[closes.length - 1] = anchor.pClose;
  return days.map((day, i) => {
    const before = i > 0 ? closes[i - 1]! : closes[0]!;
    return { day, open: before * (1 + rng.normal() * 0.003), close: closes[i]! };
  });
}

/**
 * One past day's one-minute bars: a random bridge from the day's open to its close through the
 * exchange's session, on the tick grid, inside the 52-week range, with volume (none for an index).
 */
function dayMinutes(inst: Instrument, plan: DayPlan, anchor: HistoryAnchor, seed: number): Bar[] {
  const hours = MARKET_HOURS[inst.exchange];
  const n = hours.close - hours.open;
  const rng = Rng.of(seed, `${inst.exchange}:${inst.token}:day:${plan.day}`);
  const walk = [0];
  const sigma = 0.015 / Math.sqrt(n);
  for (let i = 1; i <= n; i++) walk.push(walk[i - 1]! + rng.normal() * sigma);
  const end = walk[n]!;
  const tick = inst.tickSize;
  const lo = Math.min(anchor.weekLow, anchor.pClose);
  const hi = Math.max(anchor.weekHigh, anchor.pClose);
  const clamp = (p: number) => Math.min(hi, Math.max(lo, roundToTick(p, tick) || tick));
  // The bridge: the walk less its straight line to the end, laid over the straight line from the
  // open to the close (both inside the range), folded back inside the range where it would leave
  // it. It was shrunk as a whole by its tightest point, so a day opening at the range's edge had no
  // room anywhere and was drawn as a straight line without wicks.
  const first = clamp(plan.open);
  const last = clamp(plan.close);
  const line = (i: number) => first + ((last - first) * i) / n;
  const dev = (i: number) => (walk[i]! - (end * i) / n) * first;
  const fold = (p: number) => (p > hi ? Math.max(lo, 2 * hi - p) : p < lo ? Math.min(hi, 2 * lo - p) : p);
  const price = (i: number) => clamp(fold(line(i) + 0.9 * dev(i)));
  const start = istInstant(plan.day, hours.open).getTime();
  const bars: Bar[] = [];
  let open = first;
  for (let i = 0; i < n; i++) {
    const close = i === n - 1 ? last : price(i + 1);
    const wick = Math.abs(rng.normal()) * sigma * first * 0.5;
    // The simulator trades about once a second, each trade 1 to 20 lots (1 to 500 shares): a minute of that.
    const volume = inst.isIndex ? 0 : inst.lotSize * rng.int(1, inst.lotSize > 1 ? 20 : 500) * 60;
    bars.push({ time: start + i * 60_000, open, high: clamp(Math.max(open, close) + wick), low: clamp(Math.min(open, close) - wick), close, volume });
    open = close;
  }
  return bars;
}

/** The one-minute bars of the last `days` trading days before `todayKey`, oldest first. */
export function historyMinutes(inst: Instrument, anchor: HistoryAnchor, todayKey: string, days: number, seed: number): Bar[] {
  const plans = planDays(inst, anchor, todayKey, seed).slice(-Math.min(days, HISTORY_DAYS_MAX));
  return plans.flatMap((p) => dayMinutes(inst, p, anchor, seed));
}
