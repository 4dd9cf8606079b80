import { describe, expect, it } from "vitest";
import { holdingsFeedWanted, limitsRefreshAfterUpdate } from "../../../src/core/rules/portfolioRefresh";

describe("Tape: funds limits refresh after an order update while they are on screen", () => {
  it("on /funds and /home", () => {
    expect(limitsRefreshAfterUpdate("/main/funds?tab=0&subTab=1")).toBe(true);
    expect(limitsRefreshAfterUpdate("/home")).toBe(true);
    expect(limitsRefreshAfterUpdate("/main/home")).toBe(true);
  });
  it("not elsewhere (the page fetches them when it opens)", () => {
    expect(limitsRefreshAfterUpdate("/main/orders")).toBe(false);
    expect(limitsRefreshAfterUpdate("/main/position")).toBe(false);
  });
});

describe("trading-core section 2, Funds: 'On this route the holdings feed subscription is skipped.'", () => {
  it("skips the holdings feed on /main/funds only", () => {
    expect(holdingsFeedWanted("/main/funds?tab=0&subTab=1")).toBe(false);
    expect(holdingsFeedWanted("/main/holdings")).toBe(true);
    expect(holdingsFeedWanted("/home")).toBe(true);
  });
});
