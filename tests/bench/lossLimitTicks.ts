import Database from "better-sqlite3";
import { performance } from "node:perf_hooks";
import { migrate } from "../../server/db.js";
import type { Market, Quote } from "../../server/market/types.js";
import type { OrderEngine } from "../../server/orders/engine.js";
import type { RiskDesk } from "../../server/risk/desk.js";
import { LossLimitWatch } from "../../server/risk/lossLimits.js";
import { fmt, report, stats } from "./util.js";

/**
 * Issue 33: the loss limits on the tick path at design load. 9,000 instruments tick twice a
 * second (18,000 ticks/s, the feed's design load), in batches of one tick each; 1,000 users have
 * limits and hold 10 instruments each. Measured: the time the watch takes for one batch, its ticks
 * and the checks they cause (the coalesced checks run after the batch, setImmediate), against the
 * former rule run in the same process: every tick looped over the limited users and checked each
 * holder at once (one sum of all their positions per tick of any instrument they hold).
 */
const INSTRUMENTS = 9_000;
const USERS = 1_000;
const HELD = 10;
const BATCHES = 20;

export async function run(): Promise<void> {
  const db = new Database(":memory:");
  migrate(db);
  // Only the limits' rows are read here: the users they belong to are not made.
  db.pragma("foreign_keys = OFF");
  const held = new Map<string, number[]>();
  let seed = 42;
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let u = 0; u < USERS; u++) {
    const userId = `U${u}`;
    held.set(userId, Array.from({ length: HELD }, () => 1 + Math.floor(rand() * INSTRUMENTS)));
    db.prepare("INSERT INTO loss_limits (user_id, max_loss, max_orders, max_position_value, square_off) VALUES (?, 1e12, NULL, NULL, 0)").run(userId);
  }
  let sums = 0;
  const listeners: Array<(q: Quote) => void> = [];
  const market = { onTick: (l: (q: Quote) => void) => (listeners.push(l), () => undefined) } as unknown as Market;
  const orders = {
    onOrderUpdate: () => () => undefined,
    unwrittenNewOrders: () => 0,
    portfolio: {
      positions: (userId: string) => {
        sums++;
        return (held.get(userId) ?? []).map((token) => ({ exchange: "NSEEQ", token: String(token), netQuantity: 10, ltp: 100, previousDayClose: 100, dayBuyQuantity: 10, dayBuyPrice: 100.5, daySellQuantity: 0, daySellPrice: 0, cfBuyQuantity: 0, cfSellQuantity: 0, multiplier: 1, lotsize: 1 }));
      },
    },
  } as unknown as OrderEngine;
  const ctx = { clock: { now: () => new Date("2026-11-23T05:00:00Z") }, db, log: { info: () => undefined, warn: () => undefined } } as never;
  const watch = new LossLimitWatch(ctx, market, orders, {} as RiskDesk);
  const quotes = Array.from({ length: INSTRUMENTS }, (_, i) => ({ exchange: "NSEEQ", token: i + 1 }) as Quote);
  const settle = () => new Promise((r) => setImmediate(r));

  const batch = async (): Promise<number> => {
    const t0 = performance.now();
    for (const q of quotes) for (const l of listeners) l(q);
    await settle();
    return performance.now() - t0;
  };
  // The former rule, on the same users: every tick loops over them, and checks each holder at once.
  const heldKeys = new Map([...held].map(([u, tokens]) => [u, new Set(tokens.map((t) => `NSEEQ:${t}`))]));
  const formerBatch = (): number => {
    const t0 = performance.now();
    for (const q of quotes) {
      const k = `${q.exchange}:${q.token}`;
      for (const [userId, keys] of heldKeys) if (keys.has(k)) watch.check(userId);
    }
    return performance.now() - t0;
  };

  for (let i = 0; i < 3; i++) await batch();
  sums = 0;
  const now: number[] = [];
  for (let i = 0; i < BATCHES; i++) now.push(await batch());
  const nowSums = sums / BATCHES;
  sums = 0;
  const former: number[] = [];
  for (let i = 0; i < 3; i++) former.push(formerBatch());
  const formerSums = sums / 3;
  const a = stats(now);
  const b = stats(former);
  console.log(`${fmt(INSTRUMENTS)} instruments a batch, ${fmt(USERS)} limited users holding ${HELD} each`);
  console.log(`coalesced (per user per batch): ${fmt(a.median)} ms median, ${fmt(a.p95)} ms p95 a batch; ${fmt(nowSums)} position sums a batch; ${fmt((a.median * 2) / 10)} % of one core at 18,000 ticks/s`);
  console.log(`former (per tick):              ${fmt(b.median)} ms median a batch; ${fmt(formerSums)} position sums a batch; ${fmt((b.median * 2) / 10)} % of one core at 18,000 ticks/s`);
  report("lossLimitTicks", { figure: `${fmt(a.median)} ms a batch of 9,000 ticks, ${fmt(nowSums)} sums (was ${fmt(b.median)} ms, ${fmt(formerSums)} sums)`, meets: a.median <= 25, ratio: `${fmt(b.median / Math.max(a.median, 1e-6), 1)}× faster than per-tick checks` });
  watch.stop();
  db.close();
}
