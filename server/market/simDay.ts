import type { BrokerContext } from "../context.js";
import type { Db } from "../db.js";
import type { OrderRateLimiter } from "../orders/rateLimit.js";
import type { Bar } from "../../src/core/types/bar.js";
import { istDateKey } from "../../src/core/time.js";
import type { DayState, SavedDay, SimMarket } from "./sim/market.js";

/**
 * The simulated day kept across a restart (issue 29: a restart reset the day's open, high, low,
 * volume, OI and last prices mid-session, and the order-rate counts with them). A snapshot of what
 * changed is written every few seconds and at shutdown, in one transaction; a broker that starts
 * on the same trading date carries on from it. A crash loses at most the last interval's moves:
 * the figures then carry on from a few seconds earlier, never from the morning.
 */
export const SNAPSHOT_MS = 5_000;

type RngState = [number, number | null];

/** The broker clock the last snapshot was taken at (ms), if any: a default-start clock carries on from it (server/clock.ts). */
export function savedSimTime(db: Db): number | undefined {
  const row = db.prepare("SELECT sim_time FROM sim_day WHERE id = 1").get() as { sim_time: string } | undefined;
  const t = row ? Date.parse(row.sim_time) : Number.NaN;
  return Number.isFinite(t) ? t : undefined;
}

/** Today's saved day, or undefined when the last snapshot was of another trading date (then a new day starts). */
export function loadSavedDay(db: Db, today: string): SavedDay | undefined {
  const head = db.prepare("SELECT day, market_rng FROM sim_day WHERE id = 1").get() as { day: string; market_rng: string } | undefined;
  if (!head || head.day !== today) return undefined;
  const bars = new Map<string, Bar[]>();
  const barRows = db.prepare("SELECT instrument, minute, open, high, low, close, volume FROM sim_bars ORDER BY instrument, minute").all() as Array<{
    instrument: string; minute: number; open: number; high: number; low: number; close: number; volume: number;
  }>;
  for (const r of barRows) {
    let list = bars.get(r.instrument);
    if (!list) bars.set(r.instrument, (list = []));
    list.push({ time: r.minute, open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume });
  }
  const instruments = new Map<string, { state: DayState; bars: Bar[] }>();
  for (const r of db.prepare("SELECT instrument, state FROM sim_instruments WHERE day = ?").all(today) as Array<{ instrument: string; state: string }>) {
    instruments.set(r.instrument, { state: JSON.parse(r.state) as DayState, bars: bars.get(r.instrument) ?? [] });
  }
  return { marketRng: JSON.parse(head.market_rng) as RngState, instruments };
}

/** The order-rate sends saved before a restart, given back to the limiter. */
export function resumeRateSends(db: Db, limiter: OrderRateLimiter): void {
  for (const r of db.prepare("SELECT user_id, sent FROM order_rate_sends").all() as Array<{ user_id: string; sent: string }>) {
    limiter.resume(r.user_id, JSON.parse(r.sent) as number[]);
  }
}

/** Writes one snapshot: the clock, the market stream, every changed instrument with its new bars, every changed rate log. */
export function writeSnapshot(db: Db, now: Date, market: SimMarket, limiter: OrderRateLimiter): void {
  const today = istDateKey(now);
  const { marketRng, changed } = market.dayChanges();
  const sends = limiter.takeChanged();
  const head = db.prepare("SELECT day FROM sim_day WHERE id = 1").get() as { day: string } | undefined;
  const upsertInstrument = db.prepare("INSERT OR REPLACE INTO sim_instruments (instrument, day, state) VALUES (?, ?, ?)");
  const upsertBar = db.prepare("INSERT OR REPLACE INTO sim_bars (instrument, minute, open, high, low, close, volume) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const upsertSends = db.prepare("INSERT OR REPLACE INTO order_rate_sends (user_id, sent) VALUES (?, ?)");
  db.transaction(() => {
    // A new trading date: yesterday's figures are not carried on (a restart then starts the day afresh).
    if (head && head.day !== today) {
      db.prepare("DELETE FROM sim_instruments WHERE day <> ?").run(today);
      db.prepare("DELETE FROM sim_bars").run();
    }
    db.prepare("INSERT OR REPLACE INTO sim_day (id, day, sim_time, market_rng) VALUES (1, ?, ?, ?)").run(today, now.toISOString(), JSON.stringify(marketRng));
    for (const c of changed) {
      if (c.state.day !== today) continue;
      upsertInstrument.run(c.key, c.state.day, JSON.stringify(c.state));
      for (const b of c.bars) upsertBar.run(c.key, b.time, b.open, b.high, b.low, b.close, b.volume);
    }
    for (const [userId, sent] of sends) upsertSends.run(userId, JSON.stringify(sent));
  })();
}

/** Snapshots every SNAPSHOT_MS and at shutdown (before the market stops and the database closes). */
export function startDaySnapshots(ctx: BrokerContext, market: SimMarket, limiter: OrderRateLimiter): void {
  const take = () => {
    try {
      writeSnapshot(ctx.db, ctx.clock.now(), market, limiter);
    } catch (err) {
      // A failed snapshot must not stop the market; what it missed is written when it next changes.
      ctx.log.error({ err }, "simulated day snapshot failed");
    }
  };
  const timer = setInterval(take, SNAPSHOT_MS);
  timer.unref();
  ctx.onClose(() => {
    clearInterval(timer);
    take();
  });
}
