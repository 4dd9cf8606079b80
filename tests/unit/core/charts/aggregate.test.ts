import { describe, expect, it } from "vitest";
import { addTrade, aggregateBars, barsFromTrades, bucketStart, type Trade } from "../../../../src/core/charts/aggregate";
import type { Bar } from "../../../../src/core/types/bar";

// IST is UTC+05:30: 09:15 IST on 2026-11-23 is 03:45 UTC. Every instant below is written in UTC
// and its IST reading worked by hand in the comment.
const at = (utc: string) => Date.parse(utc);
const EQ_OPEN = 9 * 60 + 15; // "equity 09:15-15:30" (MARKET_HOURS)
const COMM_OPEN = 9 * 60; // MCX 09:00
const t = (utc: string, price: number, quantity = 10): Trade => ({ time: at(utc), price, quantity });

describe("bucketStart: bars start at the session open plus whole intervals (09:15 IST for equity)", () => {
  it("09:15:00 and 09:29:59 IST are both in the 09:15 fifteen-minute bar; 09:30:00 starts the next", () => {
    expect(bucketStart(at("2026-11-23T03:45:00Z"), "15m", EQ_OPEN)).toBe(at("2026-11-23T03:45:00Z"));
    expect(bucketStart(at("2026-11-23T03:59:59Z"), "15m", EQ_OPEN)).toBe(at("2026-11-23T03:45:00Z"));
    expect(bucketStart(at("2026-11-23T04:00:00Z"), "15m", EQ_OPEN)).toBe(at("2026-11-23T04:00:00Z"));
  });
  it("the first hour of NSE is 09:15-10:15 IST, not 09:00-10:00: 10:14 IST is in the 09:15 bar, 10:15 in the next", () => {
    expect(bucketStart(at("2026-11-23T04:44:00Z"), "60m", EQ_OPEN)).toBe(at("2026-11-23T03:45:00Z"));
    expect(bucketStart(at("2026-11-23T04:45:00Z"), "60m", EQ_OPEN)).toBe(at("2026-11-23T04:45:00Z"));
  });
  it("MCX aligns to its own 09:00 open: 09:59 IST is in the 09:00 hour", () => {
    expect(bucketStart(at("2026-11-23T04:29:00Z"), "60m", COMM_OPEN)).toBe(at("2026-11-23T03:30:00Z"));
  });
  it("5 minutes: 09:22:30 IST is in the 09:20 bar (09:15 + 1 x 5)", () => {
    expect(bucketStart(at("2026-11-23T03:52:30Z"), "5m", EQ_OPEN)).toBe(at("2026-11-23T03:50:00Z"));
  });
  it("1 minute: 09:16:59 IST is in the 09:16 bar", () => {
    expect(bucketStart(at("2026-11-23T03:46:59Z"), "1m", EQ_OPEN)).toBe(at("2026-11-23T03:46:00Z"));
  });
  it("a day bar starts at IST midnight: 23:59 IST on the 23rd (18:29 UTC) is the 23rd; 00:00 IST (18:30 UTC) the 24th", () => {
    expect(bucketStart(at("2026-11-23T18:29:00Z"), "1d", EQ_OPEN)).toBe(at("2026-11-22T18:30:00Z"));
    expect(bucketStart(at("2026-11-23T18:30:00Z"), "1d", EQ_OPEN)).toBe(at("2026-11-23T18:30:00Z"));
  });
});

