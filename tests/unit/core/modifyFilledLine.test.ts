import { describe, expect, it } from "vitest";
import { modifyFilledLine } from "../../../src/core/rules/modifyFilled";
import { modifyAnswerText } from "../../../src/core/rules/orderToast";

/**
 * A modify of a partly filled order (FINDINGS-27 3): the window showed Quantity 4000 with no word of
 * the 477 filled, and a trader who typed 1000 meaning "1000 more" was left with 523 pending. A modify's
 * quantity is the order's new total (trading-core section 4: "Statuses that allow modify and cancel:
 * partly executed, … open …"; the broker keeps what has filled), so the window says what has filled
 * and what the typed total leaves, and the Modified toast what stays pending.
 */
describe("the line beside a modify's Quantity", () => {
  const sbin = { quantity: 4000, filledQuantity: 477, transactionType: "BUY" as "BUY" | "SELL" };
  const nse = { exchange: "NSEEQ" as const, lotSize: 1 };

  it("a partly filled buy, the total unchanged: 4,000 − 477 = 3,523 left to buy", () => {
    expect(modifyFilledLine(sbin, 4000, nse)).toBe("477 of 4,000 filled; Quantity is the order's total: 3,523 left to buy");
  });

  it("the trader types 1000 meaning 1000 more: 1,000 − 477 = 523 left", () => {
    expect(modifyFilledLine(sbin, 1000, nse)).toBe("477 of 4,000 filled; Quantity is the order's total: 523 left to buy");
  });

  it("a total at or under what has filled leaves nothing", () => {
    expect(modifyFilledLine({ ...sbin, transactionType: "SELL" as const }, 400, nse)).toBe("477 of 4,000 filled; Quantity is the order's total: 400 leaves nothing to sell");
  });

  it("nothing filled: no line", () => {
    expect(modifyFilledLine({ ...sbin, filledQuantity: 0 }, 4000, nse)).toBeUndefined();
  });

  it("filled whole while the window is open", () => {
    expect(modifyFilledLine({ ...sbin, filledQuantity: 4000 }, 1000, nse)).toBe("All 4,000 filled: nothing is left to modify");
  });
});

/**
 * trading-core: "Commodity and currency quantity is shown in lots." Beside a Quantity field in lots the
 * line counts lots as the field does: a trader reading "Quantity (lots) 5" and "2,000 of 5,000 filled"
 * takes 2,000 for lots. Currency books count units (lot 1,000 here), so their figures follow in brackets;
 * commodity books count lots already.
 */
describe("the line beside a Quantity field in lots", () => {
  const usdinr = { exchange: "NSECURR" as const, lotSize: 1000 };
  // 5 lots of 1,000 = 5,000 units, 2 lots (2,000 units) filled.
  const currencyBuy = { quantity: 5000, filledQuantity: 2000, transactionType: "BUY" as "BUY" | "SELL" };

  it("currency, the total unchanged: 2 of 5 lots (2,000 of 5,000) filled, 5 − 2 = 3 lots left", () => {
    expect(modifyFilledLine(currencyBuy, 5000, usdinr)).toBe("2 of 5 lots (2,000 of 5,000) filled; Quantity is the order's total: 3 lots left to buy");
  });

  it("currency, a total of 3 lots typed (3,000 units): 1 lot left", () => {
    expect(modifyFilledLine(currencyBuy, 3000, usdinr)).toBe("2 of 5 lots (2,000 of 5,000) filled; Quantity is the order's total: 1 lot left to buy");
  });

  it("currency, a total of 2 lots, what has filled: nothing left", () => {
    expect(modifyFilledLine({ ...currencyBuy, transactionType: "SELL" }, 2000, usdinr)).toBe("2 of 5 lots (2,000 of 5,000) filled; Quantity is the order's total: 2 lots leaves nothing to sell");
  });

  it("currency, filled whole: All 5 lots", () => {
    expect(modifyFilledLine({ ...currencyBuy, filledQuantity: 5000 }, 5000, usdinr)).toBe("All 5 lots filled: nothing is left to modify");
  });

  it("currency, a book not in whole lots (2,500 of 5,000 units): its units, never lots rounded", () => {
    expect(modifyFilledLine({ ...currencyBuy, filledQuantity: 2500 }, 5000, usdinr)).toBe("2,500 of 5,000 filled; Quantity is the order's total: 2,500 left to buy");
  });

  it("commodity, whose book counts lots: 2 of 5 lots filled, no brackets", () => {
    const gold = { exchange: "MCXCOMM" as const, lotSize: 100 };
    expect(modifyFilledLine({ quantity: 5, filledQuantity: 2, transactionType: "BUY" }, 5, gold)).toBe("2 of 5 lots filled; Quantity is the order's total: 3 lots left to buy");
  });

  it("equity futures, whose Quantity field counts units (stepping by the lot): units, as the field", () => {
    const nifty = { exchange: "NSEFO" as const, lotSize: 75 };
    expect(modifyFilledLine({ quantity: 375, filledQuantity: 150, transactionType: "BUY" }, 375, nifty)).toBe("150 of 375 filled; Quantity is the order's total: 225 left to buy");
  });
});

describe("the Modified toast of a partly filled order says what stays pending", () => {
  it("1000 total, 477 filled: 523 pending", () => {
    expect(
      modifyAnswerText({ exchange: "NSEEQ", transactionType: "BUY", quantity: 1000, orderType: "LIMIT", price: 938, slTriggerPrice: 0, product: "INTRADAY" }, "SBIN-EQ", "2612070000009", 477),
    ).toBe("Modified: Qty 1000 BUY SBIN-EQ @ ₹938.00 (LIMIT Order) INTRADAY, 477 filled, 523 pending, order 2612070000009");
  });

  it("nothing filled: the new terms only", () => {
    expect(
      modifyAnswerText({ exchange: "NSEEQ", transactionType: "BUY", quantity: 1000, orderType: "LIMIT", price: 938, slTriggerPrice: 0, product: "INTRADAY" }, "SBIN-EQ", "2612070000009", 0),
    ).toBe("Modified: Qty 1000 BUY SBIN-EQ @ ₹938.00 (LIMIT Order) INTRADAY, order 2612070000009");
  });
});
