import { describe, expect, it } from "vitest";
import { alertModifyProblem, alertOrderNote, alertOrdersText, alertProblem, alertRefusalText, alertSetText, alertStatusText } from "../../../src/core/rules/alerts";

/**
 * What the app says of an alert: set, modified, refused, fired. Each expected text is
 * worked out by hand from the rule quoted beside it.
 */

const infy = { tradingSymbol: "INFY-EQ", exchange: "NSEEQ" as const };

describe("the toast of an alert set says what was set on what", () => {
  // "A toast says what happened to what", in the words the firing toast uses; the level is a price: "Price decimals: 4 for currency exchanges, 2 otherwise".
  it("alert INFY above 1150: Alert set: INFY-EQ at or above ₹1,150.00", () =>
    expect(alertSetText({ ...infy, condition: "ABOVE", value: 1150 })).toBe("Alert set: INFY-EQ at or above ₹1,150.00"));
  it("a change alert names its percentage", () =>
    expect(alertSetText({ ...infy, condition: "CHANGE", value: 2 })).toBe("Alert set: INFY-EQ moves 2% from the previous close"));
  // The day's high is the broker's figure, written as prices are: 1142.3 on NSE reads 1,142.30.
  it("a day-high alert names the high the broker took", () =>
    expect(alertSetText({ ...infy, condition: "DAY_HIGH", value: 1142.3 })).toBe("Alert set: INFY-EQ crosses the day's high ₹1,142.30"));
  it("a modified alert says so, with its new condition", () =>
    expect(alertSetText({ ...infy, condition: "BELOW", value: 1100.5 }, "modified")).toBe("Alert modified: INFY-EQ at or below ₹1,100.50"));
  // A cancel names what it ended, as an order's cancel names the order ("Alert cancelled" alone named nothing).
  it("a cancelled alert names the alert it ended", () =>
    expect(alertSetText({ ...infy, condition: "ABOVE", value: 1150 }, "cancelled")).toBe("Alert cancelled: INFY-EQ at or above ₹1,150.00"));
});

describe("an alert with an order says it will place it, and its firing says what it placed, in the order toasts' words", () => {
  // `alert INFY above 1138.90 then buy INFY 5 intraday`: the order toasts' "Qty {q} {side} {tradingSymbol}{prices} ({type} Order){product}",
  // a market order without a price; the level with NSE's two decimals (it read "₹1,138.9" and said nothing of the order).
  const buy5 = { exchange: "NSEEQ" as const, token: 1594, tradingSymbol: "INFY-EQ", transType: "BUY" as const, qty: 5, product: "INTRADAY" as const, orderType: "MARKET" as const, price: 0, trigger: 0, line: "buy INFY 5 intraday" };
  it("set: the order it will place", () =>
    expect(alertSetText({ ...infy, condition: "ABOVE", value: 1138.9, thenOrder: buy5 })).toBe("Alert set: INFY-EQ at or above ₹1,138.90; when it fires it places Qty 5 BUY INFY-EQ (MARKET Order) INTRADAY"));
  // A limit order names its price as an order's toast does; NORMAL reads NRML (productLabel, the spec's mapping).
  it("modified to a limit NRML order: its price and product as the order window shows them", () =>
    expect(alertSetText({ ...infy, condition: "BELOW", value: 1100, thenOrder: { ...buy5, transType: "SELL", orderType: "LIMIT", price: 1099.5, product: "NORMAL" } }, "modified")).toBe(
      "Alert modified: INFY-EQ at or below ₹1,100.00; when it fires it places Qty 5 SELL INFY-EQ @ ₹1,099.50 (LIMIT Order) NRML",
    ));
  it("a basket linked: its name", () =>
    expect(alertSetText({ ...infy, condition: "ABOVE", value: 1150, thenBasketId: 7 }, "set", "Breakout")).toBe("Alert set: INFY-EQ at or above ₹1,150.00; when it fires it places basket Breakout"));
  it("a cancel names only the alert: nothing will be placed", () =>
    expect(alertSetText({ ...infy, condition: "ABOVE", value: 1150, thenOrder: buy5 }, "cancelled")).toBe("Alert cancelled: INFY-EQ at or above ₹1,150.00"));
  it("fired and placed: the same order, with its number", () =>
    expect(alertOrderNote(buy5, { orderNo: "2612070000018" })).toBe("placed Qty 5 BUY INFY-EQ (MARKET Order) INTRADAY, order 2612070000018"));
  it("fired and refused: the same order, then why with its code", () =>
    expect(alertOrderNote(buy5, { code: "EC710", message: "Kill switch is on" })).toBe("not placed: Qty 5 BUY INFY-EQ (MARKET Order) INTRADAY. EC710: Kill switch is on"));
});

