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

  it("a partly filled buy, the total unchanged: 4,000 − 477 = 3,523 left to buy", () => {
    expect(modifyFilledLine(sbin, 4000)).toBe("477 of 4,000 filled; Quantity is the order's total: 3,523 left to buy");
  });

  it("the trader types 1000 meaning 1000 more: 1,000 − 477 = 523 left", () => {
    expect(modifyFilledLine(sbin, 1000)).toBe("477 of 4,000 filled; Quantity is the order's total: 523 left to buy");
  });

  it("a total at or under what has filled leaves nothing", () => {
    expect(modifyFilledLine({ ...sbin, transactionType: "SELL" as const }, 400)).toBe("477 of 4,000 filled; Quantity is the order's total: 400 leaves nothing to sell");
  });

  it("nothing filled: no line", () => {
    expect(modifyFilledLine({ ...sbin, filledQuantity: 0 }, 4000)).toBeUndefined();
  });

  it("filled whole while the window is open", () => {
    expect(modifyFilledLine({ ...sbin, filledQuantity: 4000 }, 1000)).toBe("All 4,000 filled: nothing is left to modify");
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
