import { describe, expect, it } from "vitest";
import { buildInstrumentIndex } from "../../../src/core/search/instrumentIndex";
import type { SearchScrip } from "../../../src/core/search/scrip";

/**
 * The index keeps a chain's shared words once per group and reads each contract's own words from
 * its description past the part every contract of the chain shares. These lists are shaped to
 * take the unusual roads: a chain listed apart and out of strike order, a description that
 * differs early, trading symbols that do not start with the symbol or have small letters.
 */
const option = (token: number, strike: number, optionType: "CE" | "PE", formattedInsName?: string): SearchScrip => ({
  exchange: "NSEFO",
  token,
  tradingSymbol: `ABC26NOV${strike}${optionType}`,
  symbol: "ABC",
  companyName: "Abc Industries Ltd.",
  formattedInsName: formattedInsName ?? `ABC 24 NOV 2026 ${strike} ${optionType}`,
  insType: "OPTSTK",
  expiry: "2026-11-24",
  strikePrice: strike,
  optionType,
  lotSize: 100,
  tickSize: 0.05,
});

const future = (token: number, symbol: string, tradingSymbol: string): SearchScrip => ({
  exchange: "NSEFO",
  token,
  tradingSymbol,
  symbol,
  companyName: symbol,
  formattedInsName: `${symbol} 24 NOV 2026 FUT`,
  insType: "FUTSTK",
  expiry: "2026-11-24",
  strikePrice: 0,
  optionType: null,
  lotSize: 1,
  tickSize: 0.05,
});

describe("search index over chains listed in any order", () => {
  const list: SearchScrip[] = [
    option(4, 110, "PE"),
    option(1, 100, "CE"),
    future(20, "XYZ", "QXYZ26NOVFUT"),
    option(3, 110, "CE", "ABC SPECIAL 24 NOV 2026 110 CE"),
    option(2, 100, "PE"),
    future(21, "TATA", "Tata26NovFut"),
  ];
  const ix = buildInstrumentIndex(list);
  const tokens = (q: string) => ix.search(q, { limit: 50 }).items.map((s) => s.token);

  it("orders a chain listed apart and out of order by strike, call before put", () => {
    // All four ABC options tie on score; rank order is strike 100 CE, 100 PE, 110 CE, 110 PE.
    expect(tokens("abc")).toEqual([1, 2, 3, 4]);
    expect(ix.search("abc", { limit: 1 }).total).toBe(4);
  });

  it("a word only one contract's description has finds that contract alone", () => {
    // Only token 3's description says SPECIAL; the chain's shared head is just "ABC ".
    expect(tokens("special")).toEqual([3]);
    expect(tokens("abc nov 110")).toEqual([3, 4]);
    expect(tokens("abc 24 2026 100 pe")).toEqual([2]);
  });

  it("finds a trading symbol that does not start with the symbol, typed in part", () => {
    expect(tokens("qxyz26")).toEqual([20]);
    expect(tokens("qx")).toEqual([20]);
  });

  it("reads a trading symbol with small letters as capitals", () => {
    expect(tokens("tata26nov")).toEqual([21]);
    expect(tokens("TATA26NOVFUT")).toEqual([21]);
  });
});
