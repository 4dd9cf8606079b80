import { describe, expect, it } from "vitest";
import { marksPlayed, tradeMark, tradeMarks, type DayTrade, type MarkChart } from "../../../../src/core/replay/tradeMarks";

// 02/12/2026 10:14:37 IST is 04:44:37 UTC (IST is UTC+05:30).
const AT = Date.parse("2026-12-02T04:44:37Z");
const buy: DayTrade = { time: AT, exchange: "NSEEQ", token: 1594, side: "BUY", quantity: 10, price: 1512.3 };
const chart = (interval: MarkChart["interval"]): MarkChart => ({ exchange: "NSEEQ", token: 1594, interval, sessionOpen: 9 * 60 + 15, decimals: 2 });

describe("Replay today's trade marks (issue 35, rules in tradeMarks.ts)", () => {
  it("puts a trade at the bar of the chart's interval that holds it, bars aligned to the 09:15 open (worked by hand)", () => {
    // 1 min: the bar 10:14 IST = 04:44 UTC.
    expect(tradeMark(buy, "yours", chart("1m")).barTime).toBe(Date.parse("2026-12-02T04:44:00Z"));
    // 5 min from 09:15: 09:15 + 11 x 5 = 10:10 holds 10:14:37 (the next starts 10:15) = 04:40 UTC.
    expect(tradeMark(buy, "yours", chart("5m")).barTime).toBe(Date.parse("2026-12-02T04:40:00Z"));
    // 15 min: 09:15, 09:30, 09:45, 10:00 (to 10:15) = 04:30 UTC.
    expect(tradeMark(buy, "yours", chart("15m")).barTime).toBe(Date.parse("2026-12-02T04:30:00Z"));
    // 1 hour: 09:15-10:15 holds it = 03:45 UTC.
    expect(tradeMark(buy, "yours", chart("60m")).barTime).toBe(Date.parse("2026-12-02T03:45:00Z"));
    // 1 day: IST midnight of 02/12 = 18:30 UTC the day before.
    expect(tradeMark(buy, "yours", chart("1d")).barTime).toBe(Date.parse("2026-12-01T18:30:00Z"));
  });

  it("draws a buy below the bar pointing up and a sell above pointing down, in a trader's words, IST time", () => {
    expect(tradeMark(buy, "yours", chart("1m"))).toMatchObject({ position: "belowBar", shape: "arrowUp", text: "B 10 @ 1,512.30", words: "Buy 10 at 1,512.30, 10:14" });
    const sell: DayTrade = { ...buy, side: "SELL", quantity: 1250, price: 123456.5, time: Date.parse("2026-12-02T09:59:59Z") };
    // 09:59:59 UTC + 05:30 = 15:29:59 IST; 1,23,456.50 in Indian grouping.
    expect(tradeMark(sell, "yours", chart("1m"))).toMatchObject({ position: "aboveBar", shape: "arrowDown", text: "S 1,250 @ 1,23,456.50", words: "Sell 1,250 at 1,23,456.50, 15:29" });
  });

  it("labels the replay's own trades apart: a circle, and 'Replay' before the label", () => {
    expect(tradeMark(buy, "replay", chart("1m"))).toMatchObject({ position: "belowBar", shape: "circle", text: "Replay B 10 @ 1,512.30", run: "replay" });
  });

  it("keeps the chart's instrument only, in time order, the day's trade before the replay's in one bar", () => {
    const other: DayTrade = { ...buy, token: 2885 };
    const otherExchange: DayTrade = { ...buy, exchange: "BSEEQ" };
    const later: DayTrade = { ...buy, side: "SELL", time: AT + 5 * 60_000 };
    // The replay bought at 10:14:50, after the day's 10:14:37 buy, and in the same minute bar.
    const replayBuy: DayTrade = { ...buy, time: AT + 13_000, price: 1511 };
    const marks = tradeMarks([later, other, buy, otherExchange], [replayBuy], chart("1m"));
    expect(marks.map((m) => [m.run, m.text, m.barTime])).toEqual([
      ["yours", "B 10 @ 1,512.30", Date.parse("2026-12-02T04:44:00Z")],
      ["replay", "Replay B 10 @ 1,511.00", Date.parse("2026-12-02T04:44:00Z")],
      // 10:19:37 IST is in the 10:19 bar = 04:49 UTC.
      ["yours", "S 10 @ 1,512.30", Date.parse("2026-12-02T04:49:00Z")],
    ]);
  });

  it("marks only the trades the replay clock has reached: a later one had no bar yet and was pinned to the last one drawn (a tester's 10:02 buy on the 10:00 bar)", () => {
    const later: DayTrade = { ...buy, time: AT + 2 * 60_000 + 27_000 };
    const marks = tradeMarks([buy, later], [], chart("1m"));
    // The clock at 10:15:00 IST: the 10:14:37 buy only; at 10:16:37 IST, exactly the later one's time, both.
    expect(marksPlayed(marks, AT + 23_000).map((m) => m.time)).toEqual([AT]);
    expect(marksPlayed(marks, AT + 2 * 60_000).map((m) => m.time)).toEqual([AT]);
    expect(marksPlayed(marks, AT + 2 * 60_000 + 27_000).map((m) => m.time)).toEqual([AT, later.time]);
    // A jump back before both: none.
    expect(marksPlayed(marks, AT - 1)).toEqual([]);
  });
});
