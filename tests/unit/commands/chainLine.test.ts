import { describe, expect, it } from "vitest";
import { chainLineParser, paneChain } from "../../../src/commands/defs/chain";

describe("the chain command line", () => {
  it("claims lines that start with chain", () => {
    expect(chainLineParser.claims("chain NIFTY")).toBe(true);
    expect(chainLineParser.claims("  Chain infy")).toBe(true);
    expect(chainLineParser.claims("chainsaw")).toBe(false);
    expect(chainLineParser.claims("buy INFY 10")).toBe(false);
  });

  it.each([
    ["chain NIFTY", { symbol: "NIFTY" }, "Open option chain: NIFTY"],
    ["chain banknifty 27nov", { symbol: "BANKNIFTY", expiry: "27nov" }, "Open option chain: BANKNIFTY 27NOV"],
    ["chain BANKNIFTY 27 NOV", { symbol: "BANKNIFTY", expiry: "27 NOV" }, "Open option chain: BANKNIFTY 27 NOV"],
    ["chain INFY dec", { symbol: "INFY", expiry: "dec" }, "Open option chain: INFY DEC"],
    ["chain M&M", { symbol: "M&M" }, "Open option chain: M&M"],
    // A venue, for an underlying two exchanges list (USDINR: NSECURR and BSECURR), before or after the expiry.
    ["chain USDINR bse", { symbol: "USDINR", exchange: "BSE" }, "Open option chain: USDINR on BSE"],
    ["chain USDINR 29DEC BSE", { symbol: "USDINR", expiry: "29DEC", exchange: "BSE" }, "Open option chain: USDINR 29DEC on BSE"],
    ["chain USDINR NSE dec", { symbol: "USDINR", expiry: "dec", exchange: "NSE" }, "Open option chain: USDINR DEC on NSE"],
  ])("%s", (line, args, title) => {
    expect(chainLineParser.parse(line)).toEqual({ ok: true, title, commandId: "chain.line", args });
  });

  it("names the wrong word", () => {
    expect(chainLineParser.parse("chain")).toMatchObject({ ok: false, word: "chain" });
    expect(chainLineParser.parse("chain NIFTY@")).toMatchObject({ ok: false, word: "NIFTY@" });
    expect(chainLineParser.parse("chain NIFTY tomorrow")).toMatchObject({ ok: false, word: "tomorrow" });
    expect(chainLineParser.parse("chain USDINR NSE BSE")).toMatchObject({ ok: false, word: "BSE" });
  });

  it("a pane's chain state: NIFTY and 21 strikes unless it says otherwise, garbage from a saved layout ignored", () => {
    expect(paneChain(undefined)).toEqual({ symbol: "NIFTY", strikes: 21, expiry: undefined });
    expect(paneChain({ chain: { symbol: "INFY", expiry: "2026-11-24", strikes: 31 } })).toEqual({ symbol: "INFY", strikes: 31, expiry: "2026-11-24" });
    expect(paneChain({ chain: { symbol: "", strikes: 2 } })).toEqual({ symbol: "NIFTY", strikes: 21, expiry: undefined });
    expect(paneChain({ chain: { symbol: 7, strikes: "x", expiry: 3 } as never })).toEqual({ symbol: "NIFTY", strikes: 21, expiry: undefined });
    expect(paneChain({ chain: { symbol: "USDINR", exchange: "BSECURR" } })).toEqual({ symbol: "USDINR", strikes: 21, expiry: undefined, exchange: "BSECURR" });
  });
});
