import { describe, expect, it } from "vitest";
import { gttProtecting } from "../../../src/core/rules/gttPosition";
import { initialGttForm } from "../../../src/core/rules/gttForm";

// FINDINGS-24 section 2: `g` on a long NIFTY future opened a BUY GTT 5 % below the market, a "stop"
// that bought another lot on the fall. DESIGN.md 1: "a key that acts on it names what it acts on".
describe("the GTT g opens on a position protects it", () => {
  it("a long opens as a SELL of its open quantity, a short as a BUY", () => {
    expect(gttProtecting({ exchange: "NSEFO", product: "INTRADAY", netQuantity: 75 })).toEqual({ transactionType: "SELL", quantity: 75, singleOn: "stop-loss" });
    expect(gttProtecting({ exchange: "MCXCOMM", product: "NORMAL", netQuantity: -200 })).toEqual({ transactionType: "BUY", quantity: 200, singleOn: "stop-loss" });
  });

  it("nothing open (closed, or shares sold out of the holdings): no side of its own", () => {
    expect(gttProtecting({ exchange: "NSEFO", product: "NORMAL", netQuantity: 0 })).toBeUndefined();
    expect(gttProtecting({ exchange: "NSEEQ", product: "DELIVERY", netQuantity: -10 })).toBeUndefined();
  });

  // "GTT default prices are 5 percent from the last price. The stop-loss side is opposite to the target side."
  // A stop protecting a long lies below the price (1000 - 5 % = 950), a short's above (1050), shown as -5 % / +5 % from LTP.
  it("its SINGLE trigger opens 5 % on the stop-loss side: below a long, above a short", () => {
    const ref = { ltp: 1000, tickSize: 0.05 };
    const long = initialGttForm(ref, { transactionType: "SELL", quantity: 75, singleOn: "stop-loss" }, 75);
    expect([long.triggerType, long.quantity, long.leg1.trigger, long.leg1.price, long.leg1.percent]).toEqual(["SINGLE", 75, 950, 950, -5]);
    const short = initialGttForm(ref, { transactionType: "BUY", quantity: 200, singleOn: "stop-loss" }, 1);
    expect([short.leg1.trigger, short.leg1.percent]).toEqual([1050, -5]);
    // The OCO's stop-loss leg stays where it was: 5 % on the stop side.
    expect([long.leg2.trigger, short.leg2.trigger]).toEqual([950, 1050]);
  });
});
