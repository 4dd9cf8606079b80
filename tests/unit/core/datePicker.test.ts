import { describe, expect, it } from "vitest";
import {
  addMonths, DATE_INPUT_DEBOUNCE_MS, dateOfBirthToSend, dayProblem, fromMasked, maskTyped, monthGrid, moveCursor, POPOVER_HIDE_DELAY_MS, swipeMonths,
} from "../../../src/core/rules/datePicker";
import { formatDate } from "../../../src/core/format";
import { tradingDateOnOrAfter } from "../../../src/core/calendar/holidays";

describe("date picker (access-and-surroundings section 9)", () => {
  it("'6 week rows of 7 days': November 2026 starts on Sunday the 1st and shows up to Saturday 12 December", () => {
    const g = monthGrid(2026, 11);
    expect(g).toHaveLength(6);
    expect(g.every((row) => row.length === 7)).toBe(true);
    expect(g[0]).toEqual(["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07"]);
    expect(g[5]![6]).toBe("2026-12-12");
  });

  it("December 2026 (1st a Tuesday) starts on Sunday 29 November and ends on Saturday 9 January 2027", () => {
    const g = monthGrid(2026, 12);
    expect(g[0]![0]).toBe("2026-11-29");
    expect(g[0]![2]).toBe("2026-12-01");
    expect(g[5]![6]).toBe("2027-01-09");
  });

  it.each([
    ["2026-11-25", "ArrowLeft", "2026-11-24"],
    ["2026-11-30", "ArrowRight", "2026-12-01"],
    ["2026-11-03", "ArrowUp", "2026-10-27"],
    ["2026-11-25", "ArrowDown", "2026-12-02"],
    ["2026-01-31", "PageDown", "2026-02-28"],
    ["2026-03-31", "PageUp", "2026-02-28"],
    ["2026-11-25", "Home", "2026-11-22"],
    ["2026-11-25", "End", "2026-11-28"],
  ] as const)("from %s, %s moves to %s", (from, key, to) => expect(moveCursor(from, key)).toBe(to));

  it("a month on from 31 January 2028 is 29 February (a leap year)", () => expect(addMonths("2028-01-31", 1)).toBe("2028-02-29"));

  it.each([
    [{ dx: -61, dy: 10, ms: 200 }, 1],
    [{ dx: 70, dy: -80, ms: 299 }, -1],
    [{ dx: -70, dy: 0, ms: 300 }, 0], // "under 300 ms"
    [{ dx: 59, dy: 0, ms: 100 }, 0], // "horizontal distance at least 60"
    [{ dx: 60, dy: 81, ms: 100 }, 0], // "vertical at most 80"
  ] as const)("swipe %j changes the month by %i", (g, months) => expect(swipeMonths(g)).toBe(months));

  it("'date-input debounce 1000 ms; popover hide delay 110 ms'", () => {
    expect(DATE_INPUT_DEBOUNCE_MS).toBe(1000);
    expect(POPOVER_HIDE_DELAY_MS).toBe(110);
  });

  it("weekends and exchange holidays cannot be chosen", () => {
    expect(dayProblem("2026-11-24", {})).toBe("Exchange holiday: Prakash Gurpurb Sri Guru Nanak Dev");
    expect(dayProblem("2026-11-28", {})).toBe("Weekend");
    expect(dayProblem("2026-11-25", {})).toBeUndefined();
    expect(dayProblem("2026-11-25", { min: "2026-11-26" })).toBe("Before the first date allowed");
    // Saturday 21 November goes to Monday the 23rd; Holi (Tuesday 3 March) to Wednesday the 4th.
    expect(tradingDateOnOrAfter("2026-11-21")).toBe("2026-11-23");
    expect(tradingDateOnOrAfter("2026-03-03")).toBe("2026-03-04");
  });

  it("'date masks MM/DD/YYYY style', in the DD/MM/YYYY order of every date on screen (issue 29): typing puts the slashes in, and only real dates read back", () => {
    expect(maskTyped("25122026")).toBe("25/12/2026");
    expect(maskTyped("1a2")).toBe("12");
    expect(maskTyped("253")).toBe("25/3");
    expect(maskTyped("2512202699")).toBe("25/12/2026");
    // The field shows a date as every other date is written.
    expect(formatDate("2026-12-25")).toBe("25/12/2026");
    expect(fromMasked("25/12/2026")).toBe("2026-12-25");
    expect(fromMasked("29/02/2026")).toBeUndefined();
    expect(fromMasked("29/02/2028")).toBe("2028-02-29");
    expect(fromMasked("01/13/2026")).toBeUndefined();
    expect(fromMasked("25/12/20")).toBeUndefined();
  });

  it("'date of birth format MMDDYYYY': a past date typed as 15/01/1990 is sent as 01151990", () => {
    expect(dateOfBirthToSend("15/01/1990", "2026-11-23")).toBe("01151990");
    expect(dateOfBirthToSend("01/12/2026", "2026-11-23")).toBeUndefined();
    expect(dateOfBirthToSend("30/02/1990", "2026-11-23")).toBeUndefined();
  });
});
