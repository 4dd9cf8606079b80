import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildChartUrl } from "../../src/core/charts/chartUrl.js";
import type { Bar } from "../../src/core/types/bar.js";
import { controlClock } from "./authHelpers.js";
import { startBroker, type TestBroker } from "./harness.js";

// 10:00 IST on Monday 2026-11-23: the equity session is open. TICK_HZ=0: the test steps the market.
const OPEN = "2026-11-23T04:30:00Z";
const HOUR = 3600_000;

describe("chart pages: the ticket, the 8-hour chart cookie (access-and-surroundings section 7)", () => {
  let b: TestBroker;
  let bearer: string;
  let clock: { advance(ms: number): void };
  let infy: number;
  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: OPEN, TICK_HZ: "0" });
    bearer = await b.login("DEMO1");
    clock = controlClock(b);
    infy = b.broker.market.bySymbol("NSEEQ", "INFY")!.token;
  });
  afterAll(async () => b.stop());

  const ticket = async (token = bearer): Promise<string> => {
    const res = await fetch(`${b.url}/charts/ticket`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}" });
    return ((await res.json()) as { result: Array<{ ticket: string }> }).result[0]!.ticket;
  };
  const pageUrl = (t?: string, page: "lightweight" | "tradingview" = "tradingview") =>
    b.url +
    buildChartUrl({
      base: "/charts",
      page,
      instrument: { exchange: "NSEEQ", token: infy, tradingSymbol: "INFY-EQ", expiry: "", optionType: "", strikePrice: 0 },
      appName: "Tape",
      appVer: "1.0.0",
      loginId: "DEMO1",
      clientCode: "DEMO1",
      theme: "dark",
      ...(t ? { ticket: t } : {}),
    });
  const open = (url: string, cookie?: string) => fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const firstLoad = async (): Promise<string> => {
    const res = await open(pageUrl(await ticket()));
    return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  };

  it("the first load with a ticket sets the chart cookie for 8 hours, HttpOnly and SameSite=Strict, and drops the ticket from the address", async () => {
    const res = await open(pageUrl(await ticket()));
    expect(res.status).toBe(303);
    const set = res.headers.get("set-cookie") ?? "";
    expect(set).toMatch(/^tape_chart=[^;]+; Max-Age=28800; Path=\/charts; HttpOnly; SameSite=Strict$/);
    expect(res.headers.get("location")).toBe(pageUrl().slice(b.url.length));
  });

  it("with the cookie, both pages load (scripts from 'self' only)", async () => {
    const cookie = await firstLoad();
    for (const page of ["lightweight", "tradingview"] as const) {
      const res = await open(pageUrl(undefined, page), cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
      // The app embeds the page in a pane: framed by its own origin, by nobody else.
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    }
  });

  it("every other answer stays unframeable: a refused page and the app's own pages say frame-ancestors 'none' and DENY", async () => {
    const refused = await open(pageUrl());
    expect(refused.headers.get("x-frame-options")).toBe("DENY");
    const app = await fetch(`${b.url}/`);
    expect(app.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(app.headers.get("x-frame-options")).toBe("DENY");
  });

  it("without the cookie the page is refused with EC987", async () => {
    const res = await open(pageUrl());
    expect(res.status).toBe(401);
    expect((await res.json()).status).toBe("EC987");
  });

  it("a cookie is accepted at 7 h 59 min and refused at 8 h on the broker's clock", async () => {
    const cookie = await firstLoad();
    clock.advance(8 * HOUR - 60_000);
    expect((await open(pageUrl(), cookie)).status).toBe(200);
    clock.advance(60_000);
    const res = await open(pageUrl(), cookie);
    expect(res.status).toBe(401);
    expect((await res.json()).status).toBe("EC987");
    // Its data call too.
    const data = await fetch(`${b.url}/charts/page/bars?exchange=NSEEQ&token=${infy}`, { headers: { cookie } });
    expect(data.status).toBe(401);
  });

  it("a forged cookie or another client's page is refused", async () => {
    const cookie = await firstLoad();
    const [name, value] = cookie.split("=") as [string, string];
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
    expect((await open(pageUrl(), forged)).status).toBe(401);
    expect((await open(pageUrl().replace("clientCode=DEMO1", "clientCode=DEMO2"), cookie)).status).toBe(401);
  });

  it("a ticket works once, for one minute, and only with a session", async () => {
    const t = await ticket();
    expect((await open(pageUrl(t))).status).toBe(303);
    const again = await open(pageUrl(t));
    expect(again.status).toBe(401);
    expect((await again.json()).status).toBe("EC988");
    const late = await ticket();
    clock.advance(61_000);
    expect((await (await open(pageUrl(late))).json()).status).toBe("EC988");
    const res = await fetch(`${b.url}/charts/ticket`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(401);
  });

  it("a page with a bad exchange is refused with EC989", async () => {
    const res = await open(pageUrl().replace("exchType=C", "exchType=Q"));
    expect(res.status).toBe(400);
    expect((await res.json()).status).toBe("EC989");
  });

  it("the page's data call answers the same bars as the app's", async () => {
    const cookie = await firstLoad();
    const page = (await (await fetch(`${b.url}/charts/page/bars?exchange=NSEEQ&token=${infy}&interval=15m`, { headers: { cookie } })).json()) as { result: Bar[] };
    const app = (await (await fetch(`${b.url}/charts/bars?exchange=NSEEQ&token=${infy}&interval=15m`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as { result: Bar[] };
    expect(page.result).toEqual(app.result);
  });
});

describe("GET /charts/bars: history, then the live session from the simulator's own ticks", () => {
  let b: TestBroker;
  let bearer: string;
  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: OPEN, TICK_HZ: "0" });
    bearer = await b.login("DEMO1");
  });
  afterAll(async () => b.stop());
  const get = async (q: string): Promise<{ status: string; result: Bar[] }> =>
    (await fetch(`${b.url}/charts/bars?${q}`, { headers: { authorization: `Bearer ${bearer}` } })).json() as Promise<{ status: string; result: Bar[] }>;

  it("for every interval, the last bar's close is the LTP the feed publishes, also after more ticks", async () => {
    const m = b.broker.market;
    const tcs = m.bySymbol("NSEEQ", "TCS")!;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 5; i++) m.step();
      const ltp = m.quote("NSEEQ", tcs.token)!.ltp;
      for (const interval of ["1m", "5m", "15m", "60m", "1d"]) {
        const body = await get(`exchange=NSEEQ&token=${tcs.token}&interval=${interval}`);
        expect(body.status).toBe("Ok");
        expect(body.result.at(-1)!.close).toBe(ltp);
      }
    }
  });

  it("history: the day before today closes at today's previous close; every price lies in the 52-week range; bars are in time order", async () => {
    const m = b.broker.market;
    const reliance = m.bySymbol("NSEEQ", "RELIANCE")!;
    const q = m.quote("NSEEQ", reliance.token)!;
    const days = (await get(`exchange=NSEEQ&token=${reliance.token}&interval=1d`)).result;
    // 250 trading days of history, then today (10:00 IST on the 23rd has ticks once the market steps).
    const todayStart = Date.parse("2026-11-22T18:30:00Z");
    const past = days.filter((d) => d.time < todayStart);
    expect(past.length).toBe(250);
    expect(past.at(-1)!.close).toBe(q.pClose);
    for (const d of past) {
      expect(d.low).toBeGreaterThanOrEqual(q.weekLow);
      expect(d.high).toBeLessThanOrEqual(q.weekHigh);
      expect(d.low).toBeLessThanOrEqual(Math.min(d.open, d.close));
      expect(d.high).toBeGreaterThanOrEqual(Math.max(d.open, d.close));
      expect(d.volume).toBeGreaterThan(0);
    }
    const times = days.map((d) => d.time);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
  });

  it("intraday history bars start at the session open (09:15 IST) and a day's hour bars agree with its day bar", async () => {
    const infy = b.broker.market.bySymbol("NSEEQ", "INFY")!;
    const hours = (await get(`exchange=NSEEQ&token=${infy.token}&interval=60m`)).result;
    const days = (await get(`exchange=NSEEQ&token=${infy.token}&interval=1d`)).result;
    // Friday 2026-11-20, the last trading day before Monday the 23rd: 09:15 IST is 03:45 UTC.
    const friday = hours.filter((h) => h.time >= Date.parse("2026-11-20T03:45:00Z") && h.time < Date.parse("2026-11-20T18:30:00Z"));
    // 09:15 to 15:30 is 6 h 15 min: seven hour bars, the last one 15:15-15:30.
    expect(friday.map((h) => new Date(h.time).toISOString().slice(11, 16))).toEqual(["03:45", "04:45", "05:45", "06:45", "07:45", "08:45", "09:45"]);
    const day = days.find((d) => d.time === Date.parse("2026-11-19T18:30:00Z"))!;
    expect(day.open).toBe(friday[0]!.open);
    expect(day.close).toBe(friday.at(-1)!.close);
    expect(day.high).toBe(Math.max(...friday.map((h) => h.high)));
    expect(day.volume).toBe(friday.reduce((s, h) => s + h.volume, 0));
  });

  it("the same instrument's history is the same on every call (deterministic per instrument)", async () => {
    const infy = b.broker.market.bySymbol("NSEEQ", "INFY")!;
    const one = (await get(`exchange=NSEEQ&token=${infy.token}&interval=5m`)).result;
    const two = (await get(`exchange=NSEEQ&token=${infy.token}&interval=5m`)).result;
    const past = (bars: Bar[]) => bars.filter((x) => x.time < Date.parse("2026-11-22T18:30:00Z"));
    expect(past(two)).toEqual(past(one));
    expect(past(one).length).toBe(20 * 75);
  });

  it("refuses an interval it does not draw with EC400", async () => {
    expect((await get("exchange=NSEEQ&token=1594&interval=7m")).status).toBe("EC400");
  });
});
