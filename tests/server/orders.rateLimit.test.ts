import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config.js";
import type { Instrument } from "../../server/market/types.js";
import { OrderRateLimiter } from "../../server/orders/rateLimit.js";
import { parseRateLimit, type RateWindow } from "../../src/core/rules/rateLimit.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/**
 * Issue 19: "The paper broker enforces per-user limits like a real broker: 10 orders per second,
 * 400 per minute, 5,000 per day (place, modify and cancel count), answering a catalogue code with
 * the time until the next slot; ORDER_RATE_LIMIT sets them (10/s,400/min,5000/day by default,
 * off to disable)."
 */
const windows = (text: string) => parseRateLimit(text) as RateWindow[];

describe("the order rate limiter's windows", () => {
  it("reads the default and off", () => {
    expect(readConfig({}).orderRateLimit).toEqual([
      { unit: "s", limit: 10 },
      { unit: "min", limit: 400 },
      { unit: "day", limit: 5000 },
    ]);
    expect(readConfig({ ORDER_RATE_LIMIT: "off" }).orderRateLimit).toEqual([]);
    expect(() => readConfig({ ORDER_RATE_LIMIT: "10/hour" })).toThrow(/ORDER_RATE_LIMIT/);
  });

  it("per second: the 11th order inside one second waits until the first is a second old", () => {
    let now = 1_000_000;
    const l = new OrderRateLimiter(windows("10/s,400/min,5000/day"), () => now);
    for (let i = 0; i < 10; i++) {
      expect(l.take("A").ok).toBe(true);
      now += 50; // sends at 0, 50, ..., 450 ms
    }
    // now = +500 ms; the first send (at +0) leaves the window at +1000: 500 ms to wait.
    const r = l.take("A");
    expect(r).toEqual({ ok: false, code: "EC970", message: "Order rate limit reached: 10 orders a second; next slot in 0.5 s", retryAfterMs: 500 });
    // Another user has a budget of its own.
    expect(l.take("B").ok).toBe(true);
    now += 500;
    expect(l.take("A").ok).toBe(true);
  });

  it("per minute: 400 a minute, whatever the pace within each second", () => {
    let now = 0;
    const l = new OrderRateLimiter(windows("10/s,400/min,5000/day"), () => now);
    // 5 a second for 80 s would be 400 in 80 s; at 10 a second, 400 in 40 s (sends at 0..39.9 s).
    for (let i = 0; i < 400; i++) {
      expect(l.take("A").ok).toBe(true);
      now += 100;
    }
    // now = 40 s: the first send (at 0) leaves the minute at 60 s: 20 s to wait.
    const r = l.take("A");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.retryAfterMs).toBe(20_000);
      expect(r.message).toBe("Order rate limit reached: 400 orders a minute; next slot in 20 s");
    }
  });

  it("per day: 5000 in a day, the next when the first is a day old", () => {
    let now = 0;
    const l = new OrderRateLimiter(windows("10/s,400/min,5000/day"), () => now);
    // 100 a minute, 5000 in 50 minutes.
    for (let i = 0; i < 5000; i++) {
      expect(l.take("A").ok).toBe(true);
      now += 600;
    }
    const r = l.take("A");
    expect(r.ok).toBe(false);
    // now = 3,000,000 ms (50 min); the first send leaves the day at 86,400,000: 83,400,000 ms = 23.2 h -> "24 h".
    if (!r.ok) expect([r.retryAfterMs, r.message]).toEqual([83_400_000, "Order rate limit reached: 5000 orders a day; next slot in 24 h"]);
  });

  it("a request of several orders takes one slot each, or none; more than a window holds is EC971", () => {
    const now = 0;
    const l = new OrderRateLimiter(windows("10/s"), () => now);
    expect(l.take("A", 8).ok).toBe(true);
    const r = l.take("A", 3);
    expect(r.ok ? "" : r.code).toBe("EC970");
    expect(l.budget("A").windows[0]?.left).toBe(2);
    const big = l.take("A", 11);
    expect(big.ok ? "" : big.code).toBe("EC971");
  });

  it("off takes no slots", () => {
    const l = new OrderRateLimiter(windows("off"));
    for (let i = 0; i < 100; i++) expect(l.take("A").ok).toBe(true);
  });
});

describe("order rate limits over HTTP", () => {
  let b: TradingBroker;
  let infy: Instrument;
  let ltp: number;
  const order = () => ({ exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "DELIVERY", orderComplexity: "REGULAR", orderType: "LIMIT", validity: "DAY", price: Math.round(ltp * 0.9) });

  beforeAll(async () => {
    // 4 a minute: no test here can be timed out of its window by a slow machine.
    b = await startTrading(undefined, undefined, "DEMO1", { ORDER_RATE_LIMIT: "4/min" });
    infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
    ltp = b.market.quote("NSEEQ", infy.token)?.ltp as number;
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  it("place, modify and cancel each count; the fifth is EC970 with the wait, and nothing changes", async () => {
    const placed = await b.call<{ orderNo: string }>("POST", "/core/v2/orders/", order());
    expect(placed.status).toBe("Ok");
    const orderNo = placed.result[0]!.orderNo;
    expect((await b.call("PUT", `/core/v2/orders/${orderNo}`, { price: Math.round(ltp * 0.89) })).status).toBe("Ok");
    expect((await b.call("POST", "/core/v2/orders/", order())).status).toBe("Ok");
    expect((await b.call("DELETE", `/core/v2/orders/${orderNo}`, {})).status).toBe("Ok");
    const bookBefore = await b.call("POST", "/core/v2/orders/book");

    const res = await fetch(`${b.url}/core/v2/orders/`, { method: "POST", headers: { authorization: `Bearer ${b.token}`, "content-type": "application/json" }, body: JSON.stringify(order()) });
    const refused = (await res.json()) as { status: string; message: string; result: Array<{ retryAfterMs: number }> };
    expect(refused.status).toBe("EC970");
    expect(refused.message).toMatch(/^Order rate limit reached: 4 orders a minute; next slot in \d+ s$/);
    const retry = refused.result[0]!.retryAfterMs;
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60_000);
    expect(Number(res.headers.get("retry-after"))).toBe(Math.ceil(retry / 1000));
    expect((await b.call("DELETE", "/core/v2/orders/cancelAll", {})).status).toBe("EC970");
    expect(await b.call("POST", "/core/v2/orders/book")).toEqual(bookBefore);

    const budget = await b.call<{ enabled: boolean; windows: Array<{ unit: string; limit: number; left: number }>; sentAgoMs: number[] }>("POST", "/core/v2/orders/rateBudget");
    expect(budget.result[0]?.enabled).toBe(true);
    expect(budget.result[0]?.windows.map((w) => [w.unit, w.limit, w.left])).toEqual([["min", 4, 0]]);
    expect(budget.result[0]?.sentAgoMs).toHaveLength(4);
  });
});
