import { describe, expect, it } from "vitest";
import { conversionLine } from "../../../src/core/rules/positionConvert";

// Issue 28: "Client-side toasts after ... convert ...: each names what it acted on (instrument, side, qty)",
// named as every order toast names an order: "Qty {q} {side} {tradingSymbol}", then the products.
describe("what a conversion toast names", () => {
  it("a long moved from delivery to intraday", () => {
    expect(conversionLine({ transactionType: "BUY", quantity: 10, oldProduct: "DELIVERY", newProduct: "INTRADAY" }, "INFY-EQ")).toBe("Qty 10 BUY INFY-EQ from DELIVERY to INTRADAY");
  });
  // The product as the convert dialog and the positions grid write it: NORMAL reads NRML on screen.
  it("a short moved from intraday to normal, named NRML as on screen", () => {
    expect(conversionLine({ transactionType: "SELL", quantity: 75, oldProduct: "INTRADAY", newProduct: "NORMAL" }, "NIFTY26NOV24000CE")).toBe("Qty 75 SELL NIFTY26NOV24000CE from INTRADAY to NRML");
  });
});
