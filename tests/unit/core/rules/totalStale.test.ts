import { describe, expect, it } from "vitest";
import { atReferencePrice, referenceNote, totalStale } from "../../../../src/core/rules/totalStale";

/**
 * A tester's finding in a replay: Home's Current value, Day's P&L and Net P&L were dimmed as stale
 * for the whole replay, played or paused, because some holdings are instruments the replay's tape
 * has no ticks of (they stand at their reference price and never tick). A total dims when a price
 * it adds is stale; a price standing at its reference for want of ticks on the tape is marked on its
 * own row and named beside the totals, and dims them only once the feed itself is down.
 */
describe("whether a price stands at its reference for want of ticks on the replay's tape", () => {
  it("in a replay, the broker's quote with no tape row played (sequence 0) is its reference price", () => {
    expect(atReferencePrice(true, 0)).toBe(true);
    expect(atReferencePrice(true, 17)).toBe(false);
  });
  it("not before any quote arrived, and never live (a live quote of sequence 0 is the market's first)", () => {
    expect(atReferencePrice(true, undefined)).toBe(false);
    expect(atReferencePrice(false, 0)).toBe(false);
  });
});

describe("whether a total is stale", () => {
  const ticking = (stale: boolean) => ({ stale, atReference: false });
  const atRef = (stale: boolean) => ({ stale, atReference: true });
  it("live parts: not stale", () => {
    expect(totalStale([ticking(false), atRef(false)], false)).toBe(false);
  });
  it("a part at its reference price, stale by age: not stale for that (its row is marked, the summary names it)", () => {
    expect(totalStale([ticking(false), atRef(true)], false)).toBe(false);
  });
  it("a ticking part stale (its feed silent): stale", () => {
    expect(totalStale([ticking(true), atRef(true)], false)).toBe(true);
  });
  it("the feed down (socket closed, broker not answering): stale, the parts at their reference too", () => {
    expect(totalStale([atRef(true)], true)).toBe(true);
  });
  it("no parts: not stale", () => {
    expect(totalStale([], true)).toBe(false);
  });
});

describe("the summary's note of the parts at their reference price", () => {
  it("names them, and says why", () => {
    expect(referenceNote(["CRUDEOIL26DECFUT"])).toEqual({
      text: "CRUDEOIL26DECFUT",
      title: "No ticks of CRUDEOIL26DECFUT on the replay's tape: at its reference price, in these totals as it stands",
    });
    expect(referenceNote(["ITC-EQ", "SBIN-EQ", "TCS-EQ", "WIPRO-EQ"])).toEqual({
      text: "ITC-EQ, SBIN-EQ, TCS-EQ +1",
      title: "No ticks of ITC-EQ, SBIN-EQ, TCS-EQ, WIPRO-EQ on the replay's tape: at their reference prices, in these totals as they stand",
    });
  });
  it("nothing when every price ticks", () => {
    expect(referenceNote([])).toBeUndefined();
  });
});
