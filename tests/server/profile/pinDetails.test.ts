import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";

/** "Wrapper requests (… pin details get and update …) each has a head": the pins through { head, body }. */
describe("pin details", () => {
  let b: TestBroker;
  beforeAll(async () => {
    b = await startBroker({ TICK_HZ: "0" });
  });
  afterAll(async () => b.stop());

  const head = { requestCode: "UpdatePinDetails", key: "k", appVer: "1.0.0", appName: "TAPE", osName: "WEB", LoginId: "DEMO1" };
  const post = async (path: string, token: string, body: unknown) =>
    (await fetch(`${b.url}${path}`, { method: "post", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) })).json();

  it("getPinDetails answers the default pins; updatePinDetails pins and unpins; the startbar shows the same", async () => {
    const token = await b.login("DEMO2");
    const before = await post("/wrapper/formtoken/getPinDetails", token, { head, body: {} });
    // The defaults: NIFTY 50 (NSEEQ 26000), SENSEX (BSEEQ 1), NIFTY BANK (NSEEQ 26009).
    expect(before.result).toEqual([
      { position: 0, exchange: "NSEEQ", token: 26000 },
      { position: 1, exchange: "BSEEQ", token: 1 },
      { position: 2, exchange: "NSEEQ", token: 26009 },
    ]);
    const added = await post("/wrapper/formtoken/updatePinDetails", token, { head, body: { exchange: "NSEEQ", token: 26000, remove: true } });
    expect(added.status).toBe("Ok");
    const after = await post("/wrapper/formtoken/getPinDetails", token, { head, body: {} });
    expect(after.result).toEqual([
      { position: 0, exchange: "BSEEQ", token: 1 },
      { position: 1, exchange: "NSEEQ", token: 26009 },
    ]);
    const bar = await (await fetch(`${b.url}/core/v2/client-util/startbar/get`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(bar.result.map((r: { token: number }) => r.token)).toEqual([1, 26009]);
  });

  it("refuses a request without the { head, body } shape", async () => {
    const token = await b.login("DEMO2");
    expect((await post("/wrapper/formtoken/updatePinDetails", token, { exchange: "NSEEQ", token: 26000 })).status).toBe("EC900");
    expect((await post("/wrapper/formtoken/updatePinDetails", token, { head, body: { exchange: "XX", token: 1 } })).status).toBe("EC400");
  });
});
