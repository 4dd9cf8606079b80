import { describe, expect, it } from "vitest";
import { gttProtecting } from "../../../src/core/rules/gttPosition";
import { otherProductWarning } from "../../../src/core/rules/otherProduct";
import { gttFormProblem, gttFormReducer, initialGttForm } from "../../../src/core/rules/gttForm";

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

// After `g`, switching the form to OCO kept leg 1 (the OCO's target) at the stop's price: target and stop-loss both at
// 950 below a long, which the broker refuses ("For a sell OCO the target trigger must be above and the stop-loss
// trigger below the last price"). The spec: "GTT default prices are 5 percent from the last price. The stop-loss side
// is opposite to the target side." An OCO protecting a long (a SELL): stop below, target above; a short (a BUY): the reverse.
describe("switching a protecting GTT to OCO puts its legs on their sides", () => {
  const ref = { ltp: 1000, tickSize: 0.05 };
  const oco = (s: ReturnType<typeof initialGttForm>) => gttFormReducer(ref, s, { type: "triggerType", value: "OCO" });

  it("a long's stop becomes the stop-loss leg (950, 5 % below) and the target opens 5 % above (1050)", () => {
    const s = oco(initialGttForm(ref, { transactionType: "SELL", quantity: 75, singleOn: "stop-loss" }, 75));
    expect([s.triggerType, s.leg1.trigger, s.leg1.price, s.leg1.percent]).toEqual(["OCO", 1050, 1050, 5]);
    expect([s.leg2.trigger, s.leg2.price, s.leg2.percent]).toEqual([950, 950, 5]);
    expect(gttFormProblem(s, 75)).toBeUndefined();
  });

  it("a short's stop becomes the stop-loss leg above (1050) and the target opens 5 % below (950)", () => {
    const s = oco(initialGttForm(ref, { transactionType: "BUY", quantity: 200, singleOn: "stop-loss" }, 1));
    expect([s.leg1.trigger, s.leg1.percent, s.leg2.trigger, s.leg2.percent]).toEqual([950, 5, 1050, 5]);
  });

  it("the stop the trader typed (940, price 938) is the one kept, and back to SINGLE it is the trigger again", () => {
    let s = initialGttForm(ref, { transactionType: "SELL", quantity: 75, singleOn: "stop-loss" }, 75);
    s = gttFormReducer(ref, s, { type: "trigger", leg: "leg1", value: 940 });
    s = gttFormReducer(ref, s, { type: "price", leg: "leg1", value: 938 });
    s = oco(s);
    // 940 is 6 % below 1000: (1000 - 940) / 1000.
    expect([s.leg2.trigger, s.leg2.price, s.leg2.percent, s.leg1.trigger]).toEqual([940, 938, 6, 1050]);
    s = gttFormReducer(ref, s, { type: "triggerType", value: "SINGLE" });
    // Shown as the SINGLE's leg: 6 % on the stop side, -6 as a target's distance.
    expect([s.triggerType, s.leg1.trigger, s.leg1.price, s.leg1.percent]).toEqual(["SINGLE", 940, 938, -6]);
  });

  it("a SINGLE on the target side (a sale above the price) stays the target, as before", () => {
    const s = oco(initialGttForm(ref, { transactionType: "SELL" }, 1));
    expect([s.leg1.trigger, s.leg2.trigger]).toEqual([1050, 950]);
    expect(gttFormReducer(ref, s, { type: "triggerType", value: "SINGLE" }).leg1.trigger).toBe(1050);
  });
});

// FINDINGS-24 s4. The spec: "GTTProduct fixed 'D'" (NRML off equity, DELIVERY on it). A SELL GTT
// placed to stop an INTRADAY long opens an NRML short beside it; the form and toast say so.
describe("a GTT that reduces a position held in another product says what it will do", () => {
  const fut = { exchange: "NSEFO" as const, token: "53001" };
  const intradayLong = { ...fut, product: "INTRADAY" as const, netQuantity: 75 };
  it("SELL 75 NRML against INTRADAY +75: opens NRML -75", () => {
    expect(otherProductWarning({ ...fut, transactionType: "SELL", quantity: 75 }, [intradayLong], "NORMAL")).toBe("This GTT places NRML: it will open NRML \u221275, not close your INTRADAY +75");
  });
  it("an NRML +25 beside it: SELL 75 takes NRML +25 to -50 (25 - 75)", () => {
    const positions = [intradayLong, { ...fut, product: "NORMAL" as const, netQuantity: 25 }];
    expect(otherProductWarning({ ...fut, transactionType: "SELL", quantity: 75 }, positions, "NORMAL")).toBe("This GTT places NRML: it will take your NRML +25 to \u221250, not close your INTRADAY +75");
  });
  it("no word when it closes its own product's position, adds to a position, or nothing else is held", () => {
    expect(otherProductWarning({ ...fut, transactionType: "SELL", quantity: 75 }, [intradayLong, { ...fut, product: "NORMAL", netQuantity: 75 }], "NORMAL")).toBeUndefined();
    expect(otherProductWarning({ ...fut, transactionType: "BUY", quantity: 75 }, [intradayLong], "NORMAL")).toBeUndefined();
    expect(otherProductWarning({ ...fut, transactionType: "SELL", quantity: 75 }, [{ ...fut, product: "NORMAL", netQuantity: 75 }], "NORMAL")).toBeUndefined();
    expect(otherProductWarning({ ...fut, token: "53002", transactionType: "SELL", quantity: 75 }, [intradayLong], "NORMAL")).toBeUndefined();
  });
  it("equity: a BUY against an INTRADAY short opens DELIVERY +10; a SELL against an INTRADAY long sells out of the demat", () => {
    const sbin = { exchange: "NSEEQ" as const, token: "3045" };
    expect(otherProductWarning({ ...sbin, transactionType: "BUY", quantity: 10 }, [{ ...sbin, product: "INTRADAY", netQuantity: -10 }], "DELIVERY")).toBe("This GTT places DELIVERY: it will open DELIVERY +10, not close your INTRADAY \u221210");
    expect(otherProductWarning({ ...sbin, transactionType: "SELL", quantity: 10 }, [{ ...sbin, product: "INTRADAY", netQuantity: 10 }], "DELIVERY")).toBe(
      "This GTT places DELIVERY: it will sell 10 out of your demat holdings (refused if they are not there), not close your INTRADAY +10",
    );
  });
  it("FINDINGS-26 s2: an alert's order says the same, named as the alert's; an INTRADAY one closes the long and says nothing", () => {
    const infy = { exchange: "NSEEQ" as const, token: "1594" };
    const long = [{ ...infy, product: "INTRADAY" as const, netQuantity: 10 }];
    expect(otherProductWarning({ ...infy, transactionType: "SELL", quantity: 5 }, long, "DELIVERY", { placer: "This alert's order" })).toBe(
      "This alert's order places DELIVERY: it will sell 5 out of your demat holdings (refused if they are not there), not close your INTRADAY +10",
    );
    expect(otherProductWarning({ ...infy, transactionType: "SELL", quantity: 5 }, long, "INTRADAY", { placer: "This alert's order" })).toBeUndefined();
  });
});
