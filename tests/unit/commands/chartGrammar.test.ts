import { describe, expect, it } from "vitest";
import { isChartCommand, parseChartCommand } from "../../../src/commands/grammar/chart";

describe("the chart command line", () => {
  it("chart INFY 5m: INFY on NSEEQ at five minutes", () => {
    expect(parseChartCommand("chart INFY 5m")).toEqual({ ok: true, line: { exchange: "NSEEQ", symbol: "INFY", interval: "5m", exchangeTyped: false } });
  });
  it("the interval defaults to one minute; a lower-case symbol is read in capitals", () => {
    expect(parseChartCommand("chart tcs")).toEqual({ ok: true, line: { exchange: "NSEEQ", symbol: "TCS", interval: "1m", exchangeTyped: false } });
  });
  it("a derivatives contract goes to NSEFO; an exchange before a colon is taken as written", () => {
    expect(parseChartCommand("chart NIFTY25JANFUT 1h")).toEqual({ ok: true, line: { exchange: "NSEFO", symbol: "NIFTY25JANFUT", interval: "60m", exchangeTyped: false } });
    expect(parseChartCommand("chart MCXCOMM:GOLD25FEBFUT d")).toEqual({ ok: true, line: { exchange: "MCXCOMM", symbol: "GOLD25FEBFUT", interval: "1d", exchangeTyped: true } });
  });
  it("names the wrong word", () => {
    expect(parseChartCommand("chart INFY 7m")).toMatchObject({ ok: false, word: "7m" });
    expect(parseChartCommand("chart")).toMatchObject({ ok: false, word: "chart" });
    expect(parseChartCommand("chart NOPE:INFY")).toMatchObject({ ok: false, word: "NOPE:INFY" });
    expect(parseChartCommand("chart INFY 5m now")).toMatchObject({ ok: false, word: "now" });
  });
  it("claims lines that start with the word chart only", () => {
    expect(isChartCommand("chart INFY")).toBe(true);
    expect(isChartCommand("charts")).toBe(false);
    expect(isChartCommand("buy INFY 10")).toBe(false);
  });
});
