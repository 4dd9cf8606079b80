import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Instrument, Quote } from "../../server/market/types.js";
import { isModifiableStatus } from "../../src/core/rules/orderStatus.js";
import type { OrderBody } from "../../src/core/wire/orders.js";
import { OPEN_TIME, PRE_OPEN_TIME, startTrading, type TradingBroker } from "./tradingHarness.js";

/**
 * The margin working orders hold is kept as running sums per user (server/orders/heldMargins.ts)
 * instead of being added up over every working order at each funds check (issue 18). Whatever
 * sequence of places, modifies, cancels, fills (marketable orders, ticks crossing resting ones),
 * IOC remainders, refusals and lapses the engine goes through, the sums must equal the margin
 * each working order holds as SQLite has it committed: summed here by SQLite itself, by exchange
 * and side, from the orders still working.
 */
const USERS = ["DEMO1", "DEMO2"] as const;
const SHARES: Array<[string, string]> = [["NSEEQ", "INFY"], ["NSEEQ", "SBIN"], ["BSEEQ", "ITC"]];

type Sum = { exchange: string; transactionType: string; span: number; exposure: number; premium: number; cash: number; total: number };
const paise = (x: number) => Math.round(x * 100);
const byKey = (a: Sum, b: Sum) => `${a.exchange}${a.transactionType}`.localeCompare(`${b.exchange}${b.transactionType}`);
const inPaise = (s: Sum) => ({ exchange: s.exchange, transactionType: s.transactionType, span: paise(s.span), exposure: paise(s.exposure), premium: paise(s.premium), cash: paise(s.cash), total: paise(s.total) });

function expectSumsMatchSqlite(b: TradingBroker): void {
  const q = b.broker.db.prepare(
    `SELECT exchange, transaction_type AS transactionType, SUM(blocked_span) AS span, SUM(blocked_exposure) AS exposure, SUM(blocked_premium) AS premium, SUM(blocked_cash) AS cash, SUM(blocked_total) AS total
     FROM orders WHERE working = 1 AND user_id = ? AND blocked_total > 0 GROUP BY exchange, transaction_type`,
  );
  for (const user of USERS) {
    const stored = (q.all(user) as Sum[]).map(inPaise).sort(byKey);
    const running = b.engine.workingMargins(user).map((m) => inPaise({ exchange: m.exchange, transactionType: m.transactionType, ...m.blocked })).sort(byKey);
    expect(running, `${user}'s held margin`).toEqual(stored);
  }
}

const workingOf = (b: TradingBroker, user: string) => b.engine.orderBook(user).filter((o) => isModifiableStatus(o.orderStatus));

type Op =
  | { kind: "place"; user: number; share: number; buy: boolean; product: "INTRADAY" | "DELIVERY"; type: "LIMIT" | "MARKET" | "SL"; ticks: number; quantity: number; ioc: boolean }
  | { kind: "group"; orders: Array<{ user: number; share: number; buy: boolean; ticks: number; quantity: number }> }
  | { kind: "modify"; user: number; pick: number; ticks: number; quantity: number }
  | { kind: "cancel"; user: number; pick: number }
  | { kind: "cancelAll"; user: number }
  | { kind: "tick"; share: number; moveBp: number };

