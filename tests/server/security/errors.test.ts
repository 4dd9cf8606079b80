import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";
import { codeOf, envelopeProblem } from "./envelope.js";
import { rawRequest, requestBytes } from "./rawHttp.js";

/**
 * Issue 12 item 6: fastify's own refusals answer in the envelope with a catalogued EC code
 * (src/core/errors/transport.ts), and a 20,000-deep nested array in a numeric field is
 * refused with an EC code, never an HTTP 500.
 */
describe("every answer in the envelope", () => {
  let b: TestBroker;
  let host: string;
  let token: string;
  beforeAll(async () => {
    b = await startBroker();
    host = new URL(b.url).host;
    token = await b.login("DEMO1");
  });
  afterAll(async () => b.stop());

  const send = (method: string, target: string, opts: { body?: string; contentType?: string; bearer?: string | null } = {}) =>
    rawRequest(b.url, requestBytes(method, target, host, { body: opts.body, contentType: opts.contentType, bearer: opts.bearer === null ? undefined : (opts.bearer ?? token) }));

  it("answers a path parameter over the router's length EC414", async () => {
    const res = await send("DELETE", `/core/v2/orders/${"9".repeat(200)}`);
    expect(envelopeProblem(res)).toBe("");
    expect(codeOf(res)).toBe("EC414");
  });

  it.each([["/core/v2/orders/%zz"], ["/auth/%zz"], ["/%zz"]])("answers the bad URL encoding %s EC400", async (target) => {
    const res = await send("POST", target, { body: "{}" });
    expect(envelopeProblem(res)).toBe("");
    expect(codeOf(res)).toBe("EC400");
  });

  it.each([["/core/addscrip"], ["/core/v2/orders/"], ["/auth/get/encKey"]])("answers a body over the limit on %s EC413", async (target) => {
    const res = await send("POST", target, { body: JSON.stringify({ mwId: "1".repeat(1_100_000) }) });
    expect(envelopeProblem(res)).toBe("");
    expect(codeOf(res)).toBe("EC413");
  });

  it.each([["/auth/get/encKey"], ["/core/addscrip"], ["/core/v2/orders/"]])("answers an unsupported media type on %s EC415", async (target) => {
    const res = await send("POST", target, { body: "<a/>", contentType: "application/xml" });
    expect(envelopeProblem(res)).toBe("");
    expect(codeOf(res)).toBe("EC415");
  });

  const deep = "[".repeat(20_000) + "]".repeat(20_000);
  it.each([
    ["/core/addscrip", `{"mwId":${deep},"scrips":[]}`],
    ["/core/deletescrip", `{"mwId":302,"scrips":[{"exchange":"NSEEQ","token":${deep}}]}`],
    ["/core/sortMwScrips", `{"mwId":302,"scripData":[{"exchange":"NSEEQ","token":2885,"sortingOrder":${deep}}]}`],
    ["/core/renameMW", `{"mwId":${deep},"mwName":"x"}`],
    ["/core/startbar/add", `{"exchange":"NSEEQ","token":${deep}}`],
    ["/core/startbar/add", `{"exchange":"NSEEQ","token":2885,"position":${deep}}`],
    ["/core/v2/orders/", `{"exchange":"NSEEQ","instrumentId":"2885","quantity":${deep}}`],
    ["/core/v2/funds/add", `{"amount":${deep}}`],
    ["/wrapper/formtoken/get/brokerage", `{"head":{},"body":{"scripDetails":{"scripCode":${deep},"exchange":"NSEEQ"},"orderDetails":{}}}`],
    ["/wrapper/order/placeordergtt", `{"token":${deep}}`],
    ["/dev/price", `{"exchange":"NSEEQ","token":${deep},"price":1}`],
  ])("answers a 20,000-deep array on %s with an EC code", async (target, body) => {
    const res = await send("POST", target, { body });
    expect(envelopeProblem(res)).toBe("");
    expect(res.status).toBe(200);
    expect(codeOf(res)).toMatch(/^EC/);
  });

  it("refuses a __proto__ key with an EC code", async () => {
    for (const target of ["/core/addscrip", "/core/v2/orders/", "/auth/get/encKey"]) {
      const res = await send("POST", target, { body: `{"__proto__":{"isAdmin":true},"mwId":302}` });
      expect(envelopeProblem(res)).toBe("");
      expect(codeOf(res)).toMatch(/^EC/);
    }
  });
});
