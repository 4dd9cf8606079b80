import { roundToPaisa } from "../money";
import { buildUp, type BuildUp } from "./chainAnalytics";

/**
 * OI build-up over the last minutes (issue 31: "OI build-up per strike over the last 5, 15 and 30
 * minutes ... from price change and OI change"), pure, from a contract's per-minute history as
 * the broker keeps it (GET /core/v2/oi-history).
 */
export const OI_WINDOWS = [5, 15, 30] as const;

/** The open interest and last price standing at the end of the minute starting `time` (epoch ms). */
export interface OiMinute {
  time: number;
  oi: number;
  ltp: number;
}

export interface OiWindow {
  minutes: number;
  oiChange: number;
  priceChange: number;
  buildUp: BuildUp;
}

/**
 * The change over the last `minutes`: now's figures less those standing at the end of the minute
 * `minutes` before now's minute (the latest entry at or before it). When the history starts after
 * that minute, its first entry stands in: the broker records a contract's opening figures when it
 * first prices it, and nothing moved them before that.
 */
export function oiWindow(history: readonly OiMinute[], now: { time: number; oi: number; ltp: number }, minutes: number): OiWindow {
  const target = Math.floor(now.time / 60_000) * 60_000 - minutes * 60_000;
  let past: OiMinute | undefined;
  for (const m of history) {
    if (m.time <= target) past = m;
    else break;
  }
  past ??= history[0];
  const oiChange = past ? now.oi - past.oi : 0;
  const priceChange = past ? roundToPaisa(now.ltp - past.ltp) : 0;
  return { minutes, oiChange, priceChange, buildUp: buildUp(priceChange, oiChange) };
}

export function oiWindows(history: readonly OiMinute[], now: { time: number; oi: number; ltp: number }, windows: readonly number[] = OI_WINDOWS): OiWindow[] {
  return windows.map((m) => oiWindow(history, now, m));
}
