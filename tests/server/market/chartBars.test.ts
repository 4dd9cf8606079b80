import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";

// 10:00 IST on Monday 2026-11-23, the equity session open. TICK_HZ=0: the test steps the market
// itself, so no tick lands between the GET and the read of market.bars() (with the market's own
// timer one did under load: INFY first traded after the GET, and the answer ended in history).
const OPEN = "2026-11-23T04:30:00Z";

describe("GET /charts/bars (the full-screen watchlist's mini chart)", () => {
  let b: TestBroker;
  let token: string;
  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: OPEN, TICK_HZ: "0" });
    token = await b.login("DEMO1");
  });
  afterAll(async () => b.stop());

  const get = (q: string, bearer: string | null = token) =>
    fetch(`${b.url}/charts/bars?${q}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

  it("needs the bearer token like every other service prefix", async () => {
    expect((await get("exchange=NSEEQ&token=1", null)).status).toBe(401);
  });

  it("ends with today's one-minute bars of an instrument, oldest first, as the market keeps them (history comes before them)", async () => {
    const m = b.broker.market;
    const infy = m.bySymbol("NSEEQ", "INFY")!;
    // A share trades on most steps, not all: step until INFY has traded today.
    for (let i = 0; i < 50 && m.bars("NSEEQ", infy.token).length === 0; i++) m.step();
    const today = m.bars("NSEEQ", infy.token);
    expect(today.length).toBeGreaterThan(0);
    const body = await (await get(`exchange=NSEEQ&token=${infy.token}`)).json();
    expect(body.status).toBe("Ok");
    expect(body.result.length).toBeGreaterThan(today.length);
    expect(body.result.slice(body.result.length - today.length)).toEqual(today);
    // Today's last bar starts on the 23rd (IST midnight is 18:30 UTC on the 22nd) and closes at the last price.
    expect(body.result.at(-1).time).toBeGreaterThanOrEqual(Date.parse("2026-11-22T18:30:00Z"));
    expect(body.result.at(-1).close).toBe(m.quote("NSEEQ", infy.token)!.ltp);
    // The bar before today's is history: a trading day before the 23rd.
    expect(body.result.at(-today.length - 1).time).toBeLessThan(Date.parse("2026-11-22T18:30:00Z"));
    const times = (body.result as Array<{ time: number }>).map((r) => r.time);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });

  it("refuses an unknown or malformed scrip with an EC code, never a 500", async () => {
    for (const q of ["exchange=NOPE&token=1", "exchange=NSEEQ&token=abc", "", "exchange=NSEEQ&token=999999999"]) {
      const res = await get(q);
      expect(res.status).toBe(200);
      expect((await res.json()).status).toBe("EC400");
    }
  });
});
