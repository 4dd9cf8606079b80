import { describe, expect, it } from "vitest";
import { atIst, istDateKey, istDateKeyAfter, istDateTime, istInstant, istParts, istSecondsOfDay, istTime, istWeekday } from "../../../src/core/time";

// India time is UTC+05:30 all year: the values below are the UTC instants plus 5 h 30 min, worked by hand.
describe("India time (UTC+05:30, no daylight saving)", () => {
  it("18:29:59 UTC is 23:59:59 IST the same day; 18:30 UTC is midnight IST of the next day", () => {
    expect(istDateKey(new Date("2026-11-18T18:29:59Z"))).toBe("2026-11-18");
    expect(istDateKey(new Date("2026-11-18T18:30:00Z"))).toBe("2026-11-19");
    expect(istSecondsOfDay(new Date("2026-11-18T18:29:59Z"))).toBe(23 * 3600 + 59 * 60 + 59);
    expect(istSecondsOfDay(new Date("2026-11-18T18:30:00Z"))).toBe(0);
  });
  it("03:45:30 UTC is 09:15:30 IST: minutes since midnight count the seconds as a fraction", () => {
    expect(istParts(new Date("2026-11-18T03:45:30Z"))).toEqual({ minutes: 9 * 60 + 15.5, weekday: 3, dateKey: "2026-11-18" });
  });
  it("the weekday turns at IST midnight: Friday 20:00 UTC is already Saturday in India", () => {
    expect(istWeekday(new Date("2026-11-20T18:29:00Z"))).toBe(5);
    expect(istWeekday(new Date("2026-11-20T20:00:00Z"))).toBe(6);
    expect(istWeekday(new Date("1970-01-01T00:00:00Z"))).toBe(4);
    expect(istWeekday(new Date("1969-12-31T12:00:00Z"))).toBe(3);
  });
  it("an IST wall-clock time on a date is 5 h 30 min earlier in UTC", () => {
    expect(istInstant("2026-11-18", 15 * 60 + 30).toISOString()).toBe("2026-11-18T10:00:00.000Z");
    expect(istInstant("2026-11-18", 0).toISOString()).toBe("2026-11-17T18:30:00.000Z");
    // 20:00 UTC on the 17th is 01:30 IST on the 18th: 10:00 IST that day is 04:30 UTC on the 18th.
    expect(atIst(new Date("2026-11-17T20:00:00Z"), 10, 0).toISOString()).toBe("2026-11-18T04:30:00.000Z");
  });
  it("the next IST date, and exchange time shown as HH:MM:SS", () => {
    expect(istDateKeyAfter(new Date("2026-12-31T18:29:00Z"), 1)).toBe("2027-01-01");
    expect(istDateKeyAfter(new Date("2026-12-31T18:31:00Z"), 1)).toBe("2027-01-02");
    expect(istTime("2026-11-18T04:01:02Z")).toBe("09:31:02");
    expect(istTime(undefined)).toBe("");
    expect(istTime("not a time")).toBe("");
  });
  // Issue 11: "Times show in IST (order info, trade book, CSV exports), never as a raw UTC ISO string."
  it("an instant as India date and time: UTC + 05:30, across midnight", () => {
    expect(istDateTime("2026-11-18T04:01:02.345Z")).toBe("2026-11-18 09:31:02");
    expect(istDateTime("2026-11-18T19:00:00Z")).toBe("2026-11-19 00:30:00");
    expect(istDateTime("2026-03-10T09:20:00+05:30")).toBe("2026-03-10 09:20:00");
    expect(istDateTime(undefined)).toBe("");
    expect(istDateTime("09:20:01")).toBe("09:20:01");
  });
});
