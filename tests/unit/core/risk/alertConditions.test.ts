import { describe, expect, it } from "vitest";
import { alertFires, alertValueProblem, conditionShort, describeCondition, hasOpenInterest } from "../../../../src/core/rules/alertCondition";
import { alertOrderProblem } from "../../../../src/core/rules/alertOrder";

/** Issue 33: alert conditions beyond the last price, worked by hand from the rules in alertCondition.ts. */
const t = (ltp: number, extra: Partial<{ pClose: number; volume: number; openInterest: number }> = {}) => ({ ltp, pClose: 1000, volume: 0, openInterest: 0, ...extra });

describe("alert conditions beyond the last price", () => {
  it("DAY_HIGH fires only above the day's high it was made at: 1520 set, 1520 is not a new high, 1520.05 is", () => {
    expect(alertFires({ condition: "DAY_HIGH", value: 1520 }, t(1520))).toBe(false);
    expect(alertFires({ condition: "DAY_HIGH", value: 1520 }, t(1520.05))).toBe(true);
  });
  it("DAY_LOW fires only below the day's low: 1480 set, 1480 is not, 1479.95 is", () => {
    expect(alertFires({ condition: "DAY_LOW", value: 1480 }, t(1480))).toBe(false);
    expect(alertFires({ condition: "DAY_LOW", value: 1480 }, t(1479.95))).toBe(true);
  });
  it("CHANGE_ABOVE 2 from a close of 1000: 1020 is +2 % and fires, 1019.95 does not, and a fall never does", () => {
    expect(alertFires({ condition: "CHANGE_ABOVE", value: 2 }, t(1020))).toBe(true);
    expect(alertFires({ condition: "CHANGE_ABOVE", value: 2 }, t(1019.95))).toBe(false);
    expect(alertFires({ condition: "CHANGE_ABOVE", value: 2 }, t(970))).toBe(false);
  });
  it("CHANGE_BELOW -2 from a close of 1000: 980 is -2 % and fires, 980.05 does not, and a rise never does", () => {
    expect(alertFires({ condition: "CHANGE_BELOW", value: -2 }, t(980))).toBe(true);
    expect(alertFires({ condition: "CHANGE_BELOW", value: -2 }, t(980.05))).toBe(false);
    expect(alertFires({ condition: "CHANGE_BELOW", value: -2 }, t(1030))).toBe(false);
  });
  it("a change alert needs a previous close", () => {
    expect(alertFires({ condition: "CHANGE_ABOVE", value: 0 }, t(1000, { pClose: 0 }))).toBe(false);
  });
  it("VOLUME_ABOVE 500000 fires at 500000 traded, not at 499999; OI_ABOVE likewise on the open interest", () => {
    expect(alertFires({ condition: "VOLUME_ABOVE", value: 500_000 }, t(1000, { volume: 500_000 }))).toBe(true);
    expect(alertFires({ condition: "VOLUME_ABOVE", value: 500_000 }, t(1000, { volume: 499_999 }))).toBe(false);
    expect(alertFires({ condition: "OI_ABOVE", value: 1_000_000 }, t(100, { openInterest: 1_000_000 }))).toBe(true);
    expect(alertFires({ condition: "OI_ABOVE", value: 1_000_000 }, t(100, { openInterest: 999_975 }))).toBe(false);
  });
  it("a tick without a last price passes no condition", () => {
    expect(alertFires({ condition: "VOLUME_ABOVE", value: 1 }, t(0, { volume: 10 }))).toBe(false);
  });
  it("only futures and options have open interest", () => {
    expect(hasOpenInterest("EQ")).toBe(false);
    expect(hasOpenInterest("INDEX")).toBe(false);
    expect(hasOpenInterest("FUTIDX")).toBe(true);
    expect(hasOpenInterest("OPTSTK")).toBe(true);
  });
  it("values: signed percentages inside ±100, whole quantities above 0, the day's high and low never typed", () => {
    expect(alertValueProblem("CHANGE_BELOW", -2)).toBeUndefined();
    expect(alertValueProblem("CHANGE_ABOVE", 100)).toBe("Give a percentage between -100 and 100");
    expect(alertValueProblem("VOLUME_ABOVE", 0)).toBe("Give a quantity above 0");
    expect(alertValueProblem("OI_ABOVE", 10.5)).toBe("Give a whole quantity");
    expect(alertValueProblem("DAY_HIGH", 0)).toBeUndefined();
  });
  it("reads as a trader says it", () => {
    expect(conditionShort({ condition: "VOLUME_ABOVE", value: 500_000 })).toBe("volume ≥ 5,00,000");
    expect(conditionShort({ condition: "CHANGE_BELOW", value: -2 })).toBe("change ≤ -2%");
    expect(conditionShort({ condition: "CHANGE_ABOVE", value: 2 })).toBe("change ≥ +2%");
    expect(describeCondition({ condition: "DAY_HIGH", value: 1520 })).toBe("crosses the day's high ₹1,520");
    // The day's high of a known exchange is the broker's price, not typed: two decimals for a share ("₹1,142.3" before).
    expect(describeCondition({ condition: "DAY_HIGH", value: 1142.3, exchange: "NSEEQ" })).toBe("crosses the day's high ₹1,142.30");
    expect(conditionShort({ condition: "DAY_LOW", value: 1142.3, exchange: "NSEEQ" })).toBe("day low ₹1,142.30");
    // A typed level of a known exchange is a price too: the spec's prices have the exchange's decimals (2; 4 for currency).
    expect(conditionShort({ condition: "ABOVE", value: 1500, exchange: "NSEEQ" })).toBe("above ₹1,500.00");
    expect(describeCondition({ condition: "BELOW", value: 83.4125, exchange: "NSECURR" })).toBe("at or below ₹83.4125");
  });
});

describe("an alert's order line (issue 33): what the broker checks when the alert is made", () => {
  const infy = { lotSize: 1, tickSize: 0.05, isIndex: false, tradingSymbol: "INFY-EQ" };
  it("a LIMIT buy of 10 at 1551 is placeable", () => {
    expect(alertOrderProblem({ qty: 10, orderType: "LIMIT", price: 1551, trigger: 0 }, infy)).toBeUndefined();
  });
  it("refuses an index, part lots, a missing price and a price off the tick", () => {
    expect(alertOrderProblem({ qty: 10, orderType: "MARKET", price: 0, trigger: 0 }, { ...infy, isIndex: true, tradingSymbol: "NIFTY" })).toBe("NIFTY is an index and cannot be traded");
    expect(alertOrderProblem({ qty: 80, orderType: "MARKET", price: 0, trigger: 0 }, { ...infy, lotSize: 75 })).toBe("the quantity must be whole lots of 75");
    expect(alertOrderProblem({ qty: 10, orderType: "SL", price: 1551, trigger: 0 }, infy)).toBe("a SL order needs a trigger price");
    expect(alertOrderProblem({ qty: 10, orderType: "LIMIT", price: 1551.03, trigger: 0 }, infy)).toBe("the price 1551.03 is not on the tick size 0.05");
  });
});
