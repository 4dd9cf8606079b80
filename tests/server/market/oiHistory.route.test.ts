import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OiHistoryRow } from "../../../src/core/wire/market.js";
import { startBroker, type TestBroker } from "../harness.js";

/** Issue 31: GET /core/v2/oi-history, the chain's OI build-up over the last 5, 15 and 30 minutes. */
describe("OI history", () => {
  let b: TestBroker;
  let bearer: string;
  const get = async (query: string, auth = true) => {
    const res = await fetch(`${b.url}/core/v2/oi-history?${query}`, auth ? { headers: { authorization: `Bearer ${bearer}` } } : {});
    return { http: res.status, body: (await res.json()) as { status: string; message: string; result: OiHistoryRow[] } };
  };

  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-17T04:00:00Z", TICK_HZ: "0" });
    bearer = await b.login("DEMO1");
  });
  afterAll(async () => b.stop());

  it("answers every option of the nearest expiry, strikes ascending, each with its 5, 15 and 30 minute windows", async () => {
    // The chain is priced, then the market moves a little: the whole session so far is inside the last 5 minutes.
    await get("symbol=NIFTY");
    for (let i = 0; i < 20; i++) b.broker.market.step();
    const { body } = await get("symbol=nifty");
    expect(body.status).toBe("Ok");
    const rows = body.result;
    expect(rows.length).toBeGreaterThan(40);
    const strikes = rows.map((r) => r.strike);
    expect(strikes).toEqual([...strikes].sort((x, y) => x - y));
    expect(new Set(rows.map((r) => r.optionType))).toEqual(new Set(["CE", "PE"]));
    let moved = 0;
    for (const r of rows) {
      const q = b.broker.market.quote(r.exchange, r.token)!;
      expect(r.windows.map((w) => w.minutes)).toEqual([5, 15, 30]);
      // Every window reaches back before the session's first entry, which holds the opening OI (the previous day's) and price.
      for (const w of r.windows) expect(w.oiChange).toBe(r.oi - q.previousOI);
      expect(r.series).toEqual([]);
      if (r.windows[0]!.oiChange !== 0) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });

  it("with a token, one contract and its per-minute series, the last entry standing at its quote", async () => {
    const all = (await get("symbol=NIFTY&expiry=2026-11-24")).body.result;
    const one = all.find((r) => r.optionType === "PE")!;
    const { body } = await get(`symbol=NIFTY&expiry=2026-11-24&token=${one.token}`);
    expect(body.result.length).toBe(1);
    const row = body.result[0]!;
    expect(row.series.length).toBeGreaterThan(0);
    expect(row.series.at(-1)).toMatchObject({ oi: row.oi, ltp: row.ltp });
  });

  it("reads the options of the exchange asked for: USDINR's BSE chain is BSECURR's history, as the option chain's own query picks it", async () => {
    // chainExchange.ts: "NSE first ... The trader may ask for another (`chain USDINR BSE`)": the same words the chain's query takes.
    const bse = (await get("symbol=USDINR&exchange=BSE")).body;
    expect(bse.status).toBe("Ok");
    expect(bse.result.length).toBeGreaterThan(0);
    expect(new Set(bse.result.map((r) => r.exchange))).toEqual(new Set(["BSECURR"]));
    const chain = (await (await fetch(`${b.url}/core/optionchain?symbol=USDINR&exchange=BSE`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as {
      result: Array<{ strikes: Array<{ ce: { token: number } | null; pe: { token: number } | null }> }>;
    };
    const tokens = chain.result[0]!.strikes.flatMap((s) => [s.ce?.token, s.pe?.token]).filter((t): t is number => t !== undefined);
    expect(bse.result.map((r) => r.token).sort((x, y) => x - y)).toEqual([...tokens].sort((x, y) => x - y));
    // Not asked: NSE's, the default venue's.
    expect(new Set((await get("symbol=USDINR")).body.result.map((r) => r.exchange))).toEqual(new Set(["NSECURR"]));
  });

  it("refuses an unknown symbol (EC980), expiry (EC981) and token (EC902), and needs a session", async () => {
    expect((await get("symbol=NOSUCH")).body.status).toBe("EC980");
    expect((await get("symbol=NIFTY&expiry=2026-11-18")).body.status).toBe("EC981");
    expect((await get("symbol=NIFTY&token=1")).body.status).toBe("EC902");
    expect((await get("symbol=NIFTY", false)).http).toBe(401);
  });
});
