import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseOrderCommand } from "../../../src/commands/grammar/order";
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
      line: { verb: "add", name: "Morning", leg: { symbol: "INFY", qty: 10, transType: "BUY", price: 1500 } },
    });
    const bse = parseBasketCommand("basket add Morning bse:TCS 2 sell @4000 cnc");
    expect(bse).toEqual({ ok: true, line: { verb: "add", name: "Morning", leg: { exchange: "BSEEQ", symbol: "TCS", qty: 2, transType: "SELL", price: 4000, product: "DELIVERY" } } });
  });

  it("reads an option named by its parts as the order line's contract words (resolved against the listed contracts when it runs)", () => {
    expect(parseBasketCommand("basket add Morning NIFTY 24NOV 24500 CE 75 sell")).toEqual({
      ok: true,
      line: { verb: "add", name: "Morning", leg: { symbol: "NIFTY", qty: 75, transType: "SELL", contract: { kind: "OPT", optionType: "CE", strike: 24500, expiry: { day: 24, month: 11, text: "24NOV" } } } },
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
    expect(bad("basket add Morning NIFTY 24NOV 24500 XE 75 sell")).toBe("24500");
    expect(bad("basket add Morning NIFTY ATM XE 75 sell")).toBe("XE");
    expect(bad("basket add Morning buy INFY 10 sell")).toBe("sell");
    expect(bad("basket add Morning INFY 10")).toBe("");
    expect(bad("basket add Morning xx:INFY 10 buy")).toBe("xx:INFY");
  });

  it("reads back a line before Enter", () => {
    const p = parseBasketCommand("basket add Morning INFY 10 buy @ 1500");
    // No exchange typed, none read back: the line finds it when it runs, as `buy INFY 10` does.
    expect(p.ok && describeBasketLine(p.line)).toBe("Add to Morning: BUY 10 INFY @ 1500");
    const bse = parseBasketCommand("basket add Morning bse:TCS 2 sell");
    expect(bse.ok && describeBasketLine(bse.line)).toBe("Add to Morning: SELL 2 BSEEQ:TCS MARKET");
  });

  it("issue 29: basket add takes the contract words buy takes (NIFTY ATM CE 75), the side before or after", () => {
    const atm = { kind: "OPT", optionType: "CE", atmSteps: 0 };
    expect(parseBasketCommand("basket add Morning NIFTY ATM CE 75 buy")).toEqual({ ok: true, line: { verb: "add", name: "Morning", leg: { symbol: "NIFTY", qty: 75, transType: "BUY", contract: atm } } });
    expect(parseBasketCommand("basket add Morning buy NIFTY ATM CE 75")).toEqual({ ok: true, line: { verb: "add", name: "Morning", leg: { symbol: "NIFTY", qty: 75, transType: "BUY", contract: atm } } });
    expect(parseBasketCommand("basket add Morning sell BANKNIFTY ATM-2 PE 30 @ 120 nrml")).toEqual({
      ok: true,
      line: { verb: "add", name: "Morning", leg: { symbol: "BANKNIFTY", qty: 30, transType: "SELL", price: 120, product: "NORMAL", contract: { kind: "OPT", optionType: "PE", atmSteps: -2 } } },
    });
    const p = parseBasketCommand("basket add Morning buy NIFTY ATM+1 CE 75");
    expect(p.ok && describeBasketLine(p.line)).toBe("Add to Morning: BUY 75 NIFTY ATM+1 CE MARKET");
  });

  it("issue 29: for any contract words, basket add reads the same underlying, contract and quantity as buy", () => {
    const expiry = fc.option(fc.tuple(fc.integer({ min: 1, max: 28 }), fc.constantFrom("JAN", "NOV", "DEC")).map(([d, m]) => `${d}${m}`), { nil: undefined });
    const words = fc.oneof(
      fc.constant("FUT"),
      fc.tuple(fc.integer({ min: -5, max: 5 }), fc.constantFrom("CE", "PE")).map(([n, side]) => `ATM${n === 0 ? "" : n > 0 ? `+${n}` : n} ${side}`),
      fc.tuple(fc.integer({ min: 1, max: 60000 }), fc.constantFrom("CE", "PE")).map(([k, side]) => `${k} ${side}`),
    );
    fc.assert(
      fc.property(fc.constantFrom("NIFTY", "BANKNIFTY", "INFY"), expiry, words, fc.integer({ min: 1, max: 5000 }), (sym, exp, w, qty) => {
        const contract = `${sym} ${exp ? `${exp} ` : ""}${w} ${qty}`;
        const order = parseOrderCommand(`buy ${contract}`);
        const basket = parseBasketCommand(`basket add m buy ${contract}`);
        expect(order.ok).toBe(true);
        expect(basket.ok).toBe(true);
        if (!order.ok || !basket.ok || basket.line.verb !== "add") return;
        expect(basket.line.leg).toEqual({ symbol: order.draft.symbol, qty: order.draft.quantity, transType: "BUY", contract: order.draft.contract });
      }),
      { seed: 2913, numRuns: 200 },
    );
  });
});
