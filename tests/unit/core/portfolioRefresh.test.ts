import { describe, expect, it } from "vitest";
import { holdingsFeedWanted } from "../../../src/core/rules/portfolioRefresh";

describe("trading-core section 2, Funds: 'On this route the holdings feed subscription is skipped.'", () => {
  it("skips the holdings feed on /main/funds only", () => {
    expect(holdingsFeedWanted("/main/funds?tab=0&subTab=1")).toBe(false);
    expect(holdingsFeedWanted("/main/holdings")).toBe(true);
    expect(holdingsFeedWanted("/home")).toBe(true);
  });
});
