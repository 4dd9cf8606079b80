import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { formatWait, RateLog, type RateWindow, type WindowBudget } from "../../src/core/rules/rateLimit.js";

const UNIT_WORDS = { s: "a second", min: "a minute", day: "a day" } as const;

/** A refusal: the code, its message with the time until the next slot, and that time for machines. */
export interface RateRefusal {
  ok: false;
  code: "EC970" | "EC971";
  message: string;
  retryAfterMs: number;
}

/**
 * The per-user order rate limits of ORDER_RATE_LIMIT (issue 19). Place, modify and cancel each take
 * one slot per order (cancel all takes one: it is one request to the exchange's book); a request
 * is refused whole, before anything in it is read, when its orders do not all fit. Time is the
 * wall clock, not the simulated broker clock: the limits pace real requests. The sends are
 * kept across a restart (server/market/simDay.ts), so a restart does not reset the counts.
 */
export class OrderRateLimiter {
  private readonly logs = new Map<string, RateLog>();
  /** Users whose sends changed since the last snapshot (server/market/simDay.ts keeps them across a restart). */
  private readonly changed = new Set<string>();

  constructor(
    readonly windows: readonly RateWindow[],
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.windows.length > 0;
  }

  /** Takes `n` slots for `userId`, or says when they will be free. */
  take(userId: string, n = 1): { ok: true } | RateRefusal {
    if (!this.enabled) return { ok: true };
    const now = this.now();
    const log = this.logOf(userId);
    const wait = log.waitMs(now, n);
    if (wait === Infinity) {
      const tightest = this.windows.reduce((a, b) => (b.limit < a.limit ? b : a));
      return { ok: false, code: "EC971", message: `${ERROR_CATALOGUE.EC971}: at most ${tightest.limit} in one request`, retryAfterMs: 0 };
    }
    if (wait > 0) {
      const full = log.budget(now).find((b) => b.left < n) ?? log.budget(now)[0]!;
      return {
        ok: false,
        code: "EC970",
        message: `${ERROR_CATALOGUE.EC970}: ${full.limit} orders ${UNIT_WORDS[full.unit]}; next slot in ${formatWait(wait)}`,
        retryAfterMs: Math.ceil(wait),
      };
    }
    log.record(now, n);
    this.changed.add(userId);
    return { ok: true };
  }

  /** The user's budget now and the ages of the sends it counts, so a client can pace itself. */
  budget(userId: string): { windows: WindowBudget[]; sentAgoMs: number[] } {
    const now = this.now();
    const log = this.logOf(userId);
    return { windows: log.budget(now), sentAgoMs: log.agesMs(now) };
  }

  /** The sends (wall ms) of each user whose log changed since the last call: what a snapshot writes. */
  takeChanged(): Array<[userId: string, sent: number[]]> {
    const now = this.now();
    const out = [...this.changed].map((u): [string, number[]] => [u, this.logOf(u).agesMs(now).map((age) => now - age)]);
    this.changed.clear();
    return out;
  }

  /** Carries on from sends saved before a restart: a restart must not hand out a fresh day's budget. */
  resume(userId: string, sent: readonly number[]): void {
    const now = this.now();
    this.logOf(userId).resetTo(now, sent.map((t) => now - t));
  }

  private logOf(userId: string): RateLog {
    let log = this.logs.get(userId);
    if (!log) {
      log = new RateLog(this.windows);
      this.logs.set(userId, log);
    }
    return log;
  }
}
