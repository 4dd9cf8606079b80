import { describe, expect, it } from "vitest";
import { formatLatency, latencyBookLabel, latencyTimeText, percentile } from "../../../src/core/rules/latency";

/** Issue 19: "a latency view lists the last 100 with p50 and p95 for the session" (nearest rank). */
describe("latency percentiles (nearest rank)", () => {
  it("p50 and p95 of ten values", () => {
    const ms = [120, 80, 95, 300, 110, 90, 85, 100, 105, 1000];
    // Sorted: 80 85 90 95 100 105 110 120 300 1000. p50: rank ceil(5) = 5 -> 100. p95: rank ceil(9.5) = 10 -> 1000.
    expect(percentile(ms, 50)).toBe(100);
    expect(percentile(ms, 95)).toBe(1000);
  });

  it("one value is every percentile; none is undefined", () => {
    expect(percentile([42], 50)).toBe(42);
    expect(percentile([42], 95)).toBe(42);
    expect(percentile([], 50)).toBeUndefined();
  });

  it("reads as ms or s", () => {
    expect(formatLatency(84.4)).toBe("84 ms");
    expect(formatLatency(1240)).toBe("1.24 s");
    expect(formatLatency(undefined)).toBe("–");
  });
});

/* FINDINGS-29 §6: replay rows are marked with the replayed date; rows carry their date where it is not today's. */
describe("latency log rows across books", () => {
  it("names the books: Live, the replayed date, the run where one date was replayed twice", () => {
    const books = ["live", "replay 2026-12-07 a", "replay 2026-11-23 b", "replay 2026-12-07 c"];
    expect(latencyBookLabel("live", books)).toBe("Live");
    expect(latencyBookLabel("replay 2026-11-23 b", books)).toBe("Replay 23/11/2026");
    expect(latencyBookLabel("replay 2026-12-07 a", books)).toBe("Replay 07/12/2026, run 1");
    expect(latencyBookLabel("replay 2026-12-07 c", books)).toBe("Replay 07/12/2026, run 2");
  });

  it("the time alone on today's date, with the date on another", () => {
    // 04:30:46 UTC is 10:00:46 IST, 07/12/2026; 03:45:00 UTC on 23/11 is 09:15:00 IST.
    expect(latencyTimeText(Date.UTC(2026, 11, 7, 4, 30, 46), "2026-12-07")).toBe("10:00:46");
    expect(latencyTimeText(Date.UTC(2026, 10, 23, 3, 45, 0), "2026-12-07")).toBe("23/11/2026 09:15:00");
  });
});
