import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Instrument } from "../../server/market/types.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/**
 * Issue 33: a regular SL or SL-M order carries a trail and a jump; the broker moves the trigger on
 * its own clock as the price moves in favour and never back, keeps it in SQLite, and a modify
 * changes the trail. Prices are forced with the market's setPrice (the dev route's door), so every
 * expected trigger is worked out by hand from the prices the test sets.
 */
type Row = { orderNo: string; orderStatus: string; triggerPrice: number; price: number; trailValue?: number; trailUnit?: string; trailJump?: number; averageTradedPrice: number };

const order = (infy: Instrument, over: Record<string, unknown>) => ({ exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "SELL", quantity: 1, product: "INTRADAY", validity: "DAY", ...over });

async function rowOf(b: TradingBroker, orderNo: string): Promise<Row> {
  return (await b.call<Row>("POST", "/core/v2/orders/book")).result.find((r) => r.orderNo === orderNo)!;
}

describe("trailing stop-loss orders (issue 33)", () => {
  let b: TradingBroker;
  let infy: Instrument;
  beforeAll(async () => {
    b = await startTrading();
    infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
  });
  afterAll(async () => b.stop());
  const price = (p: number) => b.market.setPrice("NSEEQ", infy.token, p);

  it("sell SL-M at 980 trail 5 jump 1: at 1000 it stands at 995, a fall leaves it, 1003.40 moves it to 998, then 997.50 triggers and fills", async () => {
    price(1000);
    const placed = await b.call<{ orderNo: string }>("POST", "/core/v2/orders/", order(infy, { orderType: "SLM", slTriggerPrice: 980, trailValue: 5, trailJump: 1 }));
    expect(placed.status, placed.message).toBe("Ok");
    const no = placed.result[0]!.orderNo;
    // At 1000 the trail allows 995, 15 whole jumps above 980.
    expect(await rowOf(b, no)).toMatchObject({ orderStatus: "trigger pending", triggerPrice: 995, trailValue: 5, trailUnit: "POINTS", trailJump: 1 });
    price(997); // a fall (not to the trigger): never back
    expect((await rowOf(b, no)).triggerPrice).toBe(995);
    price(1003.4); // 1003.40 - 5 = 998.40: 3 whole jumps of 1 above 995
    expect((await rowOf(b, no)).triggerPrice).toBe(998);
    price(1003.9); // 998.90: still less than a jump above 998
    expect((await rowOf(b, no)).triggerPrice).toBe(998);
    // Each move is a modify on the order topic, marked as one.
    const moved = b.updates.filter((u) => u.update.brokerOrderId === no && u.update.modified === true).map((u) => u.update.triggerPrice);
    expect(moved).toEqual([995, 998]);
    // ... and as the trail's, with the trigger it moved from, so the app says "Trail moved" and not "Modified".
    const why = b.updates.filter((u) => u.update.brokerOrderId === no && u.update.modified === true).map((u) => [u.update.modifyReason, u.update.previousTrigger]);
    expect(why).toEqual([["trail", 980], ["trail", 995]]);
    price(997.5);
    const filled = await rowOf(b, no);
    expect(filled.orderStatus).toBe("complete");
  });

  it("a SL (limit) order's price moves with its trigger, so the gap the trader chose stays", async () => {
    price(1000);
    const placed = await b.call<{ orderNo: string }>("POST", "/core/v2/orders/", order(infy, { orderType: "SL", slTriggerPrice: 980, price: 978, trailValue: 10 }));
    expect(placed.status, placed.message).toBe("Ok");
    const no = placed.result[0]!.orderNo;
    // 1000 - 10 = 990, one-tick jumps: trigger 990, limit 988.
    expect(await rowOf(b, no)).toMatchObject({ triggerPrice: 990, price: 988 });
    await b.call("DELETE", `/core/v2/orders/${no}`);
  });

  it("a BUY stop trailing 1% follows a fall: at 950 it stands 9.50 above (959.50)", async () => {
    price(1000);
    const placed = await b.call<{ orderNo: string }>("POST", "/core/v2/orders/", order(infy, { transactionType: "BUY", orderType: "SLM", slTriggerPrice: 1030, trailValue: 1, trailUnit: "PERCENT" }));
    expect(placed.status, placed.message).toBe("Ok");
    const no = placed.result[0]!.orderNo;
    // 1% of 1000 is 10: 1010.
    expect((await rowOf(b, no)).triggerPrice).toBe(1010);
    price(950);
    expect((await rowOf(b, no)).triggerPrice).toBe(959.5);
    price(955);
    expect((await rowOf(b, no)).triggerPrice).toBe(959.5);
    await b.call("DELETE", `/core/v2/orders/${no}`);
  });

  it("a modify changes the trail; 0 removes it, and the trigger then stays", async () => {
    price(1000);
    const no = (await b.call<{ orderNo: string }>("POST", "/core/v2/orders/", order(infy, { orderType: "SLM", slTriggerPrice: 980, trailValue: 5 }))).result[0]!.orderNo;
    expect((await b.call("PUT", `/core/v2/orders/${no}`, { trailValue: 20, trailJump: 2 })).status).toBe("Ok");
    // The trigger stays at 995 (already above 1000 - 20); the trail is the new one.
    expect(await rowOf(b, no)).toMatchObject({ triggerPrice: 995, trailValue: 20, trailJump: 2 });
    price(1021); // 1001, 6 above 995: three jumps of 2 -> 1001
    expect((await rowOf(b, no)).triggerPrice).toBe(1001);
    expect((await b.call("PUT", `/core/v2/orders/${no}`, { trailValue: 0 })).status).toBe("Ok");
    price(1040);
    const row = await rowOf(b, no);
    expect(row.triggerPrice).toBe(1001);
    expect(row.trailValue).toBeUndefined();
    await b.call("DELETE", `/core/v2/orders/${no}`);
  });

  it("refused: a trail on a LIMIT order (EC700), a trail off the tick (EC701), a jump off the tick (EC702), a unit not known (EC701)", async () => {
    price(1000);
    const codes = [
      await b.call("POST", "/core/v2/orders/", order(infy, { orderType: "LIMIT", price: 1010, trailValue: 5 })),
      await b.call("POST", "/core/v2/orders/", order(infy, { orderType: "SLM", slTriggerPrice: 980, trailValue: 5.03 })),
      await b.call("POST", "/core/v2/orders/", order(infy, { orderType: "SLM", slTriggerPrice: 980, trailValue: 5, trailJump: 0.07 })),
      await b.call("POST", "/core/v2/orders/", order(infy, { orderType: "SLM", slTriggerPrice: 980, trailValue: 5, trailUnit: "TICKS" })),
    ].map((r) => r.status);
    expect(codes).toEqual(["EC700", "EC701", "EC702", "EC701"]);
  });
});

