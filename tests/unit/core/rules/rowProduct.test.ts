import { describe, expect, it } from "vitest";
import { rowProduct } from "../../../../src/core/rules/rowProduct";

/**
 * b / s on a book's row open the window in the row's product: "Exit is available from positions or
 * holdings" (trading-core), and a sale from a row is a sale of what the row holds. A holding sells
 * its delivery shares, its BNPL ones when that is all it holds ("the broker sells a product's own
 * shares only"); a position trades in its own product, named as the window names it ("BO, CO,
 * INTRADAY -> INTRADAY"; NORMAL, NRML and DELIVERY are DELIVERY on equity and NRML elsewhere).
 */
describe("the product of an order opened on a book's row", () => {
  it("a holding: s sells delivery shares, or BNPL when only BNPL is held; b buys for delivery", () => {
    expect(rowProduct("SELL", { kind: "holding", deliveryQty: 66, bnplQty: 0 })).toBe("DELIVERY");
    expect(rowProduct("SELL", { kind: "holding", deliveryQty: 10, bnplQty: 5 })).toBe("DELIVERY");
    expect(rowProduct("SELL", { kind: "holding", deliveryQty: 0, bnplQty: 5 })).toBe("BNPL");
    expect(rowProduct("BUY", { kind: "holding", deliveryQty: 0, bnplQty: 5 })).toBe("DELIVERY");
  });

  it("a position: its own product, as the window names it on its exchange", () => {
    expect(rowProduct("SELL", { kind: "position", exchange: "NSEFO", product: "NORMAL" })).toBe("NRML");
    expect(rowProduct("BUY", { kind: "position", exchange: "NSEFO", product: "NRML" })).toBe("NRML");
    expect(rowProduct("SELL", { kind: "position", exchange: "NSEEQ", product: "NORMAL" })).toBe("DELIVERY");
    expect(rowProduct("SELL", { kind: "position", exchange: "NSEEQ", product: "INTRADAY" })).toBe("INTRADAY");
    expect(rowProduct("SELL", { kind: "position", exchange: "NSEEQ", product: "BO" })).toBe("INTRADAY");
    expect(rowProduct("BUY", { kind: "position", exchange: "MCXCOMM", product: "DELIVERY" })).toBe("NRML");
  });
});
