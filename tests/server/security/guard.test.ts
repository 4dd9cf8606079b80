import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";
import { rawRequest, requestBytes } from "./rawHttp.js";

/**
 * Issue 12 item 1: the session guard decides on the route the router picked, so no spelling of
 * a protected path (percent-encoded letters, absolute-form request target) reaches its handler
 * without a session. Each answer must be the plain 401 EC044 of DESIGN.md section 5.
 */
describe("session guard", () => {
  let b: TestBroker;
  let host: string;
  beforeAll(async () => {
    b = await startBroker();
    host = new URL(b.url).host;
  });
  afterAll(async () => b.stop());

  const refused = async (method: string, target: string, body?: string) => {
    const res = await rawRequest(b.url, requestBytes(method, target, host, { body }));
    return { status: res.status, code: (JSON.parse(res.body) as { status: string }).status, target };
  };

  it.each([
    ["POST", "/%63ore/limits"],
    ["POST", "/cor%65/search"],
    ["POST", "/%77rapper/formtoken/getMarketStatus"],
    ["GET", "/%63ore/profile"],
    ["POST", "/%73pan/spanexposure"],
    ["GET", "/%63harts/bars?exchange=NSEEQ&token=2885"],
    ["POST", "/core/v2/%6frders/"],
  ])("refuses %s %s without a session", async (method, target) => {
    expect(await refused(method, target, method === "POST" ? "{}" : undefined)).toEqual({ status: 401, code: "EC044", target });
  });

  it("refuses absolute-form targets without a session", async () => {
    expect(await refused("GET", `http://${host}/core/profile`)).toEqual({ status: 401, code: "EC044", target: `http://${host}/core/profile` });
    expect(await refused("POST", `http://${host}/core/v2/orders/`, "{}")).toEqual({ status: 401, code: "EC044", target: `http://${host}/core/v2/orders/` });
    expect(await refused("POST", `http://elsewhere.example/%63ore/limits`, "{}")).toEqual({ status: 401, code: "EC044", target: "http://elsewhere.example/%63ore/limits" });
  });

  it("refuses every session route, in encoded and absolute forms, without a session", async () => {
    const session = b.broker.routes.filter((r) => r.access === "session" && r.method !== "HEAD");
    // Every call under the protected services is a session route (DESIGN.md section 5).
    expect(session.map((r) => r.url).filter((u) => !/^\/(core|wrapper|span|charts)\//.test(u))).toEqual([]);
    expect(session.length).toBeGreaterThan(30);
    for (const r of session) {
      const path = r.url.replace(/:\w+/g, "1");
      const encoded = `/%${path.charCodeAt(1).toString(16)}${path.slice(2)}`;
      const body = r.method === "GET" ? undefined : "{}";
      expect(await refused(r.method, encoded, body)).toEqual({ status: 401, code: "EC044", target: encoded });
      expect(await refused(r.method, `http://${host}${path}`, body)).toEqual({ status: 401, code: "EC044", target: `http://${host}${path}` });
    }
  });

  it("still serves a protected route to its session through an encoded spelling", async () => {
    const token = await b.login("DEMO1");
    const res = await rawRequest(b.url, requestBytes("GET", "/%63ore/profile", host, { bearer: token }));
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as { result: Array<{ clientCode: string }> }).result[0]?.clientCode).toBe("DEMO1");
  });
});
