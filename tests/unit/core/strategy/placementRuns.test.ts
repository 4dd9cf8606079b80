import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BasketLeg } from "../../../../src/core/rules/basket";
import type { LegReport } from "../../../../src/core/rules/basketRun";
import { stepLots, type DeskLeg } from "../../../../src/core/strategy/legs";
import { heldOncePlaced, holdPlaced, legIdentity, limitPremiumCorrection, orderSignature, ordersToPlace, retriesRun, sellsHeldBack } from "../../../../src/core/strategy/placement";

/**
 * The rules behind FINDINGS-23 F4 and F3 (placement.ts): a leg the broker took is held whatever
 * happened to the others; a later Enter retries the last run (its keys) only when it sends the very
 * orders that run sent and did not place; the SELL wave waits for every BUY of the first.
 */
const leg = (token: number, side: "BUY" | "SELL", lots = 1): DeskLeg => ({
  token, symbol: `NIFTY26D08${token}CE`, exchange: "NSEFO", optionType: "CE", strike: token, expiry: "2026-12-08", side, lots, lotSize: 75,
});
const spread = [leg(24500, "BUY", 30), leg(24600, "SELL", 1)];
const placed = (scripId: number): LegReport => ({ scripId, placed: true, orderNo: `O${scripId}` });
const refused = (scripId: number): LegReport => ({ scripId, placed: false, code: "EC939", message: "Quantity exceeds the freeze quantity" });
const runOf = (legs: DeskLeg[], reports: LegReport[]) => ({
  sent: ordersToPlace(legs).map(orderSignature),
  results: Object.fromEntries(reports.map((r) => [legIdentity(legs[r.scripId - 1]!), r])),
});

describe("a placed leg is held, whatever happened to the others (F4)", () => {
  it("BUY refused, SELL placed: the SELL is held at its lot, the BUY sends its 30 lots again, the SELL nothing", () => {
    const after = heldOncePlaced(spread, [refused(1), placed(2)])!;
    expect(after.map((l) => l.held)).toEqual([undefined, { lots: 1, product: "NORMAL" }]);
    // The BUY cut to 24 lots: only it is sent.
    expect(ordersToPlace(stepLots(after, 0, -6)).map((o) => [o.transType, o.qty])).toEqual([["BUY", 1800]]);
  });

  it("held by identity onto the legs as they stand (a row moved or added meanwhile is still the leg)", () => {
    const after = heldOncePlaced(spread, [refused(1), placed(2)])!;
    const now = [leg(24700, "BUY"), spread[1]!, spread[0]!];
    expect(holdPlaced(now, after).map((l) => l.held?.lots)).toEqual([undefined, 1, undefined]);
  });
});

describe("a later Enter retries the last run only with the very orders it did not place", () => {
  it("unchanged after a refusal: the same run (its keys: the broker places nothing twice)", () => {
    const after = heldOncePlaced(spread, [refused(1), placed(2)])!;
    expect(retriesRun(runOf(spread, [refused(1), placed(2)]), after)).toBe(true);
  });

  it("the refused leg edited: a new run (under the old key the broker would answer the old order, the edit unplaced)", () => {
    const after = heldOncePlaced(spread, [refused(1), placed(2)])!;
    expect(retriesRun(runOf(spread, [refused(1), placed(2)]), stepLots(after, 0, -6))).toBe(false);
  });

  it("a lot added to a placed leg: a new run, even when that lot is the same order as the first (its key would answer the first)", () => {
    const one = [leg(24500, "BUY", 1)];
    const after = heldOncePlaced(one, [placed(1)])!;
    expect(retriesRun(runOf(one, [placed(1)]), stepLots(after, 0, 1))).toBe(false);
  });

  it("no last run: a new one", () => expect(retriesRun(undefined, spread)).toBe(false));
});

describe("the SELL wave waits for every BUY (F3)", () => {
  const order = (scripId: number, transType: "BUY" | "SELL"): BasketLeg => ({ scripId, exchange: "NSEFO", token: scripId, transType, qty: 75, product: "NORMAL", orderType: "MARKET", price: 0, trigger: 0 });

  it("a BUY refused or unanswered holds every SELL back, saying which BUY and why", () => {
    const held = sellsHeldBack([order(1, "BUY"), order(3, "BUY")], [placed(1), { scripId: 3, placed: false, code: "", message: "No answer from the broker" }], [order(2, "SELL")]);
    expect(held).toEqual([{ scripId: 2, placed: false, code: "", message: "Held back: BUY leg 3 was not placed, and a SELL goes only with its hedge; fix or remove it and press Enter to place the rest", heldBack: true }]);
  });

  it("every BUY placed, or no BUY to send (a short straddle; a set whose BUY is held): the SELL legs go", () => {
    expect(sellsHeldBack([order(1, "BUY")], [placed(1)], [order(2, "SELL")])).toBeUndefined();
    expect(sellsHeldBack([], [], [order(1, "SELL"), order(2, "SELL")])).toBeUndefined();
  });

  it("property: the SELL legs go exactly when every BUY sent was placed", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 4 }), fc.integer({ min: 1, max: 3 }), (buys, sells) => {
        const b = buys.map((_, i) => order(i + 1, "BUY"));
        const s = Array.from({ length: sells }, (_, i) => order(buys.length + i + 1, "SELL"));
        const reports = buys.map((ok, i) => (ok ? placed(i + 1) : refused(i + 1)));
        const held = sellsHeldBack(b, reports, s);
        expect(held === undefined).toBe(buys.every(Boolean));
        if (held) expect(held.map((r) => r.scripId)).toEqual(s.map((o) => o.scripId));
      }),
      { seed: 23 },
    );
  });
});

describe("the set's margin prices a long option's typed LIMIT at its limit (F6)", () => {
  it("the explorer's straddle: CE typed at 50.00 (live 75.70), PE at market 72.15: ₹9,161.25, the premium paid, not ₹11,088.75", () => {
    const straddle = [{ ...leg(24500, "BUY"), entry: 50 }, { ...leg(24501, "BUY"), optionType: "PE" as const }];
    // The span call's figures, each leg at its live price: 75.70 x 75 and 72.15 x 75.
    const totals = [5677.5, 5411.25];
    expect(11088.75 + limitPremiumCorrection(straddle, totals)).toBe(9161.25);
  });

  it("a SELL, a held leg, a future or a leg at market: the span call's figure stands", () => {
    expect(limitPremiumCorrection([{ ...leg(24500, "SELL"), entry: 50 }], [9000])).toBe(0);
    expect(limitPremiumCorrection([{ ...leg(24500, "BUY"), entry: 50, held: { lots: 1, product: "NORMAL" } }], [5677.5])).toBe(0);
    expect(limitPremiumCorrection([{ ...leg(24500, "BUY"), optionType: "FUT" as const, entry: 24000 }], [150000])).toBe(0);
    expect(limitPremiumCorrection([leg(24500, "BUY")], [5677.5])).toBe(0);
  });
});
