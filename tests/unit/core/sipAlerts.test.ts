import { describe, expect, it } from "vitest";
import { alertFires, alertToastText, alertValueProblem, conditionShort, parseAlertMessage } from "../../../src/core/rules/alerts";
import { instalmentQuantity, sipEach, sipLine, sipProblem, sipSchedule } from "../../../src/core/rules/sip";
import { parseAlertCommand } from "../../../src/commands/grammar/alert";

describe("SIP schedule (Tape's rules for the spec's SIP create dialog)", () => {
  it("weekly from Monday 23 November 2026: 23 and 30 November, 7 December", () =>
    expect(sipSchedule({ startDate: "2026-11-23", frequency: "WEEKLY", count: 3 })).toEqual(["2026-11-23", "2026-11-30", "2026-12-07"]));
  it("monthly from Saturday 31 January 2026: the first goes on Monday 2 February; a month on is 28 February, a Saturday, so Monday 2 March", () =>
    expect(sipSchedule({ startDate: "2026-01-31", frequency: "MONTHLY", count: 2 })).toEqual(["2026-02-02", "2026-03-02"]));
  it("daily from Friday 20 November 2026 counts trading days: the weekend and the 24th (a holiday) are passed over", () =>
    expect(sipSchedule({ startDate: "2026-11-20", frequency: "DAILY", count: 3 })).toEqual(["2026-11-20", "2026-11-23", "2026-11-25"]));
  it("an amount buys whole shares: ₹1000 at ₹333 is 3 shares; a quantity is itself", () => {
    expect(instalmentQuantity({ quantity: 0, amount: 1000 }, 333)).toBe(3);
    expect(instalmentQuantity({ quantity: 0, amount: 300 }, 333)).toBe(0);
    expect(instalmentQuantity({ quantity: 5, amount: 0 }, 333)).toBe(5);
  });
  it("an instalment is said as money is shown everywhere, Indian grouping and paise: ₹5000 is ₹5,000.00; a quantity in shares", () => {
    expect(sipEach({ quantity: 0, amount: 5000 })).toBe("₹5,000.00");
    expect(sipEach({ quantity: 0, amount: 150000.5 })).toBe("₹1,50,000.50");
    expect(sipEach({ quantity: 1, amount: 0 })).toBe("1 share");
    expect(sipEach({ quantity: 3, amount: 0 })).toBe("3 shares");
  });
  it("a SIP is named by its instrument, each instalment, frequency and progress", () =>
    expect(sipLine({ tradingSymbol: "SBIN", quantity: 0, amount: 5000, frequency: "MONTHLY", done: 2, count: 12 })).toBe("SBIN, ₹5,000.00 monthly, 2 of 12 done"));
  it("needs either a quantity or an amount, a start from today on, 1 to 120 instalments, and cash equity", () => {
    const ok = { exchange: "NSEEQ" as const, quantity: 1, amount: 0, frequency: "WEEKLY" as const, startDate: "2026-11-23", count: 12 };
    expect(sipProblem(ok, "2026-11-23")).toBeUndefined();
    expect(sipProblem({ ...ok, amount: 100 }, "2026-11-23")?.field).toBe("amount");
    expect(sipProblem({ ...ok, startDate: "2026-11-22" }, "2026-11-23")?.field).toBe("startDate");
    expect(sipProblem({ ...ok, count: 121 }, "2026-11-23")?.field).toBe("count");
    expect(sipProblem({ ...ok, exchange: "NSEFO" }, "2026-11-23")?.field).toBe("instrument");
  });
});

const tick = (ltp: number, pClose: number) => ({ ltp, pClose, volume: 0, openInterest: 0 });

describe("price alerts (Tape's rules for the spec's alert dialog)", () => {
  it("ABOVE fires at or above its price, BELOW at or below", () => {
    expect(alertFires({ condition: "ABOVE", value: 1500 }, tick(1500, 1400))).toBe(true);
    expect(alertFires({ condition: "ABOVE", value: 1500 }, tick(1499.95, 1400))).toBe(false);
    expect(alertFires({ condition: "BELOW", value: 1500 }, tick(1500, 1600))).toBe(true);
    expect(alertFires({ condition: "BELOW", value: 1500 }, tick(1500.05, 1600))).toBe(false);
  });
  it("CHANGE 2% from a previous close of 1000 fires at 980 or 1020, not at 981", () => {
    expect(alertFires({ condition: "CHANGE", value: 2 }, tick(980, 1000))).toBe(true);
    expect(alertFires({ condition: "CHANGE", value: 2 }, tick(1020, 1000))).toBe(true);
    expect(alertFires({ condition: "CHANGE", value: 2 }, tick(981, 1000))).toBe(false);
  });
  it("a list's narrow column says the condition shortly", () => {
    expect(conditionShort({ condition: "ABOVE", value: 1500 })).toBe("above ₹1,500");
    expect(conditionShort({ condition: "CHANGE", value: 2.5 })).toBe("moves 2.5%");
  });
  it("values must be above 0, and a change below 100%", () => {
    expect(alertValueProblem("ABOVE", 0)).toBe("Give a price above 0");
    expect(alertValueProblem("CHANGE", 100)).toBe("A change alert is below 100%");
    expect(alertValueProblem("CHANGE", 5)).toBeUndefined();
  });
  it("an alert message on the order topic is told from an order update, and reads as a toast", () => {
    const m = { messageKind: "alert", alertId: 7, exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ", condition: "ABOVE", value: 1500, ltp: 1500.5, triggeredAt: "2026-11-23T05:00:00.000Z" };
    expect(parseAlertMessage(m)).toEqual(m);
    expect(parseAlertMessage({ brokerOrderId: "1", orderStatus: "open" })).toBeNull();
    // The last price and the alert's level are prices, both written with the exchange's two decimals.
    expect(alertToastText(m as never)).toBe("Alert: INFY-EQ at ₹1,500.50, at or above ₹1,500.00");
    // USDINR prices have four decimals (trading-core: currency prices to 4).
    expect(alertToastText({ ...m, exchange: "NSECURR", tradingSymbol: "USDINR26DECFUT", value: 88.5, ltp: 88.5025 } as never)).toBe("Alert: USDINR26DECFUT at ₹88.5025, at or above ₹88.5000");
  });
  it.each([
    ["alert INFY above 1500", { ok: true, draft: { symbol: "INFY", condition: "ABOVE", value: 1500 } }],
    ["alert nse:infy below 1400.5", { ok: true, draft: { symbol: "INFY", exchange: "NSEEQ", condition: "BELOW", value: 1400.5 } }],
    ["alert RELIANCE change 2%", { ok: true, draft: { symbol: "RELIANCE", condition: "CHANGE", value: 2 } }],
    ["alert INFY up 3", { ok: false, word: "up", message: "Type above, below, change, day high, day low, volume above or oi above" }],
    ["alert INFY above x", { ok: false, word: "x", message: "Type the price" }],
  ])("%j", (line, outcome) => expect(parseAlertCommand(line)).toEqual(outcome));
});
