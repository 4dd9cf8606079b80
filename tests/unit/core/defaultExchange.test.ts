import { describe, expect, it } from "vitest";
import { exchangeForTyped, preferExchange } from "../../../src/core/search/defaultExchange";
import type { Exchange } from "../../../src/core/types/exchange";

/** Settings › Markets: "default exchange for search" puts the default exchange's row of each symbol first. */
describe("default exchange for search", () => {
  const row = (symbol: string, exchange: Exchange) => ({ symbol, exchange });
  const rows = [row("INFY", "NSEEQ"), row("INFY", "BSEEQ"), row("INFOBEAN", "BSEEQ"), row("INFOBEAN", "NSEEQ"), row("INFY", "NSEFO")];

  it("BSE: each symbol's BSE row first, symbols in the index's order", () => {
    expect(preferExchange(rows, "BSE")).toEqual([row("INFY", "BSEEQ"), row("INFY", "NSEEQ"), row("INFY", "NSEFO"), row("INFOBEAN", "BSEEQ"), row("INFOBEAN", "NSEEQ")]);
  });

  it("NSE: each symbol's NSE rows first (equity and F&O keep their order)", () => {
    expect(preferExchange(rows, "NSE")).toEqual([row("INFY", "NSEEQ"), row("INFY", "NSEFO"), row("INFY", "BSEEQ"), row("INFOBEAN", "NSEEQ"), row("INFOBEAN", "BSEEQ")]);
  });

  it("a typed equity symbol means the default exchange's equity; a derivative keeps its exchange", () => {
    expect(exchangeForTyped("NSEEQ", "BSE")).toBe("BSEEQ");
    expect(exchangeForTyped("NSEEQ", "NSE")).toBe("NSEEQ");
    expect(exchangeForTyped("NSEFO", "BSE")).toBe("NSEFO");
  });
});
