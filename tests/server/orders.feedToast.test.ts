import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderTopic } from "../../src/core/topics.js";
import { parseOrderUpdate } from "../../src/feed/orderUpdates.js";
import { orderUpdateToast } from "../../src/core/rules/orderUpdates.js";
import { startBroker, type TestBroker } from "./harness.js";

/** The engine's order updates reach the client's order topic (wired in server/app.ts). */
describe("order updates on the feed", () => {
  let b: TestBroker;
  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z" });
  });
  afterAll(async () => b.stop());

  it("a market buy placed over HTTP arrives on prod/updates/order/v1/{clientcode} and reads as the spec's toast", async () => {
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
    const completes: Array<(text: string) => void> = [];
    client.on("message", (_topic, payload) => {
      const u = parseOrderUpdate(new Uint8Array(payload));
      if (!u) return;
      seen.push(`${u.brokerOrderId}|${u.orderStatus}`);
      if (u.orderStatus === "complete") completes.shift()?.(orderUpdateToast(u).text);
    });
    const nextComplete = () => new Promise<string>((resolve) => completes.push(resolve));
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
    expect(await complete).toBe("Qty 2 BUY (MARKET Order)");

    // Each update is published once: a second order's completion arrives after any duplicate
    // of the first could have (one topic keeps its order), and no (order, status) pair repeats.
    const second = nextComplete();
    await fetch(`${b.url}/core/v2/orders/`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "DELIVERY", orderComplexity: "REGULAR", orderType: "MARKET", validity: "DAY", clientOrderKey: "glue-2" }),
    });
    expect(await second).toBe("Qty 1 BUY (MARKET Order)");
    expect(new Set(seen).size).toBe(seen.length);
    await client.endAsync(true);
  });
});
