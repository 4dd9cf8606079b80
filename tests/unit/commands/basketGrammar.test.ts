import { describe, expect, it } from "vitest";
import { describeBasketLine, isBasketCommand, parseBasketCommand } from "../../../src/commands/grammar/basket";

/** Issue 13: "The command line reads basket new Morning, basket add Morning INFY 10 buy @ 1500, basket add Morning NIFTY 24NOV 24500 CE 75 sell, basket run Morning; an unreadable word is named." */
describe("the basket command line", () => {
  it("claims lines that start with basket", () => {
    expect(isBasketCommand("basket new Morning")).toBe(true);
    expect(isBasketCommand("Basket run x")).toBe(true);
    expect(isBasketCommand("buy INFY 10")).toBe(false);
    expect(isBasketCommand("baskets")).toBe(false);
  });

  it("reads new, run and delete with the rest of the line as the name", () => {
    expect(parseBasketCommand("basket new Morning")).toEqual({ ok: true, line: { verb: "new", name: "Morning" } });
    expect(parseBasketCommand("basket run Morning")).toEqual({ ok: true, line: { verb: "run", name: "Morning" } });
    expect(parseBasketCommand("basket new Expiry day")).toEqual({ ok: true, line: { verb: "new", name: "Expiry day" } });
    expect(parseBasketCommand("basket delete Morning")).toEqual({ ok: true, line: { verb: "delete", name: "Morning" } });
  });

  it("reads an equity leg with its price", () => {
    expect(parseBasketCommand("basket add Morning INFY 10 buy @ 1500")).toEqual({
      ok: true,
      line: { verb: "add", name: "Morning", leg: { exchange: "NSEEQ", symbol: "INFY", qty: 10, transType: "BUY", price: 1500 } },
    });
    const bse = parseBasketCommand("basket add Morning bse:TCS 2 sell @4000 cnc");
    expect(bse).toEqual({ ok: true, line: { verb: "add", name: "Morning", leg: { exchange: "BSEEQ", symbol: "TCS", qty: 2, transType: "SELL", price: 4000, product: "DELIVERY" } } });
  });

  it("reads an option named by its parts as its description on NSEFO (the search finds the contract)", () => {
    expect(parseBasketCommand("basket add Morning NIFTY 24NOV 24500 CE 75 sell")).toEqual({
      ok: true,
      line: { verb: "add", name: "Morning", leg: { exchange: "NSEFO", symbol: "NIFTY 24NOV 24500 CE", qty: 75, transType: "SELL" } },
    });
    expect(parseBasketCommand("basket add m NIFTY26DEC24650PE 75 buy").ok && "NFO by its symbol").toBe("NFO by its symbol");
  });

  it("names the word it cannot read", () => {
    const bad = (input: string) => {
      const p = parseBasketCommand(input);
      return p.ok ? "parsed" : p.word;
    };
    expect(bad("basket make Morning")).toBe("make");
    expect(bad("basket new")).toBe("");
    expect(bad("basket add Morning INFY ten buy")).toBe("ten");
    expect(bad("basket add Morning INFY 10 buy @ cheap")).toBe("cheap");
    expect(bad("basket add Morning INFY 10 buy later")).toBe("later");
    expect(bad("basket add Morning NIFTY NOV24 24500 CE 75 sell")).toBe("NOV24");
    expect(bad("basket add Morning NIFTY 24NOV 24500 XE 75 sell")).toBe("XE");
    expect(bad("basket add Morning INFY 10")).toBe("");
    expect(bad("basket add Morning xx:INFY 10 buy")).toBe("xx:INFY");
  });

  it("reads back a line before Enter", () => {
    const p = parseBasketCommand("basket add Morning INFY 10 buy @ 1500");
    expect(p.ok && describeBasketLine(p.line)).toBe("Add to Morning: BUY 10 NSEEQ:INFY @ 1500");
  });
});
