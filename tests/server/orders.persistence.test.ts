import { describe, expect, it } from "vitest";
import type { Instrument } from "../../server/market/types.js";
import type { OrderRow, TradeRow } from "../../server/orders/record.js";
import type { HoldingRow } from "../../server/portfolio/portfolio.js";
import type { PositionRow } from "../../server/portfolio/positions.js";
import type { OrderBody } from "../../src/core/wire/orders.js";
import { OPEN_TIME, startTrading } from "./tradingHarness.js";

const infyBody = (infy: Instrument, over: Partial<OrderBody> = {}): OrderBody => ({
  exchange: "NSEEQ",
  instrumentId: String(infy.token),
  transactionType: "BUY",
  quantity: 3,
  product: "INTRADAY",
  orderType: "MARKET",
  validity: "DAY",
  ...over,
});

describe("one submit, one order", () => {
  it("a repeated clientOrderKey answers the first result and places nothing", async () => {
    const b = await startTrading();
    try {
      const infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
      const body = infyBody(infy, { clientOrderKey: "submit-1" });
      const first = await b.call<{ orderNo: string; clientOrderKey: string }>("POST", "/core/v2/orders/", body);
      const again = await b.call<{ orderNo: string }>("POST", "/core/v2/orders/", body);
      expect(again).toEqual(first);
      expect(first.result[0]?.clientOrderKey).toBe("submit-1");
      // Ten at once, as a double-clicked or re-sent submit would arrive: still one order.
      const burst = await Promise.all(Array.from({ length: 10 }, () => b.call<{ orderNo: string }>("POST", "/core/v2/orders/", infyBody(infy, { clientOrderKey: "submit-2" }))));
      expect(new Set(burst.map((r) => r.result[0]?.orderNo)).size).toBe(1);
      const book = (await b.call<OrderRow>("POST", "/core/v2/orders/book")).result;
      expect(book).toHaveLength(2);
      // Twelve submits of two keys, each a MARKET buy of 3 INFY: the trade book fills 3 shares for
      // each of the two orders and nothing else, and the INTRADAY position is 2 x 3 = 6 long.
      const filledByOrder = async () => {
        const out: Record<string, number> = {};
        for (const t of (await b.call<TradeRow>("POST", "/core/v2/orders/trades")).result) out[t.orderNo] = (out[t.orderNo] ?? 0) + t.filledQuantity;
        return out;
      };
      const firstNo = first.result[0]?.orderNo as string;
      const burstNo = burst[0]?.result[0]?.orderNo as string;
      expect(await filledByOrder()).toEqual({ [firstNo]: 3, [burstNo]: 3 });
      const infyIntraday = async () => (await b.call<PositionRow>("POST", "/core/v2/positions")).result.find((p) => p.tradingSymbol === "INFY-EQ" && p.product === "INTRADAY")?.netQuantity;
      expect(await infyIntraday()).toBe(6);
      // The key is the user's: another user with the same key places their own order.
      const demo2 = await b.login("DEMO2");
      const other = await b.call<{ orderNo: string }>("POST", "/core/v2/orders/", body, demo2);
      expect(other.result[0]?.orderNo).not.toBe(first.result[0]?.orderNo);
      // The in-process door (the GTT engine's) honours the same key.
      const inProcess = b.engine.placeOrder("DEMO1", body);
      expect(inProcess.orderNo).toBe(first.result[0]?.orderNo);
      expect(await filledByOrder()).toEqual({ [firstNo]: 3, [burstNo]: 3 });
      expect(await infyIntraday()).toBe(6);
      // A refused order does not use up its key: the retry after fixing the cause is placed.
      const refused = await b.call("POST", "/core/v2/orders/", infyBody(infy, { clientOrderKey: "submit-3", quantity: 0 }));
      expect(refused.status).toBe("EC903");
      const retried = await b.call("POST", "/core/v2/orders/", infyBody(infy, { clientOrderKey: "submit-3" }));
      expect(retried.status).toBe("Ok");
    } finally {
      await b.stop();
    }
  }, 120_000);
});

describe("a restart loses nothing", () => {
  it("keeps orders, trades, positions, holdings, funds and keys; a working order still works", async () => {
    const first = await startTrading();
    const infy = first.market.bySymbol("NSEEQ", "INFY") as Instrument;
    const low = first.market.quote("NSEEQ", infy.token)?.lowerCircuit as number;
    await first.call("POST", "/core/v2/orders/", infyBody(infy, { clientOrderKey: "k-filled" }));
    const resting = await first.call<{ orderNo: string }>("POST", "/core/v2/orders/", infyBody(infy, { orderType: "LIMIT", price: low, product: "DELIVERY" }));
    await first.call("POST", "/core/v2/funds/add", { amount: 1000 });
    const snap = async (b: typeof first) => ({
      book: (await b.call<OrderRow>("POST", "/core/v2/orders/book")).result,
      trades: (await b.call("POST", "/core/v2/orders/trades")).result,
      positions: (await b.call<PositionRow>("POST", "/core/v2/positions")).result.map((p) => [p.tradingSymbol, p.product, p.netQuantity, p.buyPrice, p.sellPrice, p.realizedPnl]),
      holdings: (await b.call<HoldingRow>("POST", "/core/v2/holdings")).result.map((h) => [h.isin, h.product, h.totalQuantity, h.t1Quantity, h.averageTradedPrice]),
      limits: (await b.call("POST", "/core/limits")).result,
    });
    const before = await snap(first);
    await first.stop(true);

    const second = await startTrading(OPEN_TIME, first.dataDir);
    try {
      expect(await snap(second)).toEqual(before);
      expect(second.engine.workingCount()).toBe(1);
      const again = await second.call<{ orderNo: string }>("POST", "/core/v2/orders/", infyBody(infy, { clientOrderKey: "k-filled" }));
      expect(again.result[0]?.orderNo).toBe(before.book.find((o) => o.clientOrderKey === "k-filled")?.orderNo);
      // Order numbers continue; nothing is reused.
      const next = await second.call<{ orderNo: string }>("POST", "/core/v2/orders/", infyBody(infy));
      expect(before.book.some((o) => o.orderNo === next.result[0]?.orderNo)).toBe(false);
      const cancel = await second.call<{ orderStatus: string }>("DELETE", `/core/v2/orders/${resting.result[0]?.orderNo as string}`);
      expect(cancel.result[0]?.orderStatus).toBe("cancelled");
    } finally {
      await second.stop(true);
    }

    // A broker started after the close lapses the day's working orders at once.
    const third = await startTrading(OPEN_TIME, first.dataDir);
    const r = await third.call<{ orderNo: string }>("POST", "/core/v2/orders/", infyBody(infy, { orderType: "LIMIT", price: low }));
    await third.stop(true);
    const evening = await startTrading("2026-11-23T12:00:00.000Z", first.dataDir);
    try {
      const book = (await evening.call<OrderRow>("POST", "/core/v2/orders/book")).result;
      expect(book.find((o) => o.orderNo === r.result[0]?.orderNo)?.orderStatus).toBe("lapsed");
      expect(evening.engine.workingCount()).toBe(0);
    } finally {
      await evening.stop();
    }
  }, 180_000);
});
