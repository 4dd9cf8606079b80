import { describe, expect, it } from "vitest";
import { abbreviate, formatCount, formatDate, formatDateTime, formatFrameAge, formatPercent, formatPrice, groupAsTyped, groupIndian, priceDecimals } from "../../../src/core/format";
import { EXCHANGES, type Exchange } from "../../../src/core/types/exchange";

describe("price decimals", () => {
  // "Price decimals: 4 for currency exchanges, 2 otherwise"
  it.each<[Exchange, number]>(EXCHANGES.map((e) => [e, e === "NSECURR" || e === "BSECURR" ? 4 : 2]))("%s: %i", (e, d) => {
    expect(priceDecimals(e)).toBe(d);
  });
  it("formats prices with the exchange's decimals", () => {
    expect(formatPrice(83.4725, "NSECURR")).toBe("83.4725");
    expect(formatPrice(1500.5, "NSEEQ")).toBe("1,500.50");
    expect(formatPrice(23500, "NSEFO")).toBe("23,500.00");
  });
});

describe("Indian digit grouping", () => {
  it.each([
    [0, "0.00"],
    [999, "999.00"],
    [1000, "1,000.00"],
    [100000, "1,00,000.00"],
    [12345678.9, "1,23,45,678.90"],
    [-1234567.891, "-12,34,567.89"],
    [1.005, "1.01"],
    [-0.001, "0.00"],
  ])("%f is %s", (v, s) => {
    expect(groupIndian(v)).toBe(s);
  });
});

describe("a figure as typed", () => {
  // An alert's level or a spot read back: Indian grouping as every price on screen, its own decimals (up to 4), none added.
  it.each([
    [2550, "2,550"],
    [1145.7, "1,145.7"],
    [24827.31, "24,827.31"],
    [83.4125, "83.4125"],
    [50000000, "5,00,00,000"],
    [-1402.5, "-1,402.5"],
  ])("%f is %s", (v, s) => {
    expect(groupAsTyped(v)).toBe(s);
  });
});

describe("percent", () => {
  // "Percent decimals: 2"; "An infinite percentage is shown as 0 or --."
  it.each([
    [7.142857, "7.14"],
    [-0.5, "-0.50"],
    [Infinity, "--"],
    [-Infinity, "--"],
    [Number.NaN, "--"],
  ])("%f is %s", (v, s) => {
    expect(formatPercent(v)).toBe(s);
  });
});

describe("large-number abbreviations", () => {
  // "Large-number abbreviations: K at 1e3, L at 1e5, Cr at 1e7"
  it.each([
    [999, "999.00"],
    [1000, "1.00K"],
    [12345, "12.35K"],
    [99999, "1.00L"],
    [100000, "1.00L"],
    [2550000, "25.50L"],
    [10000000, "1.00Cr"],
    [1234567890, "123.46Cr"],
    [-250000, "-2.50L"],
    [-999, "-999.00"],
  ])("%f is %s", (v, s) => {
    expect(abbreviate(v)).toBe(s);
  });
});

describe("dates, one way everywhere (issue 29: the SIP dialog wrote 11/23/2026, the status bar 23/11/2026)", () => {
  it("a calendar date is DD/MM/YYYY; anything else is nothing", () => {
    expect(formatDate("2026-11-23")).toBe("23/11/2026");
    expect(formatDate("2026-01-05")).toBe("05/01/2026");
    expect(formatDate("23NOV26")).toBe("");
    expect(formatDate("")).toBe("");
  });

  it("an instant is its India date and time: 18:30 UTC is already the next day in IST (+05:30)", () => {
    expect(formatDateTime("2026-11-18T04:01:02.345Z")).toBe("18/11/2026 09:31:02");
    expect(formatDateTime("2026-11-18T19:00:00Z")).toBe("19/11/2026 00:30:00");
    expect(formatDateTime(Date.UTC(2026, 10, 23, 4, 34, 0))).toBe("23/11/2026 10:04:00");
    expect(formatDateTime("09:20:01")).toBe("09:20:01");
    expect(formatDateTime(undefined)).toBe("");
  });
});

describe("counts are whole numbers (issue 29: an OI change of 750 contracts is not 750.00), abbreviated from a thousand", () => {
  // "Large-number abbreviations: K at 1e3, L at 1e5, Cr at 1e7": a count takes them as every other
  // large figure does (the chain showed OI "90,090" among "12.93L", and volumes whole).
  it.each([
    [750, "750"],
    [-750, "-750"],
    [0, "0"],
    [999, "999"],
    [1_000, "1.00K"],
    [-1_085, "-1.09K"],
    [50_975, "50.98K"],
    [75_000, "75.00K"],
    [90_090, "90.09K"],
    [99_999, "1.00L"],
    [1_25_000, "1.25L"],
    [12_93_000, "12.93L"],
    [-2_50_000, "-2.50L"],
    [1_20_00_000, "1.20Cr"],
  ])("%f is %s", (v, s) => {
    expect(formatCount(v)).toBe(s);
  });
});

// The status bar's feed light: "frames per second, age of the newest frame" (issue 11). Before any
// frame there is no age: said in words, as a status line would, not a "--" that reads as a figure missing.
describe("formatFrameAge: the newest frame's age in the status bar", () => {
  it("before any frame: in words", () => {
    expect(formatFrameAge(null)).toBe("no frame yet");
  });
  it("under 10 s to a tenth (400 ms is 0.4s, 9,960 ms 10.0s), then whole seconds under 2 min (12,400 ms is 12s), then minutes (180,000 ms is 3m)", () => {
    expect(formatFrameAge(400)).toBe("0.4s");
    expect(formatFrameAge(9_960)).toBe("10.0s");
    expect(formatFrameAge(12_400)).toBe("12s");
    expect(formatFrameAge(180_000)).toBe("3m");
  });
});
