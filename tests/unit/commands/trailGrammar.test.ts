import { describe, expect, it } from "vitest";
import { describeDraft, parseOrderCommand, prefillOf, type OrderDraft } from "../../../src/commands/grammar/order";
import { emptyOrderWindowState } from "../../../src/core/rules/orderWindow";
import { buildOrderRequest } from "../../../src/core/rules/orderRequest";
import { settleWindow } from "../../../src/core/rules/orderWindowChoices";

/** Issue 33's command line: `sell INFY 10 sl 1480 trail 5` and `trail 1%`, with `jump N`. */
function draft(input: string): OrderDraft {
  const r = parseOrderCommand(input);
  if (!r.ok) throw new Error(`${input}: ${r.message}`);
  return r.draft;
}

const INFY = { exchange: "NSEEQ" as const, token: 1594, tickSize: 0.05, lotSize: 1, productLeverage: 0, bnplQty: 0, deliveryQty: 0 };

describe("trail on the command line (issue 33)", () => {
  it.each<[string, Partial<OrderDraft>]>([
    ["sell INFY 10 sl 1480 trail 5", { priceType: "SLM", triggerPrice: 1480, trail: { value: 5, unit: "POINTS" } }],
    ["sell INFY 10 sl 1480 trail 1%", { priceType: "SLM", trail: { value: 1, unit: "PERCENT" } }],
    ["sell INFY 10 sl 1480 trail 1 %", { trail: { value: 1, unit: "PERCENT" } }],
    ["buy INFY 10 @ 1522 sl 1520 trail 5 jump 1", { priceType: "SL", price: 1522, triggerPrice: 1520, trail: { value: 5, unit: "POINTS" }, trailJump: 1 }],
    // A BO's "trail" stays its trailing stop-loss amount.
    ["bo buy INFY 10 @ 1500 tgt 1550 sl 1480 trail 2", { orderType: "BO", trailingStopLoss: 2 }],
  ])("%s", (input, expected) => {
    expect(draft(input)).toMatchObject(expected);
  });

  it("only a stop trails; a jump needs a trail; a word that is not a trail is named", () => {
    const r1 = parseOrderCommand("sell INFY 10 @ 1500 trail 5");
    expect(r1).toMatchObject({ ok: false, word: "trail" });
    expect(parseOrderCommand("sell INFY 10 sl 1480 jump 1")).toMatchObject({ ok: false, word: "jump" });
    expect(parseOrderCommand("sell INFY 10 sl 1480 trail x")).toMatchObject({ ok: false, word: "x" });
  });

  it("read back and into the window: the trail is shown and sent", () => {
    const d = draft("sell INFY 10 sl 1480 trail 1% jump 0.5");
    expect(describeDraft(d)).toBe("SELL 10 INFY SLM trigger 1480 trail 1% jump 0.5");
    const s = settleWindow({ ...emptyOrderWindowState(), ...prefillOf(d), pcode: "INTRADAY" }, INFY);
    const req = buildOrderRequest(s, INFY);
    expect(req).toMatchObject({ orderType: "SLM", slTriggerPrice: 1480, trailValue: 1, trailUnit: "PERCENT", trailJump: 0.5 });
  });

  it("a window moved off SL/SL-M sends no trail", () => {
    const s = settleWindow({ ...emptyOrderWindowState(), ...prefillOf(draft("sell INFY 10 sl 1480 trail 5")), priceType: "LIMIT", price: 1500, pcode: "INTRADAY" }, INFY);
    expect(buildOrderRequest(s, INFY).trailValue).toBeUndefined();
  });
});

describe("size by risk on the command line (issue 33)", () => {
  it("buy INFY risk 5000 sl 1480: a market buy, its quantity left to the risk, sl the stop it is measured to", () => {
    const d = draft("buy INFY risk 5000 sl 1480");
    expect(d).toMatchObject({ symbol: "INFY", quantity: 0, priceType: "MARKET", risk: { ask: { unit: "RUPEES", value: 5000 }, stop: 1480 } });
    expect(d.triggerPrice).toBeUndefined();
    expect(describeDraft(d)).toBe("BUY INFY MARKET risk ₹5000 to stop 1480");
  });
  it("risk 1% with a limit price; a CO's stop is its trigger; a BO's its stop-loss", () => {
    expect(draft("buy INFY @ 1500 risk 1% sl 1480")).toMatchObject({ priceType: "LIMIT", price: 1500, risk: { ask: { unit: "PERCENT", value: 1 }, stop: 1480 } });
    expect(draft("co buy INFY risk 5000 sl 1480")).toMatchObject({ orderType: "CO", triggerPrice: 1480, risk: { stop: 1480 } });
    expect(draft("bo buy INFY @ 1500 risk 5000 tgt 1550 sl 1480")).toMatchObject({ orderType: "BO", stopLossPrice: 1480, risk: { stop: 1480 } });
  });
  it("refused: no stop, a quantity as well, a risk that is no amount", () => {
    expect(parseOrderCommand("buy INFY risk 5000")).toMatchObject({ ok: false, word: "risk" });
    expect(parseOrderCommand("buy INFY 10 risk 5000 sl 1480")).toMatchObject({ ok: false, word: "10" });
    expect(parseOrderCommand("buy INFY risk lots sl 1480")).toMatchObject({ ok: false, word: "lots" });
  });
});
