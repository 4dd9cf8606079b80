import { describe, expect, it } from "vitest";
import { orderBook, positionBook, positionKey, positionTypeOf } from "../../../src/core/rules/positionKey";

// The spec's Position has a product and a type ("BO", "CO" or other text): one instrument holds one
// position per product, and a BO or CO position apart from the plain INTRADAY one.
describe("the position an order's fills go to", () => {
  it("a BO or CO order makes a position of that type; any other order a plain one", () => {
    expect(positionTypeOf("BO")).toBe("BO");
    expect(positionTypeOf("CO")).toBe("CO");
    expect(positionTypeOf("REGULAR")).toBe("");
    expect(positionTypeOf("AMO")).toBe("");
  });

  it("a CO INTRADAY order trades in the CO book, a regular INTRADAY one in the INTRADAY book, NORMAL in NORMAL", () => {
    expect(orderBook({ orderComplexity: "CO", product: "INTRADAY" })).toBe("CO");
    expect(orderBook({ orderComplexity: "BO", product: "INTRADAY" })).toBe("BO");
    expect(orderBook({ orderComplexity: "REGULAR", product: "INTRADAY" })).toBe("INTRADAY");
    expect(orderBook({ orderComplexity: "REGULAR", product: "NORMAL" })).toBe("NORMAL");
  });

  it("an order's book is the book of the position its fills make (the broker files positions by it)", () => {
    for (const orderComplexity of ["BO", "CO", "REGULAR", "AMO"])
      for (const product of ["INTRADAY", "DELIVERY", "NORMAL"])
        expect(orderBook({ orderComplexity, product })).toBe(positionBook({ product, type: positionTypeOf(orderComplexity) }));
  });

  it("the key: exchange:token:book", () => {
    expect(positionKey({ exchange: "NSEEQ", token: 1594, product: "INTRADAY", type: "CO" })).toBe("NSEEQ:1594:CO");
    expect(positionKey({ exchange: "NSEEQ", token: 1594, product: "INTRADAY", type: "" })).toBe("NSEEQ:1594:INTRADAY");
  });
});
