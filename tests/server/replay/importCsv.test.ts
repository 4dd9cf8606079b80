import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ImportError, importDay, parseBars, parseTimestamp } from "../../../server/replay/importCsv.js";
import { SAMPLE_DIR } from "../../../server/replay/source.js";

const head = "symbol,exchange,timestamp,open,high,low,close,volume,oi";

describe("importing a day of one-minute bars (issue 35)", () => {
  it("reads IST wall times and ISO instants with their offset", () => {
    // 09:15 IST is 03:45 UTC.
    expect(parseTimestamp("2026-11-23 09:15")).toBe(Date.parse("2026-11-23T03:45:00Z"));
    expect(parseTimestamp("2026-11-23T09:15:30+05:30")).toBe(Date.parse("2026-11-23T03:45:30Z"));
    // A wall time without an offset is IST, with a T or a space; any other shape is refused.
    expect(parseTimestamp("2026-11-23T09:15:00")).toBe(Date.parse("2026-11-23T03:45:00Z"));
    expect(parseTimestamp("23/11/2026 09:15")).toBeNaN();
    expect(parseTimestamp("2026-11-23T09:15:00.000")).toBeNaN();
  });

  it("turns each bar into 120 ticks a minute whose high, low, volume and OI are the bar's", () => {
    const csv = `${head}\nINFY,NSEEQ,2026-11-23 09:15,1500,1504.5,1498,1502,1200,\nINFY,NSEEQ,2026-11-23 09:16,1502,1503,1490.1,1491,2400,\nNIFTY26DECFUT,NSEFO,2026-11-23 09:15,24700,24710,24690,24705,750,1500000\n`;
    const day = importDay(csv);
    expect(day.date).toBe("2026-11-23");
    expect(day.bars).toBe(3);
    const infy = day.ticks.filter((t) => t.token === 1244);
    expect(infy.length).toBe(240);
    // In feed units (x100): the first minute's high 1,504.50 and low 1,498, then the day's low 1,490.10.
    expect(Math.max(...infy.slice(0, 120).map((t) => t.ltp))).toBe(150450);
    expect(Math.min(...infy.slice(0, 120).map((t) => t.ltp))).toBe(149800);
    expect(infy.at(-1)!.low).toBe(149010);
    expect(infy.at(-1)!.volume).toBe(3600);
    expect(infy.at(-1)!.ltp).toBe(149100);
    expect(day.ticks.every((t, i) => i === 0 || t.time >= day.ticks[i - 1]!.time)).toBe(true);
  });

  it("says which row is wrong and why", () => {
    const bad = (rows: string, header = head) => () => parseBars(`${header}\n${rows}\n`);
    expect(bad("INFY,NSE,2026-11-23 09:15,1,1,1,1,1,")).toThrow(/row 1: exchange "NSE"/);
    expect(bad("NOSUCH,NSEEQ,2026-11-23 09:15,1,1,1,1,1,")).toThrow(/row 1: no instrument NOSUCH on NSEEQ/);
    expect(bad("INFY,NSEEQ,2026-11-23 09:15,10,9,8,9.5,1,")).toThrow(/row 1: high 9 and low 8 do not contain open 10/);
    expect(bad("INFY,NSEEQ,2026-11-23 09:15,1,1,1,1,1,\nINFY,NSEEQ,2026-11-24 09:15,1,1,1,1,1,")).toThrow(/row 2: 2026-11-24 is another date/);
    expect(bad("INFY,NSEEQ,2026-11-23 09:16,1,1,1,1,1,\nINFY,NSEEQ,2026-11-23 09:15,1,1,1,1,1,")).toThrow(/row 2: INFY's bars are not in time order/);
    expect(bad("INFY,NSEEQ,2026-11-23 09:15,1,1,1,1", "symbol,exchange,timestamp,open,high,low,close")).toThrow(/header lacks volume/);
    expect(bad("INFY,NSEEQ,2026-11-23 09:15,1,1,1,x,1,")).toThrow(ImportError);
  });

  /**
   * A tester paused the sample day at 09:15 and read INFY's 52-week high and low as 1,188.50 and
   * 1,129.60: the day's high (15:01) and low (09:40). The rule (importCsv.ts, server/README.md
   * "Importing a day"): a tick carries only what was known at its time. So importing the day's first
   * k bars gives exactly the first k bars' ticks of the whole day, whatever k.
   */
  const sample = fs.readFileSync(path.join(SAMPLE_DIR, "2026-11-23.csv"), "utf8");
  const [header, ...rows] = sample.trim().split("\n");
  const infyRows = rows.filter((r) => r.startsWith("INFY,"));
  const N = 4; // ticks a bar: enough to compare, quick to make
  const infyDay = importDay([header, ...infyRows].join("\n"), N).ticks;

  it("a tick's figures do not depend on the bars after it: the first k bars import as the whole day's first k bars (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: infyRows.length }), (k) => {
        expect(importDay([header, ...infyRows.slice(0, k)].join("\n"), N).ticks).toEqual(infyDay.slice(0, k * N));
      }),
      { numRuns: 25 },
    );
  });

  it("INFY at 09:15 shows no level the day has not reached; the 52-week range contains the day so far; the band is the previous close's 20 %", () => {
    const px = (v: number) => v / 100;
    const first = infyDay[0]!;
    // The previous close is the first open, 1,138.70 (the file has no day before).
    expect(px(first.pClose)).toBe(1138.7);
    // The day's high 1,188.50 (15:01) and low 1,129.60 (09:40) are nowhere in the first bar's ticks.
    const firstBar = infyDay.slice(0, N);
    expect(firstBar.every((t) => t.weekHigh < 118850 && t.weekLow > 112960)).toBe(true);
    // The opening range is drawn 2 to 8 % around the previous close: high in [1,138.70, 1,229.80], low in [1,047.60, 1,138.70].
    expect(px(first.weekHigh)).toBeGreaterThanOrEqual(1138.7);
    expect(px(first.weekHigh)).toBeLessThanOrEqual(1229.8);
    expect(px(first.weekLow)).toBeLessThanOrEqual(1138.7);
    expect(px(first.weekLow)).toBeGreaterThanOrEqual(1047.6);
    // Every tick: the 52-week range holds the day's high and low so far; by the close it has met both, so it is at least the day's.
    expect(infyDay.every((t) => t.weekHigh >= t.high && t.weekLow <= t.low)).toBe(true);
    expect(infyDay.at(-1)!.weekHigh).toBeGreaterThanOrEqual(118850);
    expect(infyDay.at(-1)!.weekLow).toBeLessThanOrEqual(112960);
    // The range only widens, and only to a level traded: a tick that raises the 52-week high raises it to the day's high.
    infyDay.forEach((t, i) => {
      const before = infyDay[i - 1];
      if (before && t.weekHigh > before.weekHigh) expect(t.weekHigh).toBe(t.high);
      if (before && t.weekLow < before.weekLow) expect(t.weekLow).toBe(t.low);
    });
    // INFY is an F&O share: a 20 % band on 1,138.70. 1,366.44 floored to the 0.05 tick is 1,366.40; 910.96 ceiled is 911.00.
    // The day (1,129.60 to 1,188.50) stays inside, so the band never moves.
    expect(infyDay.every((t) => t.upperCircuit === 136640 && t.lowerCircuit === 91100)).toBe(true);
  });

  it("OI is a bar's end figure, reached on the bar's last tick; the day's high and low OI are the running ones", () => {
    const csv = `${head}
NIFTY26DECFUT,NSEFO,2026-11-23 09:15,24700,24710,24690,24705,750,1500000
NIFTY26DECFUT,NSEFO,2026-11-23 09:16,24705,24705,24650,24660,750,1400000
NIFTY26DECFUT,NSEFO,2026-11-23 09:17,24660,26000,24660,25990,750,1600000
`;
    const ticks = importDay(csv, 4).ticks;
    // The previous OI is the first bar's 1,500,000 (no day before). Bar 2 reaches 1,400,000 on its last tick, bar 3 1,600,000 on its last.
    expect(ticks.map((t) => t.openInterest)).toEqual([1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.4e6, 1.4e6, 1.4e6, 1.4e6, 1.6e6]);
    expect(ticks.map((t) => t.dayLowOI)).toEqual([1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.4e6, 1.4e6, 1.4e6, 1.4e6, 1.4e6]);
    expect(ticks.map((t) => t.dayHighOI)).toEqual([1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.5e6, 1.6e6]);
    expect(ticks.every((t) => t.previousOI === 1.5e6)).toBe(true);
    // A future's band is the exchange's 10 % on the previous close 24,700: 27,170 and 22,230. Bar 3's 26,000 is inside it: it stands all day.
    expect(ticks.every((t) => t.upperCircuit === 2717000 && t.lowerCircuit === 2223000)).toBe(true);
  });

  it("a band the day trades beyond widens to the price reached, when it is reached", () => {
    // A 20 % band on 100 (INFY): 120. The second bar closes above its open, so it dips to 99 first, then trades to 130.
    const csv = `${head}
INFY,NSEEQ,2026-11-23 09:15,100,101,99,100,10,
INFY,NSEEQ,2026-11-23 09:16,100,130,99,105,10,
`;
    const ticks = importDay(csv, 4).ticks;
    expect(ticks.slice(0, 4).every((t) => t.upperCircuit === 12000 && t.lowerCircuit === 8000)).toBe(true);
    expect(ticks.every((t) => t.upperCircuit === Math.max(12000, t.high))).toBe(true);
    expect(ticks.at(-1)!.upperCircuit).toBe(13000);
  });
});