describe("the Alerts view's Orders column says what the alert's toasts said", () => {
  // README: the broker "notes what became of it on the alert (the Alerts view's Orders column)"; FINDINGS-30 #7: the
  // column read the line as typed ("places buy INFY 10 @ 1150") where the set toast read the order as it will be placed,
  // and a fired alert's cell left out the order number its toast gave.
  const buy10 = { exchange: "NSEEQ" as const, token: 1594, tradingSymbol: "INFY-EQ", transType: "BUY" as const, qty: 10, product: "DELIVERY" as const, orderType: "LIMIT" as const, price: 1150, trigger: 0, line: "buy INFY 10 @ 1150" };
  it("active, with an order: the order as it will be placed (side, qty, instrument, price, type, product), as its set toast said", () =>
    expect(alertOrdersText({ thenBasketId: null, thenOrder: buy10, ordersNote: "" })).toBe("places Qty 10 BUY INFY-EQ @ ₹1,150.00 (LIMIT Order) DELIVERY"));
  it("fired and placed: the note kept on it, order number and all, as its firing toast said", () =>
    expect(alertOrdersText({ thenBasketId: null, thenOrder: buy10, ordersNote: "placed Qty 10 BUY INFY-EQ @ ₹1,150.00 (LIMIT Order) DELIVERY, order 2612070000013" })).toBe(
      "placed Qty 10 BUY INFY-EQ @ ₹1,150.00 (LIMIT Order) DELIVERY, order 2612070000013",
    ));
  it("fired and refused: the order and why, with its code", () =>
    expect(alertOrdersText({ thenBasketId: null, thenOrder: buy10, ordersNote: "not placed: Qty 10 BUY INFY-EQ @ ₹1,150.00 (LIMIT Order) DELIVERY. EC710: Kill switch is on" })).toBe(
      "not placed: Qty 10 BUY INFY-EQ @ ₹1,150.00 (LIMIT Order) DELIVERY. EC710: Kill switch is on",
    ));
  it("a basket: placed with its order numbers once fired; before, that it places a basket", () => {
    expect(alertOrdersText({ thenBasketId: 7, thenOrder: null, ordersNote: "basket Breakout: 2 of 2 placed (2612070000014, 2612070000015)" })).toBe("basket Breakout: 2 of 2 placed (2612070000014, 2612070000015)");
    expect(alertOrdersText({ thenBasketId: 7, thenOrder: null, ordersNote: "" })).toBe("places a basket");
  });
  it("a plain alert: nothing", () => expect(alertOrdersText({ thenBasketId: null, thenOrder: null, ordersNote: "" })).toBe(""));
});

describe("every alert refusal shows its code (README: the risk desk's refusals are shown with their code)", () => {
  it("the broker's EC730 answer reads with its code in front", () =>
    expect(alertRefusalText("EC730", "An open-interest alert needs a future or an option: this instrument has no open interest: INFY-EQ is a share")).toBe(
      "EC730: An open-interest alert needs a future or an option: this instrument has no open interest: INFY-EQ is a share",
    ));
  it("a message that already starts with its code is not given it twice", () => expect(alertRefusalText("EC990", "EC990: Invalid alert")).toBe("EC990: Invalid alert"));
  it("a status that is no code (a failed call) leaves the message alone", () => expect(alertRefusalText("", "The broker did not answer")).toBe("The broker did not answer"));
  // The app's own check, in the broker's words: catalogue EC990 is "Invalid alert".
  it("the app's check of a value reads as the broker's EC990 would", () => expect(alertProblem("EC990", "Give a price above 0")).toBe("EC990: Invalid alert: Give a price above 0"));
});

describe("a fired alert says when and at what, in IST", () => {
  const fired = { ...infy, status: "TRIGGERED" as const, triggeredAt: "2026-12-07T05:12:07.000Z", triggeredPrice: 1151 };
  // 05:12:07 UTC + 5:30 = 10:42:07 IST on 7 December; the price with NSE's two decimals.
  it("on the day it fired: the time only", () => expect(alertStatusText(fired, "2026-12-07")).toBe("Fired 10:42:07 at ₹1,151.00"));
  it("on a later day: the date too (DD/MM/YYYY)", () => expect(alertStatusText(fired, "2026-12-08")).toBe("Fired 07/12/2026 10:42:07 at ₹1,151.00"));
  // 20:00 UTC on the 6th is 01:30 IST on the 7th: the IST date decides, never UTC's.
  it("the day is India's: 20:00 UTC on the 6th fired on the 7th in IST", () =>
    expect(alertStatusText({ ...fired, triggeredAt: "2026-12-06T20:00:00.000Z" }, "2026-12-07")).toBe("Fired 01:30:00 at ₹1,151.00"));
  it("active and cancelled say only that", () => {
    expect(alertStatusText({ ...fired, status: "ACTIVE", triggeredAt: null, triggeredPrice: null }, "2026-12-07")).toBe("Active");
    expect(alertStatusText({ ...fired, status: "CANCELLED", triggeredAt: null, triggeredPrice: null }, "2026-12-07")).toBe("Cancelled");
  });
  it("a fired alert cannot be modified, and says why", () => {
    expect(alertModifyProblem(fired, "2026-12-07")).toBe("Modify alert: the INFY-EQ alert fired 10:42:07 at ₹1,151.00; only an active alert can be modified");
    expect(alertModifyProblem({ ...fired, status: "ACTIVE" }, "2026-12-07")).toBeUndefined();
  });
});
