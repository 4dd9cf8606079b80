import { describe, expect, it } from "vitest";
import { isSessionOpen, isTradingDay, MARKET_HOURS } from "../../../src/core/marketHours";

// Continuous sessions in IST: equity and equity derivatives 09:15-15:30, currency 09:00-17:00,
// MCX 09:00-23:30; weekends closed. IST = UTC + 05:30, so 09:15 IST is 03:45 UTC.
describe("market hours", () => {
  it("equity opens at 09:15 IST and is closed from 15:30 IST", () => {
    expect(isSessionOpen("NSEEQ", new Date("2026-11-18T03:44:59Z"))).toBe(false); // 09:14:59
    expect(isSessionOpen("NSEEQ", new Date("2026-11-18T03:45:00Z"))).toBe(true); // 09:15:00
    expect(isSessionOpen("NSEEQ", new Date("2026-11-18T09:59:59Z"))).toBe(true); // 15:29:59
    expect(isSessionOpen("NSEEQ", new Date("2026-11-18T10:00:00Z"))).toBe(false); // 15:30:00
  });
  it("currency runs to 17:00 IST and MCX to 23:30 IST", () => {
    expect(isSessionOpen("NSECURR", new Date("2026-11-18T11:29:00Z"))).toBe(true); // 16:59
    expect(isSessionOpen("NSECURR", new Date("2026-11-18T11:30:00Z"))).toBe(false); // 17:00
    expect(isSessionOpen("MCXCOMM", new Date("2026-11-18T17:59:00Z"))).toBe(true); // 23:29
    expect(isSessionOpen("MCXCOMM", new Date("2026-11-18T18:00:00Z"))).toBe(false); // 23:30
  });
  it("a Saturday in India is closed even when it is still Friday in UTC", () => {
    expect(isTradingDay(new Date("2026-11-20T18:29:00Z"))).toBe(true); // Friday 23:59 IST
    expect(isTradingDay(new Date("2026-11-20T18:30:00Z"))).toBe(false); // Saturday 00:00 IST
    expect(isSessionOpen("MCXCOMM", new Date("2026-11-21T05:00:00Z"))).toBe(false); // Saturday 10:30 IST
  });
  it("the table is in minutes since midnight IST", () => {
    expect(MARKET_HOURS.NSEFO).toEqual({ open: 555, close: 930 });
  });
});
