import { describe, expect, it } from "vitest";
import { looksAcross } from "../../../src/core/search/typedSymbol";
import { readInstrumentWord } from "../../../src/commands/instrumentWord";

/**
 * One way to read a typed instrument word: "a bare contract symbol names one contract:
 * found on whichever exchange lists it" (core/search/typedSymbol.ts), for the order window, `chart`
 * and the dialogs' instrument fields alike; a written exchange, or a share's name, is that one exchange.
 */
describe("which typed words are looked for on every contract exchange", () => {
  it("GOLD27FEBFUT typed bare (read as NSEFO's by its shape) is looked for across", () => expect(looksAcross({ exchange: "NSEFO", exchangeTyped: false })).toBe(true));
  it("NSEFO:NIFTY26DECFUT, its exchange written, is looked for on NSEFO only", () => expect(looksAcross({ exchange: "NSEFO", exchangeTyped: true })).toBe(false));
  it("INFY (a share's name, NSEEQ) is looked for on its one exchange", () => expect(looksAcross({ exchange: "NSEEQ", exchangeTyped: false })).toBe(false));
});

describe("a dialog's instrument field says whether the exchange was written", () => {
  it("gold27febfut: NSEFO by its shape, not written, so looked for across", () => {
    const w = readInstrumentWord("gold27febfut");
    expect(w).toEqual({ exchange: "NSEFO", symbol: "GOLD27FEBFUT", exchangeTyped: false });
    expect(looksAcross(w!)).toBe(true);
  });
  it("MCX:GOLD27FEBFUT: the written exchange (MCX is MCXCOMM), looked for there only", () => {
    const w = readInstrumentWord("MCX:GOLD27FEBFUT");
    expect(w).toMatchObject({ symbol: "GOLD27FEBFUT", exchangeTyped: true });
    expect(looksAcross(w!)).toBe(false);
  });
  it("INFY: NSEEQ, not written", () => expect(readInstrumentWord("INFY")).toEqual({ exchange: "NSEEQ", symbol: "INFY", exchangeTyped: false }));
});
