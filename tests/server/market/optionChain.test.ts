import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";
import type { OptionChain } from "../../../src/core/types/optionChain.js";

/*
 * The option chain call (GET /core/optionchain, server/README.md) on a frozen market
 * (TICK_HZ=0) at 09:30 IST on Tuesday 17 Nov 2026. NIFTY's options then expire on
 * 17 Nov (weekly, today), 24 Nov (monthly: the last Tuesday), 1 Dec, 8 Dec (weekly),
 * 29 Dec and 26 Jan (monthly).
 */
const NIFTY_INDEX = 26000;

describe("option chain", () => {
  let b: TestBroker;
  let token: string;
  const chain = async (query: string) =>
    (await (await fetch(`${b.url}/core/optionchain?${query}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      status: string;
      message: string;
      result: OptionChain[];
    };

  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-17T04:00:00Z", TICK_HZ: "0" });
    token = await b.login("DEMO1");
  });
  afterAll(async () => b.stop());

  it("refuses an unknown symbol and an unknown expiry with their codes", async () => {
    const unknown = await chain("symbol=NOSUCH");
    expect(unknown.status).toBe("EC980");
    expect(unknown.message).toContain("No option chain for this symbol");
    expect((await chain("")).status).toBe("EC980");
    expect((await chain("symbol=NIFTY&expiry=2026-11-18")).status).toBe("EC981");
  });

  it("lists the expiries nearest first, defaults to the nearest, and orders strikes ascending", async () => {
    const body = await chain("symbol=nifty");
    expect(body.status).toBe("Ok");
    const c = body.result[0]!;
    expect(c.expiries).toEqual(["2026-11-17", "2026-11-24", "2026-12-01", "2026-12-08", "2026-12-29", "2027-01-26"]);
    expect(c.expiry).toBe("2026-11-17");
    expect(c.underlying).toEqual({ exchange: "NSEEQ", token: NIFTY_INDEX, tradingSymbol: "NIFTY", isIndex: true });
    expect(c.lotSize).toBe(75);
    // 20 strikes of 50 either side of the reference 24650: 23650 .. 25650.
    expect(c.strikes.length).toBe(41);
    expect(c.strikes[0]!.strike).toBe(23650);
    expect(c.strikes[40]!.strike).toBe(25650);
    for (let i = 1; i < c.strikes.length; i++) expect(c.strikes[i]!.strike).toBeGreaterThan(c.strikes[i - 1]!.strike);
    const s = c.strikes[0]!;
    expect(s.ce!.tradingSymbol).toBe("NIFTY26N1723650CE");
    expect(s.pe!.tradingSymbol).toBe("NIFTY26N1723650PE");
  });

  it("USDINR, whose options NSECURR and BSECURR both list: NSE's unless BSE is asked (src/core/rules/chainExchange.ts)", async () => {
    const exchangesOf = (c: OptionChain) => [...new Set(c.strikes.flatMap((s) => [s.ce?.exchange, s.pe?.exchange]))];
    // "NSE first, as for equity derivatives": every contract and the underlying (the near future) NSECURR's.
    const nse = (await chain("symbol=USDINR")).result[0]!;
    expect(exchangesOf(nse)).toEqual(["NSECURR"]);
    expect(nse.underlying.exchange).toBe("NSECURR");
    const bse = (await chain("symbol=USDINR&exchange=BSE")).result[0]!;
    expect(exchangesOf(bse)).toEqual(["BSECURR"]);
    expect(bse.underlying.exchange).toBe("BSECURR");
    // "MCX first for commodities": GOLD's options are MCX's (NSECOMM and BSECOMM list none).
    expect(exchangesOf((await chain("symbol=GOLD")).result[0]!)).toEqual(["MCXCOMM"]);
  });

  it("a stock's chain: INFY", async () => {
    const c = (await chain("symbol=INFY")).result[0]!;
    expect(c.underlying.exchange).toBe("NSEEQ");
    // Stock options run on the three monthly expiries, 40 strikes each side of the money, positive
    // strikes only (server/market/instruments/breadth.ts). INFY's reference price is about 1,140:
    // its strike step is 50 (1,000 to 2,500), the money is 1,150, so the strikes run from 50
    // (1,150 - 22 x 50) to 3,150 (1,150 + 40 x 50): 22 + 1 + 40 = 63.
    expect(c.expiries.length).toBe(3);
    expect(c.strikes.length).toBe(63);
    expect([c.strikes[0]!.strike, c.strikes.at(-1)!.strike]).toEqual([50, 3150]);
  });

  // Within the option's price band (previous close plus a tenth of the underlying's close, so
  // any move inside the index's 10 % market-wide circuit) the floor holds.
  it("never prices an option below its intrinsic value, up to a 9.5 % move of the underlying either way", async () => {
    for (const spot of [24000, 22310, 26990]) {
      b.broker.market.setPrice("NSEEQ", NIFTY_INDEX, spot);
      for (const expiry of ["2026-11-17", "2026-11-24", "2026-12-29"]) {
        const c = (await chain(`symbol=NIFTY&expiry=${expiry}`)).result[0]!;
        expect(c.spot).toBe(spot);
        for (const s of c.strikes) {
          expect(s.ce!.ltp, `${expiry} ${s.strike} CE at ${spot}`).toBeGreaterThanOrEqual(Math.max(0, spot - s.strike));
          expect(s.pe!.ltp, `${expiry} ${s.strike} PE at ${spot}`).toBeGreaterThanOrEqual(Math.max(0, s.strike - spot));
        }
      }
    }
  });

  it("keeps put-call parity, C - P = S - K e^(-rT), within the two contracts' spreads where no side sits on its intrinsic floor", async () => {
    b.broker.market.setPrice("NSEEQ", NIFTY_INDEX, 24310.45);
    const c = (await chain("symbol=NIFTY&expiry=2026-12-29")).result[0]!;
    // 17 Nov 09:30 IST to 29 Dec 15:30 IST: 42 days and 6 hours.
    const years = 42.25 / 365;
    let checked = 0;
    for (const s of c.strikes) {
      const ce = s.ce!;
      const pe = s.pe!;
      if (pe.ltp <= Math.max(0, s.strike - c.spot) + 0.05) continue;
      const parity = c.spot - s.strike * Math.exp(-0.065 * years);
      const spreads = ce.ask - ce.bid + (pe.ask - pe.bid);
      expect(spreads).toBeGreaterThan(0);
      expect(Math.abs(ce.ltp - pe.ltp - parity), `strike ${s.strike}`).toBeLessThanOrEqual(spreads);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  /*
   * Greeks worked by hand at S = 24000, expiry 24 Nov 15:30 IST: T = 7.25 days / 365 = 0.0198630.
   * The simulator's volatility at the money is NIFTY's 13 % (smile factor 1 at K = S), so
   * K = 24000: sigma sqrt T = 0.13 * 0.140936 = 0.0183217;
   *   d1 = (0 + (0.065 + 0.00845) * 0.0198630) / 0.0183217 = 0.079629, d2 = 0.061307
   *   N(d1) = 0.531734; call = 24000*0.531734 - 24000*0.998710*N(0.061307 = 0.524443) = 191.23
   *   put = call - S + K e^-rT = 191.23 - 24000 + 23969.03 = 160.26
   *   delta CE = 0.5317, PE = -0.4683; gamma = phi(d1)/(S sigma sqrt T) = 0.397678/(24000*0.0183217) = 0.000904
   *   vega = S phi sqrt T / 100 = 24000*0.397678*0.140936/100 = 13.45
   *   theta CE = (-S phi sigma/(2 sqrt T) - r K e^-rT N(d2)) / 365 = (-4402.10 - 816.99)/365 = -14.30
   *   theta PE = (-4402.10 + 0.065*23969.03*0.475557)/365 = (-4402.10 + 740.90)/365 = -10.03
   * K = 25000: smile factor 1 - 0.8 m + 6 m^2 at m = ln(25000/24000) = 0.040822 is 0.977341, sigma = 12.705 %;
   *   call = 2.10 (OTM). The put's model value 969.84 is below its intrinsic 1000, so the simulator
   *   holds it at 1000; that price is still above the European lower bound K e^-rT - S = 967.74, so
   *   a volatility explains it: bisecting put(sigma) = 1000 gives sigma = 21.297 %, where
   *   d1 = (ln(24000/25000) + (0.065 + 0.022678) * 0.019863) / (0.21297 * 0.140936) = -1.30201,
   *   delta PE = N(d1) - 1 = 0.096456 - 1 = -0.90354, gamma = phi(d1)/(S sigma sqrt T) = 0.000237,
   *   vega = 5.78, theta PE = -4.45.
   */
  it("answers implied volatility and greeks that match the hand-worked values", async () => {
    b.broker.market.setPrice("NSEEQ", NIFTY_INDEX, 24000);
    const c = (await chain("symbol=NIFTY&expiry=2026-11-24")).result[0]!;
    expect(c.riskFreeRate).toBe(0.065);
    const atm = c.strikes.find((s) => s.strike === 24000)!;
    // On the 0.05 grid, one tick either way: the broker's clock runs while the test does.
    expect(Math.abs(atm.ce!.ltp - 191.23)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(atm.pe!.ltp - 160.26)).toBeLessThanOrEqual(0.05);
    expect(atm.ce!.iv).toBeCloseTo(13, 1);
    expect(atm.pe!.iv).toBeCloseTo(13, 1);
    expect(atm.ce!.delta).toBeCloseTo(0.5317, 3);
    expect(atm.pe!.delta).toBeCloseTo(-0.4683, 3);
    expect(atm.ce!.gamma).toBeCloseTo(0.000904, 5);
    expect(atm.ce!.vega).toBeCloseTo(13.45, 1);
    expect(atm.ce!.theta).toBeCloseTo(-14.3, 1);
    expect(atm.pe!.theta).toBeCloseTo(-10.03, 1);

    const far = c.strikes.find((s) => s.strike === 25000)!;
    expect(far.ce!.ltp).toBe(2.1);
    expect(far.ce!.iv).toBeCloseTo(12.7, 1);
    expect(far.pe!.ltp).toBe(1000);
    expect(far.pe!.iv).toBeCloseTo(21.3, 1);
    expect(far.pe!.delta).toBeCloseTo(-0.90354, 3);
    expect(far.pe!.gamma).toBeCloseTo(0.000237, 5);
    expect(far.pe!.vega).toBeCloseTo(5.78, 1);
    expect(far.pe!.theta).toBeCloseTo(-4.45, 1);
  });

  it("carries each contract's open interest and its change over the previous day", async () => {
    const c = (await chain("symbol=NIFTY&expiry=2026-11-24")).result[0]!;
    for (const s of c.strikes) {
      expect(s.ce!.oi).toBeGreaterThan(0);
      expect(Number.isInteger(s.ce!.oiChg)).toBe(true);
      expect(s.pe!.oi).toBeGreaterThan(0);
    }
    expect(c.strikes.some((s) => s.ce!.oiChg !== 0 || s.pe!.oiChg !== 0)).toBe(true);
  });

  it("needs a session", async () => {
    const res = await fetch(`${b.url}/core/optionchain?symbol=NIFTY`);
    expect(res.status).toBe(401);
  });
});