const user = fc.integer({ min: 0, max: USERS.length - 1 });
const share = fc.integer({ min: 0, max: SHARES.length - 1 });
const ticks = fc.integer({ min: -40, max: 40 });
const quantity = fc.integer({ min: 1, max: 400 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("place" as const), user, share, buy: fc.boolean(), product: fc.constantFrom("INTRADAY" as const, "DELIVERY" as const), type: fc.constantFrom("LIMIT" as const, "MARKET" as const, "SL" as const), ticks, quantity, ioc: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("group" as const), orders: fc.array(fc.record({ user, share, buy: fc.boolean(), ticks, quantity }), { minLength: 2, maxLength: 8 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("modify" as const), user, pick: fc.nat(), ticks, quantity }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("cancel" as const), user, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancelAll" as const), user }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("tick" as const), share, moveBp: fc.integer({ min: -150, max: 150 }) }) },
);

describe("held margin: running sums equal the working orders' margins", () => {
  let b: TradingBroker;
  let insts: Instrument[];
  const quoteOf = (i: Instrument) => b.market.quote(i.exchange, i.token) as Quote;
  /** A price `ticks` ticks from the last price, on the tick grid and inside the circuit band. */
  const priceAt = (i: Instrument, ticks: number) => {
    const q = quoteOf(i);
    const p = (Math.round(q.ltp / i.tickSize) + ticks) * i.tickSize;
    return Math.round(Math.min(q.upperCircuit, Math.max(q.lowerCircuit, p)) * 100) / 100;
  };
  const body = (i: Instrument, o: { buy: boolean; product?: OrderBody["product"]; type?: OrderBody["orderType"]; ticks: number; quantity: number; ioc?: boolean }): OrderBody => {
    const type = o.type ?? "LIMIT";
    const price = priceAt(i, o.ticks);
    return {
      exchange: i.exchange,
      instrumentId: String(i.token),
      transactionType: o.buy ? "BUY" : "SELL",
      quantity: o.quantity,
      product: o.product ?? "INTRADAY",
      orderType: type,
      price: type === "MARKET" ? 0 : price,
      // A stop on the far side of the last price from its direction of travel: it rests until a tick crosses it.
      ...(type === "SL" ? { slTriggerPrice: priceAt(i, o.buy ? Math.abs(o.ticks) + 1 : -Math.abs(o.ticks) - 1), price: priceAt(i, o.buy ? Math.abs(o.ticks) + 3 : -Math.abs(o.ticks) - 3) } : {}),
      validity: o.ioc ? "IOC" : "DAY",
    };
  };

  beforeAll(async () => {
    b = await startTrading(OPEN_TIME);
    insts = SHARES.map(([exchange, symbol]) => b.market.bySymbol(exchange as never, symbol) as Instrument);
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  it("after every step of random sequences of place, group place, modify, cancel, cancel all and ticks, and after the close", async () => {
    const outcomes = new Map<string, number>();
    const seen = (s: string) => outcomes.set(s, (outcomes.get(s) ?? 0) + 1);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === "place") seen(b.engine.placeOrder(USERS[o.user]!, body(insts[o.share]!, o)).status);
          else if (o.kind === "group") {
            const results = await Promise.all(o.orders.map((g) => b.engine.submitOrder(USERS[g.user]!, body(insts[g.share]!, g))));
            for (const r of results) seen(r.status);
          } else if (o.kind === "modify" || o.kind === "cancel") {
            const mine = workingOf(b, USERS[o.user]!);
            const target = mine[o.pick % Math.max(1, mine.length)];
            if (!target) continue;
            const inst = insts.find((i) => String(i.token) === target.instrumentId) as Instrument;
            const r =
              o.kind === "modify"
                ? b.engine.modifyOrder(USERS[o.user]!, target.orderNo, { quantity: o.quantity, price: target.orderType === "MARKET" ? 0 : priceAt(inst, o.ticks) })
                : b.engine.cancelOrder(USERS[o.user]!, target.orderNo);
            seen(`${o.kind} ${r.ok ? "Ok" : r.code}`);
          } else if (o.kind === "cancelAll") b.engine.cancelAll(USERS[o.user]!);
          else {
            const i = insts[o.share]!;
            b.market.setPrice(i.exchange, i.token, priceAt(i, 0) * (1 + o.moveBp / 10_000));
          }
          expectSumsMatchSqlite(b);
        }
      }),
      { numRuns: 25, seed: 18 },
    );
    // The sequences did reach every path: accepted and refused places, modifies and cancels.
    expect(outcomes.get("Ok")).toBeGreaterThan(50);
    expect([...outcomes.keys()].some((k) => k.startsWith("EC"))).toBe(true);
    expect(outcomes.get("modify Ok")).toBeGreaterThan(5);
    expect(outcomes.get("cancel Ok")).toBeGreaterThan(5);
    // Something still holds margin, then the close lapses every DAY order: nothing is held any more.
    expect(USERS.some((u) => b.engine.workingMargins(u).length > 0)).toBe(true);
    b.engine.sweep(new Date("2026-11-23T10:05:00Z")); // 15:35 IST
    expectSumsMatchSqlite(b);
    for (const u of USERS) expect(b.engine.workingMargins(u)).toEqual([]);
  }, 120_000);
});

describe("held margin of after-market orders released or rejected at the open", () => {
  let b: TradingBroker;
  beforeAll(async () => {
    b = await startTrading(PRE_OPEN_TIME);
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  it("counts the margin an AMO holds, its modify, its cancel, and what it holds once released or rejected", async () => {
    const infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
    const q = b.market.quote("NSEEQ", infy.token) as Quote;
    const amo = (user: string, quantity: number, over: Record<string, unknown> = {}) =>
      b.engine.placeOrder(user, { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity, product: "DELIVERY", orderComplexity: "AMO", orderType: "MARKET", validity: "DAY", ...over });
    const limit = (user: string) => b.engine.portfolio.tradingLimit(user);
    // DEMO2: one AMO taking most of the funds (rejected once the price jumps), one small one (released).
    const big = amo("DEMO2", Math.floor((limit("DEMO2") * 0.9) / q.ltp));
    const small = amo("DEMO2", 1);
    const modified = amo("DEMO1", 5, { orderType: "LIMIT", price: q.lowerCircuit });
    const cancelled = amo("DEMO1", 3);
    for (const r of [big, small, modified, cancelled]) expect(r.orderStatus).toBe("after market order req received");
    expectSumsMatchSqlite(b);
    expect(b.engine.modifyOrder("DEMO1", modified.orderNo, { quantity: 7, price: q.lowerCircuit }).ok).toBe(true);
    expectSumsMatchSqlite(b);
    expect(b.engine.cancelOrder("DEMO1", cancelled.orderNo).ok).toBe(true);
    expectSumsMatchSqlite(b);
    b.market.setPrice("NSEEQ", infy.token, q.upperCircuit);
    b.engine.sweep(new Date("2026-11-23T03:50:00Z")); // 09:20 IST: released at the open
    const status = (user: string, no: string) => b.engine.orderBook(user).find((o) => o.orderNo === no)?.orderStatus;
    expect(status("DEMO2", big.orderNo)).toBe("rejected");
    // Market protection keeps the small buy from the asks above the circuit: it rests, released.
    expect(status("DEMO2", small.orderNo)).toBe("open");
    expect(status("DEMO1", modified.orderNo)).toBe("open");
    expectSumsMatchSqlite(b);
    // Delivery buys hold their full value: the small buy 1 x the last price (the upper circuit), the
    // limit buy 7 x its price (the lower circuit); the rejected one nothing.
    const totals = (user: string) => b.engine.workingMargins(user).map((m) => m.blocked.total);
    expect(totals("DEMO2")).toEqual([q.upperCircuit]);
    expect(totals("DEMO1")).toEqual([Math.round(7 * q.lowerCircuit * 100) / 100]);
  });
});
