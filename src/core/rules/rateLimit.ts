/**
 * Order rate limits (issue 19): a user may send at most so many orders (place, modify and cancel
 * each count one) per second, per minute and per day. `ORDER_RATE_LIMIT` writes them as
 * `10/s,400/min,5000/day`; `off` turns them off. Each window slides: a send counts until one
 * window's length after it, so the next slot opens when the oldest send in a full window ages out.
 * The broker enforces these with one log per user; the client paces itself with the same log.
 */

export type RateUnit = "s" | "min" | "day";

export const RATE_UNIT_MS: Record<RateUnit, number> = { s: 1_000, min: 60_000, day: 86_400_000 };

export interface RateWindow {
  unit: RateUnit;
  limit: number;
}

export const DEFAULT_ORDER_RATE_LIMIT = "10/s,400/min,5000/day";

/** The windows of an `ORDER_RATE_LIMIT` text, `[]` for `off`; a malformed text is an Error naming the bad part. */
export function parseRateLimit(text: string): RateWindow[] | Error {
  const t = text.trim().toLowerCase();
  if (t === "off") return [];
  const windows: RateWindow[] = [];
  for (const part of t.split(",")) {
    const m = /^\s*(\d+)\s*\/\s*(s|min|day)\s*$/.exec(part);
    if (!m || Number(m[1]) < 1) return new Error(`"${part.trim()}" is not a limit like 10/s, 400/min or 5000/day`);
    const unit = m[2] as RateUnit;
    if (windows.some((w) => w.unit === unit)) return new Error(`the ${unit} window is given twice`);
    windows.push({ unit, limit: Number(m[1]) });
  }
  return windows;
}

/** What is left of one window at a moment, and when its next slot opens (0 when one is free now). */
export interface WindowBudget {
  unit: RateUnit;
  limit: number;
  left: number;
  nextSlotMs: number;
}

/** The sends of one user, oldest first, kept as long as the longest window needs them. */
export class RateLog {
  private sent: number[] = [];

  constructor(readonly windows: readonly RateWindow[]) {}

  /** Milliseconds until `n` more sends fit every window; Infinity when `n` exceeds a window's limit. */
  waitMs(now: number, n = 1): number {
    let wait = 0;
    for (const w of this.windows) {
      if (n > w.limit) return Infinity;
      const inWindow = this.sent.length - this.firstInWindow(now, w.unit);
      const over = inWindow + n - w.limit;
      if (over <= 0) continue;
      // The window frees a slot when its over-th oldest send ages out.
      const release = this.sent[this.sent.length - inWindow + over - 1]! + RATE_UNIT_MS[w.unit];
      wait = Math.max(wait, release - now);
    }
    return wait;
  }

  record(now: number, n = 1): void {
    for (let i = 0; i < n; i++) this.sent.push(now);
    this.prune(now);
  }

  /** The sends of the longest window, as ages in ms (what the broker tells a client so it can pace itself). */
  agesMs(now: number): number[] {
    this.prune(now);
    return this.sent.map((t) => now - t);
  }

  /** Replaces the log with sends `agesMs` ago (a client learning the broker's count). */
  resetTo(now: number, agesMs: readonly number[]): void {
    this.sent = agesMs.map((a) => now - a).sort((a, b) => a - b);
    this.prune(now);
  }

  budget(now: number): WindowBudget[] {
    return this.windows.map((w) => {
      const inWindow = this.sent.length - this.firstInWindow(now, w.unit);
      const left = Math.max(0, w.limit - inWindow);
      const nextSlotMs = left > 0 ? 0 : this.sent[this.sent.length - inWindow]! + RATE_UNIT_MS[w.unit] - now;
      return { unit: w.unit, limit: w.limit, left, nextSlotMs };
    });
  }

  /** Index of the first send still inside the window ending at `now` (binary search; sends are sorted). */
  private firstInWindow(now: number, unit: RateUnit): number {
    const from = now - RATE_UNIT_MS[unit];
    let lo = 0;
    let hi = this.sent.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sent[mid]! <= from) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private prune(now: number): void {
    const longest = Math.max(0, ...this.windows.map((w) => RATE_UNIT_MS[w.unit]));
    const from = now - longest;
    let i = 0;
    while (i < this.sent.length && this.sent[i]! <= from) i++;
    if (i > 0) this.sent.splice(0, i);
  }
}

/** "Next slot in 0.4 s" / "in 12 s" / "in 3 min": how long a refused sender waits. */
export function formatWait(ms: number): string {
  if (ms < 10_000) return `${(Math.ceil(ms / 100) / 10).toFixed(1)} s`;
  if (ms < 120_000) return `${Math.ceil(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.ceil(ms / 60_000)} min`;
  return `${Math.ceil(ms / 3_600_000)} h`;
}

/** A share of a window's budget below which the status bar warns (issue 19: "amber below 20 %"). */
export function budgetLow(b: WindowBudget): boolean {
  return b.left < b.limit * 0.2;
}
