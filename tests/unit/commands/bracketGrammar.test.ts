import { describe, expect, it } from "vitest";
import { describeDraft, parseOrderCommand } from "../../../src/commands/grammar/order";
import { presetOfWindow, windowTakesBracket } from "../../../src/core/rules/presetWindow";
import { emptyOrderWindowState } from "../../../src/core/rules/orderWindow";

/** Issue 33's command line: `buy INFY 30 @ 1500 with scalp3` names a bracket template. */
describe("with TEMPLATE on the command line (issue 33)", () => {
  it("buy INFY 30 @ 1500 with scalp3: a LIMIT entry carrying scalp3, read back with it", () => {
    const r = parseOrderCommand("buy INFY 30 @ 1500 with scalp3");
    expect(r).toMatchObject({ ok: true, draft: { transactionType: "BUY", symbol: "INFY", quantity: 30, price: 1500, priceType: "LIMIT", bracket: "scalp3" } });
    if (r.ok) expect(describeDraft(r.draft)).toBe("BUY 30 INFY @ 1500 LIMIT with bracket scalp3");
  });

  it("a MARKET entry may carry one; the name is read in lower case", () => {
    expect(parseOrderCommand("sell INFY 30 with Scalp3")).toMatchObject({ ok: true, draft: { priceType: "MARKET", bracket: "scalp3" } });
  });

  it("a stop-loss entry, a BO or a name missing are refused, naming the word", () => {
    expect(parseOrderCommand("buy INFY 30 @ 1500 sl 1490 with scalp3")).toMatchObject({ ok: false, word: "with" });
    expect(parseOrderCommand("bo buy INFY 30 @ 1500 tgt 1510 sl 1490 with scalp3")).toMatchObject({ ok: false, word: "with" });
    expect(parseOrderCommand("buy INFY 30 @ 1500 with")).toMatchObject({ ok: false, word: "with" });
    expect(parseOrderCommand("buy INFY 30 @ 1500 with 3x")).toMatchObject({ ok: false, word: "3x" });
  });
});

describe("the window kept as a preset (issue 33)", () => {
  const infy = { exchange: "NSEEQ" as const, lotSize: 1, tickSize: 0.05, ltp: 1500, symbol: "INFY" };

  it("a BUY of 30 LIMIT at 1,499.90 with LTP 1,500: 30 units, LTP −2 ticks, its validity, keyed NSEEQ:INFY", () => {
    const s = { ...emptyOrderWindowState(), transactionType: "BUY" as const, priceType: "LIMIT" as const, price: 1499.9, quantity: 30, validity: "DAY" as const };
    expect(presetOfWindow(s, infy, 30, undefined)).toEqual({ key: "NSEEQ:INFY", preset: { quantity: { unit: "units", value: 30 }, offset: { from: "ltp", ticks: -2 }, validity: "DAY" } });
  });

  it("an option of lot 75, 150 units: 2 lots; a BO's target 1,510 and stop 1,490 from 1,500 are 10 points each", () => {
    const s = { ...emptyOrderWindowState(), transactionType: "BUY" as const, orderType: "BO" as const, priceType: "LIMIT" as const, price: 1500, targetPrice: 1510, stopLossPrice: 1490, validity: "DAY" as const };
    const kept = presetOfWindow(s, { ...infy, exchange: "NSEFO", lotSize: 75, symbol: "NIFTY" }, 150, "scalp3");
    expect(kept.preset).toMatchObject({ quantity: { unit: "lots", value: 2 }, target: { unit: "points", value: 10 }, stop: { unit: "points", value: 10 }, bracket: "scalp3" });
  });

  it("only a new regular LIMIT or MARKET order carries a bracket", () => {
    const s = { ...emptyOrderWindowState(), mode: "new" as const, orderType: "Regular" as const, priceType: "LIMIT" as const };
    expect(windowTakesBracket(s)).toBe(true);
    expect(windowTakesBracket({ ...s, priceType: "SL" })).toBe(false);
    expect(windowTakesBracket({ ...s, isAmo: true })).toBe(false);
    expect(windowTakesBracket({ ...s, mode: "modify" })).toBe(false);
  });
});
