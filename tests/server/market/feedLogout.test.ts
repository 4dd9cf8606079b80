import mqtt, { type IClientOptions, type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderTopic } from "../../../src/core/topics.js";
import { revokeSession } from "../../../server/sessions.js";
import { authApi, clientKeyPair } from "../authHelpers.js";
import { startBroker, type TestBroker } from "../harness.js";

/**
 * Issue 12, item 4: a feed connection ends with its session. Logout and token revocation close
 * the connections opened with that token (the issue says within 1 s; we wait up to 5 s so that a
 * loaded machine does not fail the test); a client id in use by one user cannot be taken by another.
 */
describe("the live feed after logout", () => {
  let b: TestBroker;
  const clients: MqttClient[] = [];
  const connect = async (username: string, password: string, extra: IClientOptions = {}) => {
    const c = await mqtt.connectAsync(`${b.url.replace("http", "ws")}/feed`, { username, password, clean: true, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5000, ...extra });
    clients.push(c);
    return c;
  };
  /** "closed" once the broker ends the connection, "open" if it is still up after 5 s. */
  const closedWithin5s = (c: MqttClient) =>
    new Promise<"closed" | "open">((resolve) => {
      if (!c.connected) return resolve("closed");
      const timer = setTimeout(() => resolve("open"), 5000);
      c.once("close", () => {
        clearTimeout(timer);
        resolve("closed");
      });
    });

  beforeAll(async () => {
    b = await startBroker({ TICK_HZ: "0" });
  });
  afterAll(async () => {
    for (const c of clients) await c.endAsync(true);
    await b.stop();
  });

  it("logout closes the connection opened with that token, and only that one", async () => {
    const token = await b.login("DEMO1");
    const otherDevice = await b.login("DEMO1");
    const c = await connect("DEMO1", token);
    await c.subscribeAsync(orderTopic("DEMO1"));
    const stays = await connect("DEMO1", otherDevice);
    const out = await authApi(b, clientKeyPair()).logout(token, "DEMO1");
    expect(out.status).toBe("Ok");
    expect(await closedWithin5s(c)).toBe("closed");
    expect(stays.connected).toBe(true);
  }, 20_000);

  it("a revoked token's connection is closed", async () => {
    const token = await b.login("DEMO2");
    const c = await connect("DEMO2", token);
    revokeSession(b.broker.db, token);
    expect(await closedWithin5s(c)).toBe("closed");
  }, 20_000);

  it("a client id connected for DEMO1 cannot be taken over by DEMO2", async () => {
    const id = `shared-${Date.now()}`;
    const owner = await connect("DEMO1", await b.login("DEMO1"), { clientId: id });
    await expect(connect("DEMO2", await b.login("DEMO2"), { clientId: id })).rejects.toThrow();
    expect(owner.connected).toBe(true);
  }, 20_000);

  it("nor can DEMO2 take DEMO1's persistent session (and its order topic) after DEMO1 leaves", async () => {
    const id = `persist-${Date.now()}`;
    const owner = await connect("DEMO1", await b.login("DEMO1"), { clientId: id, clean: false });
    await owner.subscribeAsync(orderTopic("DEMO1"), { qos: 1 });
    await owner.endAsync();
    await expect(connect("DEMO2", await b.login("DEMO2"), { clientId: id, clean: false })).rejects.toThrow();
  }, 20_000);
});
