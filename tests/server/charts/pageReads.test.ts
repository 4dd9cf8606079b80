import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Instrument } from "../../../server/market/types.js";
import { buildChartUrl } from "../../../src/core/charts/chartUrl.js";
import type { ChartDrawing } from "../../../src/core/wire/chartDrawings.js";
import { startTrading, type TradingBroker } from "../tradingHarness.js";

interface OrderLines {
  tickSize: number;
  lines: Array<{ id: string; price: number; label: string; tone: string; target?: { kind: string; orderNo?: string; field?: string } }>;
}

/**
 * Issue 34: the full chart page (/charts/tradingview) is the full chart. It holds the chart cookie
 * and no bearer, so its drawings and order lines come from GET /charts/page/drawings and
 * /charts/page/order-lines on that cookie: the cookie's user's, nobody else's.
 */
describe("the full chart page's drawings and order lines, on the chart cookie", () => {
  let b: TradingBroker;
  let infy: Instrument;
  let tcs: Instrument;
  let demo2: string;
  let orderNo: string;
  let limit: number;
  beforeAll(async () => {
    b = await startTrading();
    infy = b.market.bySymbol("NSEEQ", "INFY")!;
    tcs = b.market.bySymbol("NSEEQ", "TCS")!;
    demo2 = await b.login("DEMO2");
    // DEMO1: a BUY LIMIT resting 10 % under the market (whole rupees: on the 0.05 tick), and a horizontal line.
    limit = Math.round(b.market.quote("NSEEQ", infy.token)!.ltp * 0.9);
    const placed = await b.call<{ orderNo: string }>("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 3, product: "DELIVERY", orderType: "LIMIT", price: limit, validity: "DAY" });
    expect(placed.status, placed.message).toBe("Ok");
    orderNo = placed.result[0]!.orderNo;
    const saved = await b.call("POST", "/core/v2/chart-drawings/save", { exchange: "NSEEQ", token: infy.token, tool: "hline", points: [{ time: Date.UTC(2026, 10, 23, 4, 0), price: 1555.5 }] });
    expect(saved.status, saved.message).toBe("Ok");
  });
  afterAll(async () => b.stop());

  /** The chart cookie of `clientCode`, as a page gets it: a ticket minted with the bearer, redeemed by the first load. */
  const cookieOf = async (clientCode: string, bearer: string): Promise<string> => {
    const t = await fetch(`${b.url}/charts/ticket`, { method: "POST", headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" }, body: "{}" });
    const ticket = ((await t.json()) as { result: Array<{ ticket: string }> }).result[0]!.ticket;
    const url = buildChartUrl({ base: "/charts", page: "tradingview", instrument: { exchange: "NSEEQ", token: infy.token, tradingSymbol: "INFY", expiry: "", optionType: "", strikePrice: 0 }, appName: "Tape", appVer: "1", loginId: clientCode, clientCode, theme: "dark", ticket });
    const res = await fetch(`${b.url}${url}`, { redirect: "manual" });
    expect(res.status).toBe(303);
    return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  };
  const read = async <T>(what: "drawings" | "order-lines", token: number, cookie?: string) => {
    const res = await fetch(`${b.url}/charts/page/${what}?exchange=NSEEQ&token=${token}`, { headers: cookie ? { cookie } : {} });
    return { http: res.status, body: (await res.json()) as { status: string; result: T[] } };
  };

  it("without the chart cookie (or with a bearer only, or a forged cookie) both are refused with 401 EC987", async () => {
    for (const what of ["drawings", "order-lines"] as const) {
      expect(await read(what, infy.token)).toMatchObject({ http: 401, body: { status: "EC987" } });
      expect(await read(what, infy.token, "tape_chart=e30.AAAA")).toMatchObject({ http: 401, body: { status: "EC987" } });
      const bearerOnly = await fetch(`${b.url}/charts/page/${what}?exchange=NSEEQ&token=${infy.token}`, { headers: { authorization: `Bearer ${b.token}` } });
      expect(bearerOnly.status).toBe(401);
    }
  });

  it("with DEMO1's cookie: DEMO1's horizontal line, and the resting order's line at its price, movable by a price modify", async () => {
    const cookie = await cookieOf("DEMO1", b.token);
    const d = await read<ChartDrawing>("drawings", infy.token, cookie);
    expect(d.http).toBe(200);
    expect(d.body.result.map((x) => [x.tool, x.points[0]!.price])).toEqual([["hline", 1555.5]]);
    const o = await read<OrderLines>("order-lines", infy.token, cookie);
    expect(o.http).toBe(200);
    // NSE equity's tick (the instrument master) and rule 1 of lines.ts: a LIMIT order's line at its price.
    expect(o.body.result[0]!.tickSize).toBe(infy.tickSize);
    const line = o.body.result[0]!.lines.find((l) => l.target?.orderNo === orderNo);
    expect(line).toMatchObject({ price: limit, tone: "buy", target: { kind: "order", orderNo, field: "price" } });
    expect(line!.label).toContain("Buy 3");
    // Another instrument's chart has neither.
    expect((await read<ChartDrawing>("drawings", tcs.token, cookie)).body.result).toEqual([]);
    expect((await read<OrderLines>("order-lines", tcs.token, cookie)).body.result[0]!.lines.filter((l) => l.target?.orderNo === orderNo)).toEqual([]);
  });

  it("DEMO2's cookie gets nothing of DEMO1's on the same instrument: no drawing, no order line", async () => {
    const cookie = await cookieOf("DEMO2", demo2);
    expect((await read<ChartDrawing>("drawings", infy.token, cookie)).body.result).toEqual([]);
    const o = await read<OrderLines>("order-lines", infy.token, cookie);
    expect(o.http).toBe(200);
    expect(o.body.result[0]!.lines.some((l) => l.target?.orderNo === orderNo || l.price === limit)).toBe(false);
  });

  it("the query names an instrument, never a user: a clientCode in it changes nothing, and an unknown scrip is EC400", async () => {
    const cookie = await cookieOf("DEMO2", demo2);
    const res = await fetch(`${b.url}/charts/page/drawings?exchange=NSEEQ&token=${infy.token}&clientCode=DEMO1&userId=DEMO1`, { headers: { cookie } });
    expect(((await res.json()) as { result: unknown[] }).result).toEqual([]);
    expect((await read("order-lines", 99_999_999, cookie)).body.status).toBe("EC400");
  });

  it("the cookie is the only way in: the page reads take no POST (nothing on the page changes the account)", async () => {
    const cookie = await cookieOf("DEMO1", b.token);
    const res = await fetch(`${b.url}/charts/page/drawings?exchange=NSEEQ&token=${infy.token}`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(404);
  });
});
