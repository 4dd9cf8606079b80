import mqtt from "mqtt";
import { describe, expect, it } from "vitest";
import { orderTopic } from "../../src/core/topics.js";
import type { Instrument } from "../../server/market/types.js";
import { startTrading } from "./tradingHarness.js";

/** Order updates reach the client's own order topic on the live feed as JSON text. */
describe("order updates on the feed", () => {
  it("a placed and cancelled order arrives on prod/updates/order/v1/DEMO1 with the spec's fields", async () => {
    const b = await startTrading();
    const client = await mqtt.connectAsync(`${b.url.replace("http", "ws")}/feed`, { username: "DEMO1", password: b.token, reconnectPeriod: 0, connectTimeout: 5000, clientId: `orders-feed-${Date.now()}` });
    try {
      const received: Array<Record<string, unknown>> = [];
      const done = new Promise<void>((resolve) => {
        client.on("message", (topic, payload) => {
          expect(topic).toBe(orderTopic("DEMO1"));
          received.push(JSON.parse(payload.toString("utf8")) as Record<string, unknown>);
          if (received.some((u) => u.orderStatus === "cancelled")) resolve();
        });
      });
      await client.subscribeAsync(orderTopic("DEMO1"));
      const infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
      const low = b.market.quote("NSEEQ", infy.token)?.lowerCircuit as number;
      const r = await b.call<{ orderNo: string }>("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 2, product: "DELIVERY", orderType: "LIMIT", price: low, validity: "DAY" });
      await b.call("DELETE", `/core/v2/orders/${r.result[0]?.orderNo as string}`);
      await done;
      expect(received.map((u) => u.orderStatus)).toEqual(["open", "cancelled"]);
      expect(received[1]).toMatchObject({ brokerOrderId: r.result[0]?.orderNo, quantity: 2, cancelledQuantity: 2, pendingQuantity: 0, filledQuantity: 0, price: low, exchange: "NSEEQ", transactionType: "BUY", validity: "DAY", orderType: "LIMIT" });
    } finally {
      await client.endAsync(true);
      await b.stop();
    }
  }, 120_000);
});
