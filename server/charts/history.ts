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
 * - every price lies within the 52-week low and high, and the year reaches each of them on one day
 *   (two where the tick rounds onto it): the daily closes are stretched into 97 % of the room on
 *   each side of pClose, and the highest close's day has its high at the 52-week high, the
 *   lowest's its low at the 52-week low, so the chart shows the range the quote names and no
 *   other day's wick is cut flat at it (a narrow range made a floor of wicks at one price);
 * - a day moves on the scale of the closes around it: the intraday walk shrinks with the stretch,
 *   so a narrow range gets calm days rather than days folded against its ends;
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
  /** The day's volatility (log, open to close), the walk's 1.5 % shrunk as the closes were. */
  sigma: number;
  /** The day of the year's highest close reaches the 52-week high; of its lowest, the low. */
  touchesHigh: boolean;
  touchesLow: boolean;
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
  // Each side stretched on its own, so the closes come near both ends (one scale left the far side short).
  const kUp = hi > 0 ? up / hi : 0;
  const kDown = lo < 0 ? down / lo : 0;
  const closes = logs.map((l) => anchor.pClose * Math.exp(l * (l > 0 ? kUp : kDown)));
  closes[closes.length - 1] = anchor.pClose;
  const highest = closes.indexOf(Math.max(...closes));
  const lowest = closes.indexOf(Math.min(...closes));
  return days.map((day, i) => {
    const before = i > 0 ? closes[i - 1]! : closes[0]!;
    // The day moves on the scale of the closes on its side of pClose.
    const sigma = 0.015 * Math.min(1, logs[i]! > 0 ? kUp : kDown || kUp);
    return { day, open: before * (1 + rng.normal() * sigma * 0.2), close: closes[i]!, sigma, touchesHigh: i === highest, touchesLow: i === lowest };
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
  const sigma = plan.sigma / Math.sqrt(n);
  for (let i = 1; i <= n; i++) walk.push(walk[i - 1]! + rng.normal() * sigma);
  const end = walk[n]!;
  const tick = inst.tickSize;
  const lo = Math.min(anchor.weekLow, anchor.pClose);
  const hi = Math.max(anchor.weekHigh, anchor.pClose);
  // Only the touching days reach an end of the range: the others stay a tick inside it (where it is wide enough).
  const inLo = !plan.touchesLow && hi - lo > 4 * tick ? lo + tick : lo;
  const inHi = !plan.touchesHigh && hi - lo > 4 * tick ? hi - tick : hi;
  const clamp = (p: number) => Math.min(inHi, Math.max(inLo, roundToTick(p, tick) || tick));
  // The bridge: the walk less its straight line to the end, laid over the straight line from the
  // open to the close (both inside the range). Its swing away from the line is squashed smoothly
  // into the room left on that side (tanh: near the line it is the walk, near the end it slows and
  // never gets there). Folding it back at the ends pressed a narrow range's days against them, a
  // floor of wicks at one price; shrinking it as a whole by its tightest point drew a day opening
  // at the edge as a straight line without wicks.
  const first = clamp(plan.open);
  const last = clamp(plan.close);
  const line = (i: number) => first + ((last - first) * i) / n;
  const dev = (i: number) => (walk[i]! - (end * i) / n) * first * 0.9;
  const squash = (d: number, room: number) => (room > 0 ? room * Math.tanh(d / room) : 0);
  const price = (i: number) => {
    const l = line(i);
    const d = dev(i);
    return clamp(l + (d > 0 ? squash(d, inHi - l) : -squash(-d, l - inLo)));
  };
  const start = istInstant(plan.day, hours.open).getTime();
  const bars: Bar[] = [];
  let open = first;
  for (let i = 0; i < n; i++) {
    const close = i === n - 1 ? last : price(i + 1);
    const wick = Math.abs(rng.normal()) * sigma * first * 0.5;
    // The simulator trades about once a second, each trade 1 to 20 lots (1 to 500 shares): a minute of that.
    const volume = inst.isIndex ? 0 : inst.lotSize * rng.int(1, inst.lotSize > 1 ? 20 : 500) * 60;
    // A wick is squashed into the room as the swing is.
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    const high = clamp(top + squash(wick, inHi - top));
    const low = clamp(bottom - squash(wick, bottom - inLo));
    bars.push({ time: start + i * 60_000, open, high, low, close, volume });
    open = close;
  }
  // The year's highest close's day trades the 52-week high at its own highest minute; the lowest close's, the low.
  if (plan.touchesHigh) bars.reduce((a, b) => (b.high > a.high ? b : a)).high = hi;
  if (plan.touchesLow) bars.reduce((a, b) => (b.low < a.low ? b : a)).low = lo;
  return bars;
}

/** The one-minute bars of the last `days` trading days before `todayKey`, oldest first. */
export function historyMinutes(inst: Instrument, anchor: HistoryAnchor, todayKey: string, days: number, seed: number): Bar[] {
  const plans = planDays(inst, anchor, todayKey, seed).slice(-Math.min(days, HISTORY_DAYS_MAX));
  return plans.flatMap((p) => dayMinutes(inst, p, anchor, seed));
}
