import { describe, expect, it } from "vitest";
import { holdingSaleShort } from "../../../../src/core/rules/holdingSale";

// EC949 "Insufficient holdings to sell": a DELIVERY sale needs the delivery holding, a BNPL sale the BNPL one.
describe("a sale of shares not held, said before Enter", () => {
  const sell = (product: "DELIVERY" | "BNPL" | "INTRADAY", quantity: number, exchange: "NSEEQ" | "BSEEQ" | "NSEFO" = "NSEEQ") => ({ exchange, transactionType: "SELL" as const, product, quantity });

  it("a delivery sale of more than the delivery holding, with the way to short when none is held", () => {
    expect(holdingSaleShort(sell("DELIVERY", 1), { deliveryQty: 0, bnplQty: 0 })).toBe("You hold 0 for delivery: a delivery sale of 1 is refused (Intraday sells short)");
    expect(holdingSaleShort(sell("DELIVERY", 400, "BSEEQ"), { deliveryQty: 300, bnplQty: 100 })).toBe("You hold 300 for delivery: a delivery sale of 400 is refused");
    expect(holdingSaleShort(sell("DELIVERY", 300), { deliveryQty: 300, bnplQty: 100 })).toBeUndefined();
  });

  it("a BNPL sale counts the BNPL holding only", () => {
    expect(holdingSaleShort(sell("BNPL", 150), { deliveryQty: 300, bnplQty: 100 })).toBe("You hold 100 as BNPL: a BNPL sale of 150 is refused");
    expect(holdingSaleShort(sell("BNPL", 100), { deliveryQty: 0, bnplQty: 100 })).toBeUndefined();
  });

  it("an intraday sale, a buy, or a derivative holds nothing in demat: no word", () => {
    expect(holdingSaleShort(sell("INTRADAY", 50), { deliveryQty: 0, bnplQty: 0 })).toBeUndefined();
    expect(holdingSaleShort({ ...sell("DELIVERY", 50), transactionType: "BUY" }, { deliveryQty: 0, bnplQty: 0 })).toBeUndefined();
    expect(holdingSaleShort(sell("DELIVERY", 75, "NSEFO"), { deliveryQty: 0, bnplQty: 0 })).toBeUndefined();
  });
});
