import { describe, expect, it } from "vitest";
import { isNearWeekHigh, isNearWeekLow, nextSortColumn, rankGainers, rankLosers, sortMarketRows, type MarketRow } from "../../../src/core/rules/discover";

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
  const live = (r: MarketRow) => ({ ltp: r.ltp, chg: 0, pchg: r.pchg, volume: r.volume });
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
