import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { defaultSortOf, fromWeekHighPercent, fromWeekLowPercent, isNearWeekHigh, isNearWeekLow, nextSortColumn, rankGainers, rankLosers, sortColumnsOf, sortMarketRows, type MarketRow } from "../../../src/core/rules/discover";

const row = (symbol: string, pchg: number, ltp = 100, volume = 0): MarketRow => ({
  ScripCode: symbol.length, exchange: "NSEEQ", token: symbol.charCodeAt(0), topic: "", pdc: 0, ltp, chg: 0, pchg, h: 0, o: 0, l: 0, volume,
  symbol, tradingSymbol: `${symbol}-EQ`, formattedInsName: "", companyName: "", weekHigh: 0, weekLow: 0,
});

describe("the 52-week lists: at or within 1 % of the 52-week high or low", () => {
  it("a high of 100 takes 99 (exactly 1 % below) and 100, not 98.99", () => {
    expect(isNearWeekHigh(100, 100)).toBe(true);
    expect(isNearWeekHigh(99, 100)).toBe(true);
    expect(isNearWeekHigh(98.99, 100)).toBe(false);
  });
  it("a low of 200 takes 202 (exactly 1 % above) and 200, not 202.05", () => {
    expect(isNearWeekLow(200, 200)).toBe(true);
    expect(isNearWeekLow(202, 200)).toBe(true);
    expect(isNearWeekLow(202.05, 200)).toBe(false);
  });
  it("no range (0) puts nothing in a list", () => {
    expect(isNearWeekHigh(5, 0)).toBe(false);
    expect(isNearWeekLow(5, 0)).toBe(false);
  });
});

describe("gainers by pchg descending, losers ascending, the top n", () => {
  const rows = [row("A", 1.5), row("B", -2), row("C", 3.25), row("D", 0), row("E", -0.5), row("F", 1.5)];
  it("gainers: only rises, largest first, equal changes by symbol", () => {
    expect(rankGainers(rows, 20).map((r) => r.symbol)).toEqual(["C", "A", "F"]);
    expect(rankGainers(rows, 2).map((r) => r.symbol)).toEqual(["C", "A"]);
  });
  it("losers: only falls, largest fall first", () => {
    expect(rankLosers(rows, 20).map((r) => r.symbol)).toEqual(["B", "E"]);
  });
});

describe("grid sort on the live figures", () => {
  const rows = [row("INFY", 1, 1500, 10), row("ACC", -1, 2000, 30), row("TCS", 2, 3000, 20)];
  const live = (r: MarketRow) => ({ ltp: r.ltp, chg: 0, pchg: r.pchg, volume: r.volume, weekHigh: 0, weekLow: 0 });
  it("by LTP descending, by symbol A to Z, by volume ascending", () => {
    expect(sortMarketRows(rows, { column: "ltp", descending: true }, live).map((r) => r.symbol)).toEqual(["TCS", "ACC", "INFY"]);
    expect(sortMarketRows(rows, { column: "symbol", descending: false }, live).map((r) => r.symbol)).toEqual(["ACC", "INFY", "TCS"]);
    expect(sortMarketRows(rows, { column: "volume", descending: false }, live).map((r) => r.symbol)).toEqual(["INFY", "TCS", "ACC"]);
  });
  it("the feed's price wins over the list's answer", () => {
    const feed = (r: MarketRow) => ({ ...live(r), ltp: r.symbol === "INFY" ? 9999 : r.ltp });
    expect(sortMarketRows(rows, { column: "ltp", descending: true }, feed)[0]!.symbol).toBe("INFY");
  });
  it("the keyboard's cycle wraps from volume to symbol", () => {
    expect(nextSortColumn("volume")).toBe("symbol");
    expect(nextSortColumn("symbol")).toBe("ltp");
  });
});

describe("issue 29: the 52-week lists show the distance to the extreme", () => {
  it("from the high: (ltp − high) / high × 100; 99 against 100 is −1 %, at the high 0, above it a new high (0)", () => {
    expect(fromWeekHighPercent(99, 100)).toBeCloseTo(-1, 12);
    expect(fromWeekHighPercent(100, 100)).toBe(0);
    expect(fromWeekHighPercent(101, 100)).toBe(0);
    expect(fromWeekHighPercent(50, 0)).toBe(0);
  });
  it("from the low: (ltp − low) / low × 100; 202 against 200 is +1 %, below it a new low (0)", () => {
    expect(fromWeekLowPercent(202, 200)).toBeCloseTo(1, 12);
    expect(fromWeekLowPercent(199, 200)).toBe(0);
    expect(fromWeekLowPercent(5, 0)).toBe(0);
  });
  it("52 Week High opens nearest the high first, 52 Week Low nearest the low first", () => {
    const near = (s: string, ltp: number, weekHigh: number, weekLow: number) => ({ ...row(s, 0, ltp), weekHigh, weekLow });
    const rows = [near("A", 99, 100, 50), near("B", 100, 100, 50), near("C", 99.5, 100, 50)];
    const live = (r: MarketRow) => ({ ltp: r.ltp, chg: 0, pchg: 0, volume: 0, weekHigh: r.weekHigh, weekLow: r.weekLow });
    // B is at the high (0 %), C 0.5 % below, A 1 % below.
    expect(sortMarketRows(rows, defaultSortOf("weekHigh")!, live).map((r) => r.symbol)).toEqual(["B", "C", "A"]);
    const lows = [near("A", 202, 300, 200), near("B", 200, 300, 200), near("C", 201, 300, 200)];
    expect(sortMarketRows(lows, defaultSortOf("weekLow")!, live).map((r) => r.symbol)).toEqual(["B", "C", "A"]);
  });
  it("the keyboard's cycle on 52 Week High passes through its distance column", () => {
    expect(nextSortColumn("volume", sortColumnsOf("weekHigh"))).toBe("fromHigh");
    expect(nextSortColumn("fromHigh", sortColumnsOf("weekHigh"))).toBe("symbol");
    expect(sortColumnsOf("topGainers")).not.toContain("fromHigh");
  });
});

describe("issue 29: the rank follows the ticks", () => {
  it("a gainers grid re-ranked on any live changes is in non-increasing change and holds every row once", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -20, max: 20, noNaN: true }), { minLength: 1, maxLength: 30 }), (changes) => {
        const rows = changes.map((_, i) => row(`S${i}`, 1));
        // The live change of row i is changes[i], whatever the list answered when it was fetched.
        const live = (r: MarketRow) => ({ ltp: 1, chg: 0, pchg: changes[Number(r.symbol.slice(1))]!, volume: 0, weekHigh: 0, weekLow: 0 });
        const ranked = sortMarketRows(rows, defaultSortOf("topGainers")!, live);
        const seen = ranked.map((r) => live(r).pchg);
        expect(seen.every((x, i) => i === 0 || x <= seen[i - 1]!)).toBe(true);
        expect(new Set(ranked.map((r) => r.symbol)).size).toBe(rows.length);
      }),
      { seed: 2929, numRuns: 200 },
    );
  });
});
