import { describe, expect, it } from "vitest";
import { holdingsFeedWanted, refreshesAfterUpdate } from "../../../src/core/rules/portfolioRefresh";

describe("trading-core section 4, After order updates", () => {
  it("'On a complete update, positions refresh.' (on any page)", () => {
    for (const path of ["/main/orders", "/main/position", "/main/watchlist", "/dashboard"]) expect(refreshesAfterUpdate("complete", path).positions).toBe(true);
  });
  it("'On a complete update, holdings also refresh when the user is on /holdings or /home.'", () => {
    expect(refreshesAfterUpdate("complete", "/main/holdings?tab=1&subTab=0").holdings).toBe(true);
    expect(refreshesAfterUpdate("complete", "/home").holdings).toBe(true);
    expect(refreshesAfterUpdate("complete", "/main/home").holdings).toBe(true);
    expect(refreshesAfterUpdate("complete", "/main/orders").holdings).toBe(false);
    expect(refreshesAfterUpdate("complete", "/main/position").holdings).toBe(false);
  });
  it("other statuses refresh neither positions nor holdings", () => {
    for (const s of ["open", "rejected", "cancelled", "trigger pending", "partly executed"]) {
      const r = refreshesAfterUpdate(s, "/main/holdings");
      expect([r.positions, r.holdings]).toEqual([false, false]);
    }
  });
  it("Tape: funds limits refresh on any update while they are on screen (/funds, /home)", () => {
    expect(refreshesAfterUpdate("open", "/main/funds").limits).toBe(true);
    expect(refreshesAfterUpdate("cancelled", "/home").limits).toBe(true);
    expect(refreshesAfterUpdate("complete", "/main/orders").limits).toBe(false);
  });
});

describe("trading-core section 2, Funds: 'On this route the holdings feed subscription is skipped.'", () => {
  it("skips the holdings feed on /main/funds only", () => {
    expect(holdingsFeedWanted("/main/funds?tab=0&subTab=1")).toBe(false);
    expect(holdingsFeedWanted("/main/holdings")).toBe(true);
    expect(holdingsFeedWanted("/home")).toBe(true);
  });
});
