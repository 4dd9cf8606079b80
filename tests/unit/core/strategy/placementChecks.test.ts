import { describe, expect, it } from "vitest";
import type { LegReport } from "../../../../src/core/rules/basketRun";
import { entryProblem, placementProblems, placementRefusal, switchedOffLegs } from "../../../../src/core/strategy/legCheck";
import type { DeskLeg } from "../../../../src/core/strategy/legs";
import { deskOrderLeg, legIdentity, reportsByLeg } from "../../../../src/core/strategy/placement";
import { strategyToast } from "../../../../src/core/strategy/placementToast";

/**
 * Placing a strategy as one: its legs keep the basket leg's contract rules before anything is sent
 * (rules/basketLegCheck.ts: "a multiple of lot size", EC954; a price on the tick, refused "never
 * rounded quietly", EC917), each leg's result belongs to that leg, and the toast says what was
 * placed and what was not, each reason once.
 */
const NIFTY_OPTION = { exchange: "NSEFO" as const, lotSize: 75, tickSize: 0.05 };
const leg = (optionType: "CE" | "PE", side: "BUY" | "SELL", extra: Partial<DeskLeg> = {}): DeskLeg => ({
  token: optionType === "CE" ? 101 : 102, symbol: `NIFTY26D0824550${optionType}`, exchange: "NSEFO", optionType, strike: 24550, expiry: "2026-12-08", side, lots: 1, lotSize: 75, ...extra,
});

describe("a leg's entry price: 'a price off the tick is refused, never rounded quietly' (the basket leg's rule)", () => {
  it("80.03 on a tick of 0.05 is refused with the ticks below and above; 80.05 is taken", () => {
    // 80.03 / 0.05 = 1600.6 ticks: 1600 x 0.05 = 80 below, 1601 x 0.05 = 80.05 above.
    expect(entryProblem(leg("PE", "SELL"), 80.03, NIFTY_OPTION)).toEqual({ code: "EC917", message: "80.03 is not a multiple of the tick size 0.05: 80 or 80.05", nearest: [80, 80.05] });
    expect(entryProblem(leg("PE", "SELL"), 80.05, NIFTY_OPTION)).toBeUndefined();
  });

  it("a currency option's tick of 0.0025: 1.2526 is refused (1.2525 or 1.255), 1.2525 taken", () => {
    const usdinr = { exchange: "NSECURR" as const, lotSize: 1000, tickSize: 0.0025 };
    // 1.2526 / 0.0025 = 501.04 ticks: 501 x 0.0025 = 1.2525 below, 502 x 0.0025 = 1.255 above.
    expect(entryProblem({ ...leg("CE", "BUY"), exchange: "NSECURR", lotSize: 1000 }, 1.2526, usdinr)?.message).toBe("1.2526 is not a multiple of the tick size 0.0025: 1.2525 or 1.255");
    expect(entryProblem({ ...leg("CE", "BUY"), exchange: "NSECURR", lotSize: 1000 }, 1.2525, usdinr)).toBeUndefined();
  });
});

