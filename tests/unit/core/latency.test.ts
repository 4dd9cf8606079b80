import { describe, expect, it } from "vitest";
import { formatLatency, percentile } from "../../../src/core/rules/latency";

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
