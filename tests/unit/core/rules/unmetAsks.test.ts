import { describe, expect, it } from "vitest";
import { parseOrderCommand, prefillOf } from "../../../../src/commands/grammar/order";
import { amoWhileOpenText, isExchangeOpen } from "../../../../src/core/rules/orderWindow";
import { initialWindowState } from "../../../../src/core/rules/orderWindowInit";
import { unmetAsks } from "../../../../src/core/rules/orderWindowChoices";
import { toExchPair } from "../../../../src/core/types/exchange";

/** INFY as the broker describes it, last traded at 1,137 (the price of the explorer's finding). */
const INFY = { exchange: "NSEEQ" as const, lotSize: 1, tickSize: 0.05, ltp: 1137, insType: "EQ", productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
const NOW = new Date("2026-11-24T20:00:00+05:30");

function opened(line: string) {
  const r = parseOrderCommand(line);
  if (!r.ok) throw new Error(r.message);
  const asked = prefillOf(r.draft);
  const s = initialWindowState({ mode: "new", transactionType: r.draft.transactionType, contract: INFY, preference: undefined, prefill: asked, now: NOW });
  return { s, said: unmetAsks(asked, s, "NSEEQ") };
}

describe("what the window says of a line it could not take as typed", () => {
  it("`sell INFY 5 amo`: MARKET and SLM are disabled when the order is AMO, so it is a LIMIT at the last price, and the window says so plainly", () => {
    const { s, said } = opened("sell INFY 5 amo");
    // "MARKET and SLM are disabled when the order is AMO": the nearest offered type with a price, LIMIT;
    // its price is the window's default, the last price 1137 (on the 0.05 tick: 1137.00).
    expect(s).toMatchObject({ isAmo: true, priceType: "LIMIT", price: 1137 });
    expect(said).toEqual(["An AMO is a LIMIT order at the exchange: MARKET is not offered for AMO; the price is filled from the last price 1,137.00: check it"]);
  });

  it("`sell INFY 5 slm 1100 amo`: an SL one tick past the trigger (a sell SL trigger must be above the price: 1100 − 0.05)", () => {
    const { s, said } = opened("sell INFY 5 slm 1100 amo");
    expect(s).toMatchObject({ priceType: "SL", price: 1099.95, triggerPrice: 1100 });
    expect(said).toEqual(["An AMO is an SL order at the exchange: SLM is not offered for AMO; the price is one tick past the trigger, 1,099.95: check it"]);
  });

  it("IOC on an AMO: \"IOC is not allowed for AMO\"; a disclosed quantity: \"It must be zero for AMO\"", () => {
    expect(opened("sell INFY 5 @ 1140 ioc dq 1 amo").said).toEqual(["IOC is not allowed for AMO: the validity is DAY", "Disclosed quantity must be zero for AMO: it is 0"]);
  });

  it("an exchange is open when its market-status entry has AMO = N; an AMO is then not offered, and said so", () => {
    const entry = (AMO: "Y" | "N") => ({ ...toExchPair("NSEEQ"), AMO, exchange: "NSEEQ" as const, MarketStatus: AMO === "N" ? ("Open" as const) : ("Closed" as const) });
    expect(isExchangeOpen([entry("N")], "NSEEQ")).toBe(true);
    expect(isExchangeOpen([entry("Y")], "NSEEQ")).toBe(false);
    // No entry (the answer failed): not known to be open; the broker decides.
    expect(isExchangeOpen([], "NSEEQ")).toBe(false);
    expect(amoWhileOpenText("NSEEQ")).toContain("NSEEQ is open (its market status says AMO = N)");
  });
});
