import { describe, expect, it } from "vitest";
import { ImportError, importDay, parseBars, parseTimestamp } from "../../../server/replay/importCsv.js";

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
});
