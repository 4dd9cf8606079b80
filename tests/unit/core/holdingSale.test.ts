import { describe, expect, it } from "vitest";
import { holdingSaleNote, unrealisedPnl } from "../../../src/core/rules/positions";
import type { Exchange } from "../../../src/core/types/exchange";

/**
 * FINDINGS-25 s6: a sale out of the holdings stayed in Positions as "INFY-EQ DELIVERY -60" with an unrealised
 * P&L that moves with INFY, read as an open short. The row says what it is: sold from holdings, nothing open.
 * The figures stay (TESTING.md section 3: "a position's P&L equals its sells minus its buys plus its net
 * quantity times the LTP"), and the note says what the moving figure is.
 */
describe("a sale out of the holdings is labelled, not read as a short", () => {
  // The explorer's row: 6 bought at 1,139.10 and 66 sold at 1,136.00 for delivery, net -60.
  const sale = { exchange: "NSEEQ" as Exchange, product: "DELIVERY" as const, tradingSymbol: "INFY-EQ", netQuantity: -60, buyPrice: 1139.1, sellPrice: 1136, ltp: 1143, multiplier: 1, lotsize: 1 };

  it("says sold from holdings, how many, at what price, and that its unrealised moves though nothing is open", () => {
    expect(holdingSaleNote(sale)).toEqual({
      label: "sold from holdings",
      title:
        "60 INFY-EQ sold out of your holdings today: not a short, nothing open to exit. Its unrealised P&L is the sale at ₹1,136.00 against the live price, as every position's is; it moves with INFY-EQ though you hold none of these shares. What they made over their cost is not in Positions.",
    });
  });

  it("keeps the identity: unrealised is the sale against the live price, (1,136 - 1,143) x 60 = -420", () => {
    expect(unrealisedPnl(sale)).toBe(-420);
  });

  it("an intraday short, a long, a short future and a closed row have no such note", () => {
    expect(holdingSaleNote({ ...sale, product: "INTRADAY" })).toBeUndefined();
    expect(holdingSaleNote({ ...sale, netQuantity: 60 })).toBeUndefined();
    expect(holdingSaleNote({ ...sale, exchange: "NSEFO", product: "NORMAL" })).toBeUndefined();
    expect(holdingSaleNote({ ...sale, netQuantity: 0 })).toBeUndefined();
  });
});
