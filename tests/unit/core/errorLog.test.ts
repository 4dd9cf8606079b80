import { describe, expect, it } from "vitest";
import { ERROR_LOG_MAX, errorLogText, withEntry, type ErrorLogEntry } from "../../../src/core/errorLog";
import { istDateTime } from "../../../src/core/time";

/** The common error logger (issue 17): the last 200 entries, newest first, copyable as text in India time. */
describe("error log", () => {
  const entry = (i: number): ErrorLogEntry => ({ at: "2026-01-05T04:30:00.000Z", source: "network", message: `e${i}` });

  it("keeps the last 200, newest first", () => {
    expect(ERROR_LOG_MAX).toBe(200);
    let log: ErrorLogEntry[] = [];
    for (let i = 1; i <= 205; i++) log = withEntry(log, entry(i));
    expect(log).toHaveLength(200);
    expect(log[0]!.message).toBe("e205");
    expect(log[199]!.message).toBe("e6"); // e1..e5 went
  });

  it("reads as one line per entry in India time", () => {
    const log = [
      { at: "2026-01-05T04:30:00.000Z", source: "socket" as const, message: "socket error: closed" },
      { at: "2026-01-05T18:45:10.000Z", source: "ideas" as const, message: "Idea fetch failed: HTTP 500" },
    ];
    // 04:30 UTC is 10:00 IST; 18:45:10 UTC is 00:15:10 IST the next day.
    expect(errorLogText(log, istDateTime)).toBe("2026-01-05 10:00:00 IST  Live feed  socket error: closed\n2026-01-06 00:15:10 IST  Ideas  Idea fetch failed: HTTP 500");
  });
});