describe("a trailing stop across a restart (issue 33)", () => {
  it("the moved trigger and the trail come back from SQLite, and it keeps trailing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-trail-restart-"));
    let b = await startTrading(undefined, dir);
    try {
      const infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
      b.market.setPrice("NSEEQ", infy.token, 1000);
      const no = (await b.call<{ orderNo: string }>("POST", "/core/v2/orders/", order(infy, { orderType: "SLM", slTriggerPrice: 980, trailValue: 5, trailJump: 1 }))).result[0]!.orderNo;
      b.market.setPrice("NSEEQ", infy.token, 1010);
      expect((await rowOf(b, no)).triggerPrice).toBe(1005);
      await b.stop(true);
      b = await startTrading(undefined, dir);
      expect(await rowOf(b, no)).toMatchObject({ orderStatus: "trigger pending", triggerPrice: 1005, trailValue: 5, trailUnit: "POINTS", trailJump: 1 });
      b.market.setPrice("NSEEQ", infy.token, 1020);
      expect((await rowOf(b, no)).triggerPrice).toBe(1015);
      // The history shows each move with the trail.
      const history = (await b.call<Row>("POST", `/core/v2/orders/${no}`)).result;
      expect(history.map((h) => h.triggerPrice).filter((t, i, all) => all.indexOf(t) === i)).toEqual([980, 995, 1005, 1015]);
      expect(history.every((h) => h.trailValue === 5)).toBe(true);
    } finally {
      await b.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
