import { describe, expect, it } from "vitest";
import { pickContractAcross } from "../../../src/core/search/typedSymbol";
import type { Exchange } from "../../../src/core/types/exchange";

/**
 * A contract's full trading symbol names one contract: typed bare ("buy GOLD27FEBFUT 2"), it is
 * found on whichever exchange lists it, not only on the NSEFO a bare contract symbol is read as.
 */
const hit = (exchange: Exchange, tradingSymbol: string, token: number) => ({ exchange, tradingSymbol, symbol: tradingSymbol.replace(/\d.*$/, ""), insType: "FUT", token });

describe("a bare contract symbol is found on the exchange that lists it", () => {
  it("GOLD27FEBFUT, listed only on MCXCOMM, is MCXCOMM's, and the window says where it was found", () => {
    const hits = [hit("MCXCOMM", "GOLD27FEBFUT", 7001), hit("MCXCOMM", "GOLDM27FEBFUT", 7002)];
    expect(pickContractAcross("gold27febfut", hits, "NSEFO")).toEqual({ hit: hits[0], note: "Found on MCXCOMM" });
  });
  it("listed on MCXCOMM and BSECOMM, neither the inferred NSEFO: the first of the contract exchanges' order, MCXCOMM, and the other is named", () => {
    const hits = [hit("BSECOMM", "GOLD27FEBFUT", 9001), hit("MCXCOMM", "GOLD27FEBFUT", 7001)];
    expect(pickContractAcross("GOLD27FEBFUT", hits, "NSEFO")).toEqual({ hit: hits[1], note: "Found on MCXCOMM (also on BSECOMM: type BSECOMM:GOLD27FEBFUT for it)" });
  });
  it("a contract on the inferred exchange needs no note", () => {
    const hits = [hit("NSEFO", "NIFTY26DECFUT", 35001)];
    expect(pickContractAcross("NIFTY26DECFUT", hits, "NSEFO")).toEqual({ hit: hits[0] });
  });
  it("only an exact trading symbol counts: GOLD27FEBFUT is not GOLDM27FEBFUT", () => {
    expect(pickContractAcross("GOLD27FEBFUT", [hit("MCXCOMM", "GOLDM27FEBFUT", 7002)], "NSEFO")).toBeUndefined();
  });
  it("listed on two exchanges: the inferred one's is taken, and the window says so and how to type the other", () => {
    const hits = [hit("MCXCOMM", "SILVER27MARFUT", 8001), hit("NSEFO", "SILVER27MARFUT", 8002)];
    expect(pickContractAcross("SILVER27MARFUT", hits, "NSEFO")).toEqual({ hit: hits[1], note: "Found on NSEFO (also on MCXCOMM: type MCXCOMM:SILVER27MARFUT for it)" });
  });
});