describe("the legs as they would be sent, checked before any is: 'a multiple of lot size' and the entry on the tick", () => {
  it("a leg kept at a lot of 50 after the contract's lot became 75 sends 100: refused with the order's sentence (EC954)", () => {
    const legs = [leg("CE", "BUY", { lots: 2, lotSize: 50 }), leg("PE", "BUY", { lots: 2 })];
    // 2 x 50 = 100 is not a multiple of 75; 2 x 75 = 150 is.
    expect(placementProblems(legs, [NIFTY_OPTION, NIFTY_OPTION])).toEqual([{ index: 0, message: "Quantity must be a multiple of lot size: lot size 75" }]);
  });

  it("a leg at the live price sends MARKET: no price to check; a typed entry off the tick is refused", () => {
    const legs = [leg("CE", "BUY"), leg("PE", "SELL", { entry: 80.03 })];
    expect(placementProblems(legs, [NIFTY_OPTION, NIFTY_OPTION])).toEqual([{ index: 1, message: "80.03 is not a multiple of the tick size 0.05: 80 or 80.05" }]);
    expect(placementProblems([leg("CE", "BUY"), leg("PE", "SELL", { entry: 80.05 })], [NIFTY_OPTION, NIFTY_OPTION])).toEqual([]);
  });

  it("a leg whose contract could not be read is not sent unchecked", () => {
    expect(placementProblems([leg("CE", "BUY"), leg("PE", "BUY")], [NIFTY_OPTION, undefined])).toEqual([{ index: 1, message: "its contract could not be read" }]);
  });

  it("the confirmation's refusal names each leg by its number and contract, and says nothing was sent", () => {
    const legs = [leg("CE", "BUY", { lots: 2, lotSize: 50 }), leg("PE", "SELL", { entry: 80.03 })];
    expect(placementRefusal(legs, placementProblems(legs, [NIFTY_OPTION, NIFTY_OPTION]))).toBe(
      "Nothing was sent: 2 of 2 legs would be refused. Leg 1 NIFTY26D0824550CE: Quantity must be a multiple of lot size: lot size 75. Leg 2 NIFTY26D0824550PE: 80.03 is not a multiple of the tick size 0.05: 80 or 80.05",
    );
    expect(placementRefusal(legs, [])).toBeUndefined();
  });
});

describe("a kill switch on a leg's segment is named in the confirmation (issue 33: 'refuses every new order of that segment')", () => {
  const until = Date.parse("2026-12-08T16:32:44Z"); // 22:02:44 IST
  const fo = (segment: string) => (segment === "derivatives" ? { segment: "derivatives" as const, onAt: until - 3_600_000, until, reason: "user" as const } : undefined);
  it("F&O on: both option legs; lifted (the clock at its end): none", () => {
    expect(switchedOffLegs([leg("CE", "BUY"), leg("PE", "BUY")], fo, until - 1)).toEqual(["EC710: Kill switch is on for this segment: no new orders: F&O until 08/12/2026 22:02:44 IST. The broker will refuse 2 of 2 legs"]);
    expect(switchedOffLegs([leg("CE", "BUY"), leg("PE", "BUY")], fo, until)).toEqual([]);
  });
});

describe("each leg's result is that leg's (by contract and side), not a row number's", () => {
  it("answers keyed by the leg they were placed for: removing the first leg leaves the second its own result", () => {
    const placed = [leg("CE", "BUY"), leg("PE", "BUY")];
    const reports: LegReport[] = [
      { scripId: 2, placed: false, code: "EC917", message: "Price must be a multiple of tick size: tick size 0.05" },
      { scripId: 1, placed: true, orderNo: "2612070000002" },
    ];
    const byLeg = reportsByLeg(placed, reports);
    expect(byLeg).toEqual({
      "NSEFO:101:BUY": { scripId: 1, placed: true, orderNo: "2612070000002" },
      "NSEFO:102:BUY": { scripId: 2, placed: false, code: "EC917", message: "Price must be a multiple of tick size: tick size 0.05" },
    });
    // The pane after Delete on the first leg: its one row is the PE leg, which was refused.
    const now = [leg("PE", "BUY")];
    expect(now.map((l) => byLeg[legIdentity(l)])).toEqual([{ scripId: 2, placed: false, code: "EC917", message: "Price must be a multiple of tick size: tick size 0.05" }]);
    // The same contract on the other side is another leg: it was never sent.
    expect(byLeg[legIdentity(leg("CE", "SELL"))]).toBeUndefined();
  });
});

