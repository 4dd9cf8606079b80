import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeSession } from "../../../server/sessions.js";
import { startBroker, type TestBroker } from "../harness.js";

/** Issue 3: "After logout, the old token is refused by /core/profile and by the feed." Logout revokes the session (server/auth). */
describe("a revoked token", () => {
  let b: TestBroker;
  beforeAll(async () => {
    b = await startBroker({ TICK_HZ: "0" });
  });
  afterAll(async () => b.stop());

  it("is refused by /core/profile and by the feed", async () => {
    const token = await b.login("DEMO1");
    const connect = () =>
      mqtt.connectAsync(`${b.url.replace("http", "ws")}/feed`, { username: "DEMO1", password: token, clean: true, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5000 });
    const before = await connect();
    await before.endAsync(true);
    expect((await fetch(`${b.url}/core/profile`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    revokeSession(b.broker.db, token);

    expect((await fetch(`${b.url}/core/profile`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    await expect(connect()).rejects.toThrow();
  });
});
