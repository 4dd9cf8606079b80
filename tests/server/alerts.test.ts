import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderTopic } from "../../src/core/topics.js";
import type { Instrument } from "../../server/market/types.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/** Price alerts: kept by the broker, checked on its ticks, delivered on the client's order topic (issue 17, item 3). */
describe("price alerts", () => {
  let b: TradingBroker;
  let infy: Instrument;
  beforeAll(async () => {
    b = await startTrading();
    infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
  });
  afterAll(() => b.stop());

  const create = (condition: string, value: number, token = infy.token) => b.call<{ alertId: number; status: string; tradingSymbol: string }>("POST", "/core/v2/alerts", { exchange: "NSEEQ", token, condition, value });

  it("an ABOVE alert fires once on the tick that reaches its price, and is then TRIGGERED in the list", async () => {
    const ltp = b.market.quote("NSEEQ", infy.token)!.ltp;
    const target = Math.round(ltp + 10);
    const fired: Array<Record<string, unknown>> = [];
    const stop = captureFeed(b, fired);
    const a = await create("ABOVE", target);
    expect(a.status).toBe("Ok");
    expect(a.result[0]).toMatchObject({ status: "ACTIVE", tradingSymbol: infy.tradingSymbol });
    b.market.setPrice("NSEEQ", infy.token, target - 5); // below: nothing
    expect(fired).toHaveLength(0);
    b.market.setPrice("NSEEQ", infy.token, target + 1); // at or above: fires
    b.market.setPrice("NSEEQ", infy.token, target + 3); // already fired: nothing more
    stop();
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ messageKind: "alert", alertId: a.result[0]!.alertId, condition: "ABOVE", value: target, tradingSymbol: infy.tradingSymbol });
    const list = await b.call<{ alertId: number; status: string; triggeredPrice: number }>("GET", "/core/v2/alerts");
    expect(list.result.find((x) => x.alertId === a.result[0]!.alertId)).toMatchObject({ status: "TRIGGERED", triggeredPrice: fired[0]!.ltp });
  });

  it("a CHANGE alert of 2% fires when the price is 2% from the previous close, not at 1%", async () => {
    const pClose = b.market.quote("NSEEQ", infy.token)!.pClose;
    const fired: Array<Record<string, unknown>> = [];
    const stop = captureFeed(b, fired);
    await create("CHANGE", 2);
    b.market.setPrice("NSEEQ", infy.token, pClose * 1.01);
    expect(fired).toHaveLength(0);
    b.market.setPrice("NSEEQ", infy.token, pClose * 0.975); // 2.5% down
    stop();
    expect(fired.map((m) => m.condition)).toEqual(["CHANGE"]);
  });

  it("a cancelled alert never fires and leaves the instrument's index; cancelling twice answers EC978", async () => {
    const ltp = b.market.quote("NSEEQ", infy.token)!.ltp;
    const watchedBefore = b.broker.alerts.watched;
    const a = await create("BELOW", Math.round(ltp - 20));
    expect(b.broker.alerts.watched).toBe(watchedBefore + 1);
    const id = a.result[0]!.alertId;
    expect((await b.call("DELETE", `/core/v2/alerts/${id}`)).status).toBe("Ok");
    expect(b.broker.alerts.watched).toBe(watchedBefore);
    const fired: Array<Record<string, unknown>> = [];
    const stop = captureFeed(b, fired);
    b.market.setPrice("NSEEQ", infy.token, ltp - 40);
    stop();
    expect(fired).toHaveLength(0);
    expect((await b.call("DELETE", `/core/v2/alerts/${id}`)).status).toBe("EC978");
  });

  it("refuses a bad alert with EC990 and an unknown instrument with EC902", async () => {
    expect((await create("SIDEWAYS", 10)).status).toBe("EC990");
    expect((await create("ABOVE", -1)).status).toBe("EC990");
    expect((await create("CHANGE", 150)).status).toBe("EC990");
    expect((await create("ABOVE", 10, 99_999_999)).status).toBe("EC902");
  });

  it("the alert message reaches the client's own order topic on the live feed", async () => {
    const client = await mqtt.connectAsync(`${b.url.replace("http", "ws")}/feed`, { username: "DEMO1", password: b.token, reconnectPeriod: 0, connectTimeout: 5000, clientId: `alerts-${Date.now()}` });
    try {
      const got = new Promise<Record<string, unknown>>((resolve) => client.on("message", (_t, payload) => resolve(JSON.parse(payload.toString("utf8")) as Record<string, unknown>)));
      await client.subscribeAsync(orderTopic("DEMO1"));
      const ltp = b.market.quote("NSEEQ", infy.token)!.ltp;
      await create("BELOW", Math.round(ltp - 30));
      b.market.setPrice("NSEEQ", infy.token, ltp - 50);
      expect(await got).toMatchObject({ messageKind: "alert", condition: "BELOW" });
    } finally {
      await client.endAsync(true);
    }
  }, 60_000);
});

/** Records what the broker publishes on DEMO1's order topic, in process. */
function captureFeed(b: TradingBroker, into: Array<Record<string, unknown>>): () => void {
  const feed = b.broker.feed;
  const original = feed.publishOrderUpdate;
  feed.publishOrderUpdate = (clientCode, update) => {
    if (clientCode === "DEMO1" && (update as { messageKind?: string }).messageKind === "alert") into.push(JSON.parse(JSON.stringify(update)) as Record<string, unknown>);
    original(clientCode, update);
  };
  return () => {
    feed.publishOrderUpdate = original;
  };
}
