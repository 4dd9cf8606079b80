import { describe, expect, it } from "vitest";
import { pricedLevels, stepLevel } from "../../../src/core/rules/depthLevel";

// The rule (core/rules/depthLevel.ts): one price ladder, ask[n-1] … ask[0], bid[0] … bid[m-1];
// "↑ goes to a higher price, ↓ to a lower one; from no highlight the first ↑ takes the best offer
// and the first ↓ the best bid … At either end of the ladder a key stays where it is."
describe("stepLevel", () => {
  it("starts at the best bid on ↓ and the best offer on ↑", () => {
    expect(stepLevel(undefined, "down", 5, 5)).toEqual({ side: "bid", index: 0 });
    expect(stepLevel(undefined, "up", 5, 5)).toEqual({ side: "ask", index: 0 });
  });
  it("walks down the bids and up the offers, crossing the spread between the best of each", () => {
    expect(stepLevel({ side: "bid", index: 0 }, "down", 5, 5)).toEqual({ side: "bid", index: 1 });
    expect(stepLevel({ side: "bid", index: 0 }, "up", 5, 5)).toEqual({ side: "ask", index: 0 });
    expect(stepLevel({ side: "ask", index: 0 }, "down", 5, 5)).toEqual({ side: "bid", index: 0 });
    expect(stepLevel({ side: "ask", index: 2 }, "up", 5, 5)).toEqual({ side: "ask", index: 3 });
  });
  it("stays at either end of the ladder", () => {
    expect(stepLevel({ side: "bid", index: 4 }, "down", 5, 5)).toEqual({ side: "bid", index: 4 });
    expect(stepLevel({ side: "ask", index: 4 }, "up", 5, 5)).toEqual({ side: "ask", index: 4 });
  });
  it("takes the other side's best when the side asked for is empty, and nothing when the book is", () => {
    expect(stepLevel(undefined, "down", 0, 3)).toEqual({ side: "ask", index: 0 });
    expect(stepLevel(undefined, "up", 2, 0)).toEqual({ side: "bid", index: 0 });
    expect(stepLevel(undefined, "up", 0, 0)).toBeUndefined();
  });
  it("starts afresh from a level the book no longer has", () => {
    expect(stepLevel({ side: "bid", index: 4 }, "down", 2, 5)).toEqual({ side: "bid", index: 0 });
  });
});

describe("pricedLevels", () => {
  it("counts the levels with a price, up to the first missing or priced 0", () => {
    expect(pricedLevels([{ price: 10 }, { price: 9.95 }, { price: 0 }, { price: 9.8 }])).toBe(2);
    expect(pricedLevels([undefined, { price: 1 }])).toBe(0);
  });
});
