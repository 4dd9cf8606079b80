import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderTopic } from "../../src/core/topics.js";
import { parseOrderUpdate } from "../../src/feed/orderUpdates.js";
import { orderUpdateToast } from "../../src/core/rules/orderToast.js";
import type { OrderUpdate } from "../../src/core/types/orderUpdate.js";
import { startBroker, type TestBroker } from "./harness.js";

/**
 * The engine's order updates reach the client's order topic (wired in server/app.ts), and a fill's
 * update carries its fill price (issue 28: "the fill price when filled").
 */
describe("order updates on the feed", () => {
  let b: TestBroker;
  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z" });
  });
  afterAll(async () => b.stop());

  it("a market buy placed over HTTP arrives on prod/updates/order/v1/{clientcode} with its average traded price, and reads as the toast", async () => {
    const token = await b.login("DEMO1");
    const client = await mqtt.connectAsync(`${b.url.replace("http", "ws")}/feed`, {
      username: "DEMO1",
      password: token,
      clean: true,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      clientId: `DEMO1-toast-${Date.now()}`,
    });
    const seen: string[] = [];
    const completes: Array<(u: OrderUpdate) => void> = [];
    client.on("message", (_topic, payload) => {
      const u = parseOrderUpdate(new Uint8Array(payload));
      if (!u) return;
      seen.push(`${u.brokerOrderId}|${u.orderStatus}`);
      if (u.orderStatus === "complete") completes.shift()?.(u);
    });
    const nextComplete = () => new Promise<OrderUpdate>((resolve) => completes.push(resolve));
    const complete = nextComplete();
    await client.subscribeAsync(orderTopic("DEMO1"));
    const auth = { "content-type": "application/json", authorization: `Bearer ${token}` };
    const search = (await (await fetch(`${b.url}/core/search`, { method: "POST", headers: auth, body: JSON.stringify({ searchText: "INFY", exchange: ["NSEEQ"] }) })).json()) as {
      result: Array<{ token: number; symbol: string; insType: string }>;
    };
    const infy = search.result.find((h) => h.symbol === "INFY" && h.insType === "EQ")!;
    const placed = (await (
      await fetch(`${b.url}/core/v2/orders/`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 2, product: "DELIVERY", orderComplexity: "REGULAR", orderType: "MARKET", validity: "DAY", clientOrderKey: "glue-1" }),
      })
    ).json()) as { status: string };
    expect(placed.status).toBe("Ok");
    const filled = await complete;
    // The published update carries the book's average traded price, over the wire as the app reads it.
    const book = (await (await fetch(`${b.url}/core/v2/orders/book`, { method: "POST", headers: auth, body: "{}" })).json()) as {
      result: Array<{ brokerOrderId: string; orderNo: string; averageTradedPrice: number; filledQuantity: number }>;
    };
    const row = book.result.find((o) => o.brokerOrderId === filled.brokerOrderId)!;
    expect(row.averageTradedPrice).toBeGreaterThan(0);
    expect(filled).toMatchObject({ filledQuantity: 2, averageTradedPrice: row.averageTradedPrice, modified: false });
    // "Filled: Qty {q} {side} {tradingSymbol} @ ₹{average traded price} ({type} Order) {product}, order {no}", the price in
    // rupees to 2 decimals, the product as sent (DELIVERY) and the number the order book shows.
    const text = orderUpdateToast(filled).text;
    const shown = /^Filled: Qty 2 BUY INFY-EQ @ ₹([\d,]+\.\d{2}) \(MARKET Order\) DELIVERY, order (\S+)$/.exec(text);
    expect(shown, text).not.toBeNull();
    expect(Number(shown![1]!.replace(/,/g, ""))).toBe(Math.round(row.averageTradedPrice * 100) / 100);
    expect(shown![2]).toBe(row.orderNo);

    // Each update is published once: a second order's completion arrives after any duplicate
    // of the first could have (one topic keeps its order), and no (order, status) pair repeats.
    const second = nextComplete();
    await fetch(`${b.url}/core/v2/orders/`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "DELIVERY", orderComplexity: "REGULAR", orderType: "MARKET", validity: "DAY", clientOrderKey: "glue-2" }),
    });
    expect(orderUpdateToast(await second).text).toMatch(/^Filled: Qty 1 BUY INFY-EQ @ ₹[\d,]+\.\d{2} \(MARKET Order\) DELIVERY, order \S+$/);
    expect(new Set(seen).size).toBe(seen.length);
    await client.endAsync(true);
  });
});