describe("ticks to bars", () => {
  it("five-minute bars across a boundary: 09:15-09:19 is one bar, 09:20 opens the next", () => {
    const bars = barsFromTrades(
      [t("2026-11-23T03:45:05Z", 100, 5), t("2026-11-23T03:46:00Z", 103, 7), t("2026-11-23T03:49:59Z", 99, 1), t("2026-11-23T03:50:00Z", 101, 4)],
      "5m",
      EQ_OPEN,
    );
    expect(bars).toEqual<Bar[]>([
      { time: at("2026-11-23T03:45:00Z"), open: 100, high: 103, low: 99, close: 99, volume: 13 },
      { time: at("2026-11-23T03:50:00Z"), open: 101, high: 101, low: 101, close: 101, volume: 4 },
    ]);
  });
  it("a gap: trades at 09:16 and 09:31 IST give two one-minute bars and nothing between them", () => {
    const bars = barsFromTrades([t("2026-11-23T03:46:10Z", 50), t("2026-11-23T04:01:10Z", 51)], "1m", EQ_OPEN);
    expect(bars.map((b) => b.time)).toEqual([at("2026-11-23T03:46:00Z"), at("2026-11-23T04:01:00Z")]);
  });
  it("the session open: a 15:29 IST trade and next morning's 09:15 trade are two day bars and two hour bars", () => {
    const trades = [t("2026-11-23T09:59:00Z", 200, 3), t("2026-11-24T03:45:00Z", 210, 2)];
    expect(barsFromTrades(trades, "1d", EQ_OPEN).map((b) => [b.time, b.open, b.close])).toEqual([
      [at("2026-11-22T18:30:00Z"), 200, 200],
      [at("2026-11-23T18:30:00Z"), 210, 210],
    ]);
    // 15:29 IST is in the 15:15 hour bar (09:15 + 6 h); 09:15 the next day starts a new one.
    expect(barsFromTrades(trades, "60m", EQ_OPEN).map((b) => b.time)).toEqual([at("2026-11-23T09:45:00Z"), at("2026-11-24T03:45:00Z")]);
  });
  it("a repeated older trade does not rewrite a closed bar", () => {
    const bars = barsFromTrades([t("2026-11-23T03:46:00Z", 100), t("2026-11-23T03:47:00Z", 101)], "1m", EQ_OPEN);
    addTrade(bars, t("2026-11-23T03:46:30Z", 90), "1m", EQ_OPEN);
    expect(bars.map((b) => b.low)).toEqual([100, 101]);
  });
});

describe("aggregateBars: one-minute bars into longer ones", () => {
  const minute = (utc: string, o: number, h: number, l: number, c: number, v: number): Bar => ({ time: at(utc), open: o, high: h, low: l, close: c, volume: v });
  it("09:15..09:20 IST one-minute bars into 5 minutes: first open, highest high, lowest low, last close, summed volume", () => {
    const one = [
      minute("2026-11-23T03:45:00Z", 10, 12, 9, 11, 1),
      minute("2026-11-23T03:46:00Z", 11, 15, 11, 14, 2),
      minute("2026-11-23T03:49:00Z", 14, 14, 8, 9, 3),
      minute("2026-11-23T03:50:00Z", 9, 10, 9, 10, 4),
    ];
    expect(aggregateBars(one, "5m", EQ_OPEN)).toEqual([
      { time: at("2026-11-23T03:45:00Z"), open: 10, high: 15, low: 8, close: 9, volume: 6 },
      { time: at("2026-11-23T03:50:00Z"), open: 9, high: 10, low: 9, close: 10, volume: 4 },
    ]);
  });
  it("into a day: two days' minutes give two day bars", () => {
    const one = [minute("2026-11-23T03:45:00Z", 1, 2, 1, 2, 5), minute("2026-11-23T09:59:00Z", 2, 4, 2, 3, 5), minute("2026-11-24T03:45:00Z", 3, 3, 1, 1, 1)];
    expect(aggregateBars(one, "1d", EQ_OPEN)).toEqual([
      { time: at("2026-11-22T18:30:00Z"), open: 1, high: 4, low: 1, close: 3, volume: 10 },
      { time: at("2026-11-23T18:30:00Z"), open: 3, high: 3, low: 1, close: 1, volume: 1 },
    ]);
  });
});

describe("chart labels in India time", async () => {
  const { istAxisLabel, istBarLabel } = await import("../../../../src/core/charts/labels");
  it("03:45 UTC on 23 Nov 2026 reads 09:15 IST; 18:30 UTC is midnight of the 24th", () => {
    expect(istBarLabel(Date.parse("2026-11-23T03:45:00Z") / 1000, false)).toBe("23/11/2026 09:15");
    expect(istBarLabel(Date.parse("2026-11-23T18:30:00Z") / 1000, true)).toBe("24/11/2026");
    expect(istAxisLabel(Date.parse("2026-11-23T03:45:00Z") / 1000, "time")).toBe("09:15");
    expect(istAxisLabel(Date.parse("2026-11-23T18:30:00Z") / 1000, "day")).toBe("24 Nov");
  });
});
