import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";

describe("GET /charts/bars (the full-screen watchlist's mini chart)", () => {
  let b: TestBroker;
  let token: string;
  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z" });
    token = await b.login("DEMO1");
  });
  afterAll(async () => b.stop());

  const get = (q: string, bearer: string | null = token) =>
    fetch(`${b.url}/charts/bars?${q}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

  it("needs the bearer token like every other service prefix", async () => {
    expect((await get("exchange=NSEEQ&token=1", null)).status).toBe(401);
  });

  it("ends with today's one-minute bars of an instrument, oldest first, as the market keeps them (history comes before them)", async () => {
    const infy = b.broker.market.bySymbol("NSEEQ", "INFY")!;
    const body = await (await get(`exchange=NSEEQ&token=${infy.token}`)).json();
    expect(body.status).toBe("Ok");
    const today = b.broker.market.bars("NSEEQ", infy.token);
    expect(body.result.slice(body.result.length - today.length)).toEqual(today);
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
