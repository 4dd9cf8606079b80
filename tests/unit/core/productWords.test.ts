import { describe, expect, it } from "vitest";
import { orderTypeLabel, productLabel } from "../../../src/core/format";
import { exitLine } from "../../../src/core/rules/positionExit";
import { checkConversion } from "../../../src/core/rules/positionActions";
import { describeBasketLine, parseBasketCommand } from "../../../src/commands/grammar/basket";

describe("one word per product and order type on every screen (issue 29): the product shown is the product sent", () => {
  // trading-core section 5, "Product mapping when sending an order": Chosen NRML | BO, CO, INTRADAY | DELIVERY | BNPL;
  // section 4 lists pcode DELIVERY, INTRADAY, BNPL, NORMAL, BO, CO. Each code's words, written by hand from it.
  it.each([
    ["NORMAL", "NRML"], // the wire's carry-forward product reads as the trader chose it: Chosen NRML, Sent NORMAL
    ["NRML", "NRML"],
    ["DELIVERY", "DELIVERY"], // not "Delivery" nor CNC: the spec writes DELIVERY
    ["INTRADAY", "INTRADAY"], // not "Intraday" nor MIS
    ["BNPL", "BNPL"],
    ["BO", "BO"],
    ["CO", "CO"],
  ])("%s reads %s", (code, words) => {
    expect(productLabel(code)).toBe(words);
  });
  it("the stop-loss market order reads SL-M; LIMIT, MARKET and SL read as they are", () => {
    expect(["LIMIT", "MARKET", "SL", "SLM"].map(orderTypeLabel)).toEqual(["LIMIT", "MARKET", "SL", "SL-M"]);
  });
  it("no raw NORMAL in the texts that name a product: Exit all's line, a refused conversion, a basket line read back", () => {
    expect(exitLine({ transactionType: "BUY", quantity: 75, exchange: "NSEFO", product: "NORMAL", orderType: "MARKET" }, "NIFTY26DECFUT")).toBe("BUY 75 NIFTY26DECFUT (NSEFO, NRML) at MARKET");
    const refused = checkConversion({ exchange: "NSEFO", product: "NORMAL", netQuantity: 75, type: "", lotsize: 75 }, "DELIVERY", 75);
    expect(refused.ok ? "" : refused.message).toMatch(/: NRML to DELIVERY$/);
    const same = checkConversion({ exchange: "NSEFO", product: "NORMAL", netQuantity: 75, type: "", lotsize: 75 }, "NORMAL", 75);
    expect(same.ok ? "" : same.message).toMatch(/: already NRML$/);
    const p = parseBasketCommand("basket add Morning sell NIFTY 30 @ 120 nrml");
    expect(p.ok && describeBasketLine(p.line)).toBe("Add to Morning: SELL 30 NIFTY @ 120 NRML");
  });
});
