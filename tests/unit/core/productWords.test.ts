import { describe, expect, it } from "vitest";
import { orderTypeLabel, productLabel } from "../../../src/core/format";

describe("one word per product and order type on every screen (issue 29)", () => {
  it("the carry-forward product reads NRML, the word the trader chose (trading-core section 5: Chosen NRML, Sent NORMAL)", () => {
    expect(productLabel("NORMAL")).toBe("NRML");
    expect(productLabel("NRML")).toBe("NRML");
    expect(productLabel("INTRADAY")).toBe("INTRADAY");
    expect(productLabel("DELIVERY")).toBe("DELIVERY");
  });
  it("the stop-loss market order reads SL-M; LIMIT, MARKET and SL read as they are", () => {
    expect(["LIMIT", "MARKET", "SL", "SLM"].map(orderTypeLabel)).toEqual(["LIMIT", "MARKET", "SL", "SL-M"]);
  });
});
