import { describe, expect, it } from "vitest";
import { buildInstrumentIndex } from "../../../src/core/search/instrumentIndex";
import type { SearchScrip } from "../../../src/core/search/scrip";

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

const list: SearchScrip[] = [
  scrip({ exchange: "NSEEQ", token: 1, tradingSymbol: "INFY-EQ", symbol: "INFY", companyName: "Infosys Ltd." }),
  scrip({ exchange: "BSEEQ", token: 2, tradingSymbol: "INFY", symbol: "INFY", companyName: "Infosys Ltd." }),
  scrip({ exchange: "NSEEQ", token: 3, tradingSymbol: "NIFTY", symbol: "NIFTY", companyName: "NIFTY 50", insType: "INDEX" }),
  scrip({ exchange: "NSEFO", token: 4, tradingSymbol: "NIFTY25JAN21000CE", symbol: "NIFTY", formattedInsName: "NIFTY 30 JAN 2025 21000 CE", insType: "OPTIDX", expiry: "2025-01-30", strikePrice: 21000, optionType: "CE" }),
  scrip({ exchange: "NSEFO", token: 5, tradingSymbol: "NIFTY25JAN21000PE", symbol: "NIFTY", formattedInsName: "NIFTY 30 JAN 2025 21000 PE", insType: "OPTIDX", expiry: "2025-01-30", strikePrice: 21000, optionType: "PE" }),
  scrip({ exchange: "NSEFO", token: 6, tradingSymbol: "NIFTY25FEB21000CE", symbol: "NIFTY", formattedInsName: "NIFTY 27 FEB 2025 21000 CE", insType: "OPTIDX", expiry: "2025-02-27", strikePrice: 21000, optionType: "CE" }),
  scrip({ exchange: "NSEFO", token: 7, tradingSymbol: "NIFTY25JANFUT", symbol: "NIFTY", formattedInsName: "NIFTY 30 JAN 2025 FUT", insType: "FUTIDX", expiry: "2025-01-30" }),
  scrip({ exchange: "MCXCOMM", token: 8, tradingSymbol: "GOLD25FEBFUT", symbol: "GOLD", companyName: "Gold", insType: "FUTCOM", expiry: "2025-02-05" }),
];

describe("instrument search index", () => {
  const ix = buildInstrumentIndex(list);
  const tokens = (q: string, ex?: SearchScrip["exchange"][]) => ix.search(q, { exchanges: ex, limit: 50 }).items.map((s) => s.token);

  it("finds by symbol, shares first and NSE before BSE", () => {
    expect(tokens("infy")).toEqual([1, 2]);
  });

  it("finds by company name", () => {
    expect(tokens("infosys")).toEqual([1, 2]);
    expect(tokens("gold")).toEqual([8]);
  });

  it("finds a contract by its description: nifty 25jan 21000 ce", () => {
    expect(tokens("nifty 25jan 21000 ce")).toEqual([4]);
    expect(tokens("nifty 30jan 21000")).toEqual([4, 5]);
    expect(tokens("NIFTY jan fut")).toEqual([7]);
  });

  it("needs at least 2 characters (spec) and filters by the exchange list", () => {
    expect(tokens("n")).toEqual([]);
    expect(tokens("nifty", ["NSEFO"])).toEqual([7, 4, 5, 6]);
  });

  it("pages and counts", () => {
    const r = ix.search("nifty", { offset: 1, limit: 2 });
    expect(r.total).toBe(5);
    expect(r.items.map((s) => s.token)).toEqual([7, 4]);
  });
});