// A refusal reads as the baskets' and the order window's do (riskMessage.ts refusalText): the broker's
// sentence, its code only for the risk desk's EC710-EC719 ("EC710: Kill switch …"), which the trader
// looks up by it; "EC917: Price must be …" showed the strategy's own form.
// Each placed leg on a line of its own with its product and order number, as a basket's fire toast
// names them (basketRun.ts placedLegLine): the trader finds each order in the book by its number.
describe("the toast after placing a strategy: what was placed, what was not and why, each reason once", () => {
  const legs = [leg("CE", "BUY"), leg("PE", "SELL")].map(deskOrderLeg);
  const ks = "Kill switch is on for this segment: no new orders: F&O until 08/12/2026 22:02:44 IST";

  it("none placed for one reason: 'not placed', the reason once", () => {
    const r: LegReport[] = [
      { scripId: 1, placed: false, code: "EC710", message: ks },
      { scripId: 2, placed: false, code: "EC710", message: ks },
    ];
    expect(strategyToast("NIFTY long straddle", legs, r)).toEqual({ kind: "danger", text: `Strategy NIFTY long straddle not placed: 0 of 2 legs. EC710: ${ks}` });
  });

  it("none placed for different reasons: each leg with its own", () => {
    const r: LegReport[] = [
      { scripId: 1, placed: false, code: "", message: "No answer from the broker" },
      { scripId: 2, placed: false, code: "EC917", message: "Price must be a multiple of tick size: tick size 0.05" },
    ];
    expect(strategyToast("NIFTY long straddle", legs, r).text).toBe(
      "Strategy NIFTY long straddle not placed: 0 of 2 legs.\nNot placed: Qty 75 BUY NIFTY26D0824550CE (No answer from the broker)\nNot placed: Qty 75 SELL NIFTY26D0824550PE (Price must be a multiple of tick size: tick size 0.05)",
    );
  });

  it("part placed: which legs were placed and which were not, with why", () => {
    const r: LegReport[] = [
      { scripId: 1, placed: true, orderNo: "2612070000002" },
      { scripId: 2, placed: false, code: "EC917", message: "Price must be a multiple of tick size: tick size 0.05" },
    ];
    expect(strategyToast("on NIFTY", legs, r)).toEqual({
      kind: "danger",
      // The placed leg as the book has it: an NSE F&O leg goes as NORMAL, read NRML, with its order number.
      text: "Strategy on NIFTY part-placed: 1 of 2 legs:\nQty 75 BUY NIFTY26D0824550CE NRML, order 2612070000002\nNot placed: Qty 75 SELL NIFTY26D0824550PE (Price must be a multiple of tick size: tick size 0.05)",
    });
  });

  it("part placed, two legs refused for one reason: the two named, the reason once", () => {
    const four = [leg("CE", "BUY"), leg("PE", "BUY"), leg("CE", "SELL", { token: 103, symbol: "NIFTY26D0824750CE" }), leg("PE", "SELL", { token: 104, symbol: "NIFTY26D0824350PE" })].map(deskOrderLeg);
    const r: LegReport[] = [
      { scripId: 1, placed: true, orderNo: "1" },
      { scripId: 2, placed: true, orderNo: "2" },
      { scripId: 3, placed: false, code: "EC919", message: "Insufficient funds" },
      { scripId: 4, placed: false, code: "EC919", message: "Insufficient funds" },
    ];
    expect(strategyToast("NIFTY iron condor", four, r).text).toBe(
      "Strategy NIFTY iron condor part-placed: 2 of 4 legs:\nQty 75 BUY NIFTY26D0824550CE NRML, order 1\nQty 75 BUY NIFTY26D0824550PE NRML, order 2\nNot placed: Qty 75 SELL NIFTY26D0824750CE, Qty 75 SELL NIFTY26D0824350PE (Insufficient funds)",
    );
  });

  it("all placed: a success naming the legs", () => {
    const r: LegReport[] = [
      { scripId: 1, placed: true, orderNo: "1" },
      { scripId: 2, placed: true, orderNo: "2" },
    ];
    expect(strategyToast("NIFTY long straddle", legs, r)).toEqual({ kind: "success", text: "Strategy NIFTY long straddle placed: 2 of 2 legs:\nQty 75 BUY NIFTY26D0824550CE NRML, order 1\nQty 75 SELL NIFTY26D0824550PE NRML, order 2" });
  });
});
