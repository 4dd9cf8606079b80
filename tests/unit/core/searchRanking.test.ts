import { describe, expect, it } from "vitest";
import { buildInstrumentIndex } from "../../../src/core/search/instrumentIndex";
import type { SearchScrip } from "../../../src/core/search/scrip";
import { preferExchange } from "../../../src/core/search/defaultExchange";

/**
 * Issue 18, search: "the cash equity first for a bare symbol, the near future first for
 * `<symbol>fut` or `<symbol> fut`". Expected orders below are worked out by hand from that rule.
 */
const scrip = (p: Partial<SearchScrip> & Pick<SearchScrip, "exchange" | "token" | "tradingSymbol" | "symbol">): SearchScrip => ({
  companyName: p.symbol,
  formattedInsName: p.tradingSymbol,
  insType: "EQ",
  expiry: "",
  strikePrice: 0,
  optionType: null,
  lotSize: 1,
  tickSize: 0.05,
  ...p,
});

const fut = (token: number, symbol: string, yymon: string, expiry: string, insType = "FUTSTK"): SearchScrip =>
  scrip({ exchange: "NSEFO", token, tradingSymbol: `${symbol}${yymon}FUT`, symbol, formattedInsName: `${symbol} ${expiry} FUT`, insType, expiry, companyName: symbol === "INFY" ? "Infosys Ltd." : symbol });
const opt = (token: number, symbol: string, expiry: string, strike: number, optionType: "CE" | "PE"): SearchScrip =>
  scrip({ exchange: "NSEFO", token, tradingSymbol: `${symbol}26NOV${strike}${optionType}`, symbol, insType: "OPTSTK", expiry, strikePrice: strike, optionType, companyName: "Infosys Ltd." });

// Listed in a deliberately unhelpful order: derivatives first, far expiries before near ones.
const list: SearchScrip[] = [
  opt(10, "INFY", "2026-11-24", 1500, "CE"),
  opt(11, "INFY", "2026-11-24", 1500, "PE"),
  fut(12, "INFY", "27JAN", "2027-01-26"),
  fut(13, "INFY", "26DEC", "2026-12-29"),
  fut(14, "INFY", "26NOV", "2026-11-24"),
  scrip({ exchange: "BSEEQ", token: 2, tradingSymbol: "INFY", symbol: "INFY", companyName: "Infosys Ltd." }),
  scrip({ exchange: "NSEEQ", token: 1, tradingSymbol: "INFY-EQ", symbol: "INFY", companyName: "Infosys Ltd." }),
  scrip({ exchange: "NSEEQ", token: 3, tradingSymbol: "INFIBEAM-EQ", symbol: "INFIBEAM", companyName: "Infibeam Avenues Ltd." }),
  fut(20, "NIFTYNXT50", "26NOV", "2026-11-24", "FUTIDX"),
  fut(21, "NIFTY", "26DEC", "2026-12-29", "FUTIDX"),
  fut(22, "NIFTY", "26NOV", "2026-11-24", "FUTIDX"),
  scrip({ exchange: "NSEEQ", token: 26000, tradingSymbol: "NIFTY", symbol: "NIFTY", companyName: "NIFTY 50", insType: "INDEX" }),
];

describe("search ranking: cash first for a bare symbol, near future first for <symbol>fut", () => {
  const ix = buildInstrumentIndex(list);
  const tokens = (q: string) => ix.search(q, { limit: 50 }).items.map((s) => s.token);

  it("a bare symbol puts the NSE share first, then the BSE share, then futures by expiry, then options", () => {
    expect(tokens("INFY")).toEqual([1, 2, 14, 13, 12, 10, 11]);
    expect(tokens("infy")[0]).toBe(1);
  });

  it("the default exchange's share leads: BSE puts the BSE share first, then the NSE share, then the futures", () => {
    const rows = ix.search("INFY", { limit: 50 }).items;
    expect(preferExchange(rows, "BSE").map((s) => s.token).slice(0, 3)).toEqual([2, 1, 14]);
    expect(preferExchange(rows, "NSE").map((s) => s.token)[0]).toBe(1);
  });

  it("`infy fut` and `infyfut` put the near-month future first, then the later months", () => {
    expect(tokens("infy fut")).toEqual([14, 13, 12]);
    expect(tokens("infyfut")).toEqual([14, 13, 12]);
    expect(tokens("INFYFUT")).toEqual([14, 13, 12]);
    // While "infyfut" is being typed the list does not go empty.
    expect(tokens("infyf")[0]).toBe(14);
    expect(tokens("infyfu")[0]).toBe(14);
  });

  it("`nifty fut` / `niftyfut` mean NIFTY's near future, not another index whose name starts with nifty", () => {
    expect(tokens("nifty fut")[0]).toBe(22);
    // NIFTYNXT50 also starts with "nifty": it follows NIFTY's own futures.
    expect(tokens("niftyfut")).toEqual([22, 21, 20]);
  });

  it("a partly typed symbol still finds the share first", () => {
    expect(tokens("inf")[0]).toBe(1);
  });
});
