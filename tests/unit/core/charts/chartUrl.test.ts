import { describe, expect, it } from "vitest";
import { buildChartUrl, chartType, expiryDate, isoOfExpiryDate, readChartParams, type ChartInstrument } from "../../../../src/core/charts/chartUrl";
import { parseChartInterval } from "../../../../src/core/charts/intervals";

const who = { base: "/charts", appName: "Tape", appVer: "1.0.0", loginId: "DEMO1", clientCode: "DEMO1", theme: "dark" as const };
const eq: ChartInstrument = { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ", expiry: "", optionType: "", strikePrice: 0 };

// "Chart type: overview for equity; futures or options for equity derivatives; future-curcom or
// options-curcom for currency and commodities." (access-and-surroundings section 7)
describe("chart URLs (access-and-surroundings section 7)", () => {
  it("equity: overview, the spec's fixed period 1, range D, osName WEBEXTERNAL, and no expiry fields", () => {
    expect(buildChartUrl({ ...who, page: "lightweight", instrument: eq })).toBe(
      "/charts/lightweight?type=overview&period=1&exchange=N&exchType=C&range=D&symbol=INFY-EQ&scripCode=1594&appName=Tape&appVer=1.0.0&osName=WEBEXTERNAL&loginId=DEMO1&clientCode=DEMO1&theme=dark",
    );
  });
  it("a BSE share is overview too, on exchange B", () => {
    expect(buildChartUrl({ ...who, page: "tradingview", instrument: { ...eq, exchange: "BSEEQ", token: 500209, tradingSymbol: "INFY" } })).toBe(
      "/charts/tradingview?type=overview&period=1&exchange=B&exchType=C&range=D&symbol=INFY&scripCode=500209&appName=Tape&appVer=1.0.0&osName=WEBEXTERNAL&loginId=DEMO1&clientCode=DEMO1&theme=dark",
    );
  });
  it("an equity future: futures, with expiry_date as dd-Mon-yyyy and no option fields", () => {
    const fut: ChartInstrument = { exchange: "NSEFO", token: 35001, tradingSymbol: "NIFTY25JANFUT", expiry: "2025-01-30", optionType: "", strikePrice: 0 };
    expect(buildChartUrl({ ...who, page: "tradingview", instrument: fut, theme: "light" })).toBe(
      "/charts/tradingview?type=futures&period=1&exchange=N&exchType=D&range=D&symbol=NIFTY25JANFUT&scripCode=35001&appName=Tape&appVer=1.0.0&osName=WEBEXTERNAL&loginId=DEMO1&clientCode=DEMO1&theme=light&expiry_date=30-Jan-2025",
    );
  });
  it("an equity option: options, with expiry_date, option_type and strike_price", () => {
    const opt: ChartInstrument = { exchange: "NSEFO", token: 40210, tradingSymbol: "NIFTY25JAN21000CE", expiry: "2025-01-30", optionType: "CE", strikePrice: 21000 };
    expect(buildChartUrl({ ...who, page: "lightweight", instrument: opt })).toMatch(/\?type=options&.*&expiry_date=30-Jan-2025&option_type=CE&strike_price=21000$/);
  });
  it("a currency future: future-curcom; a currency option: options-curcom (exchType U)", () => {
    const fut: ChartInstrument = { exchange: "NSECURR", token: 1, tradingSymbol: "USDINR25FEBFUT", expiry: "2025-02-26", optionType: "", strikePrice: 0 };
    expect(buildChartUrl({ ...who, page: "lightweight", instrument: fut })).toMatch(/\?type=future-curcom&period=1&exchange=N&exchType=U&.*&expiry_date=26-Feb-2025$/);
    const opt: ChartInstrument = { ...fut, tradingSymbol: "USDINR25FEB83.5PE", optionType: "PE", strikePrice: 83.5 };
    expect(buildChartUrl({ ...who, page: "lightweight", instrument: opt })).toMatch(/\?type=options-curcom&.*&expiry_date=26-Feb-2025&option_type=PE&strike_price=83.5$/);
  });
  it("a commodity future on MCX: future-curcom (exchange M); a commodity option: options-curcom", () => {
    const fut: ChartInstrument = { exchange: "MCXCOMM", token: 7, tradingSymbol: "GOLD25FEBFUT", expiry: "2025-02-05", optionType: "", strikePrice: 0 };
    expect(buildChartUrl({ ...who, page: "tradingview", instrument: fut })).toMatch(/\?type=future-curcom&period=1&exchange=M&exchType=D&.*&expiry_date=05-Feb-2025$/);
    expect(chartType({ ...fut, optionType: "CE" })).toBe("options-curcom");
    expect(chartType({ exchange: "NCDEXCOMM", expiry: "2025-02-20", optionType: "" })).toBe("future-curcom");
  });
  it("the symbol is encoded, and a ticket goes last", () => {
    const url = buildChartUrl({ ...who, page: "lightweight", instrument: { ...eq, tradingSymbol: "M&M-EQ" }, ticket: "a.b" });
    expect(url).toContain("symbol=M%26M-EQ");
    expect(url.endsWith("&ticket=a.b")).toBe(true);
  });
  it("dd-Mon-yyyy both ways", () => {
    expect(expiryDate("2026-12-31")).toBe("31-Dec-2026");
    expect(expiryDate("")).toBe("");
    expect(isoOfExpiryDate("31-Dec-2026")).toBe("2026-12-31");
    expect(isoOfExpiryDate("31-12-2026")).toBe("");
  });
  it("a page reads its URL back; a bad exchange or scripCode is named", () => {
    const url = new URL(buildChartUrl({ ...who, page: "lightweight", instrument: eq, theme: "light" }), "http://x");
    expect(readChartParams((n) => url.searchParams.get(n))).toEqual({
      ok: true,
      params: { exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ", type: "overview", theme: "light", clientCode: "DEMO1", ticket: "" },
    });
    url.searchParams.set("exchType", "Q");
    expect(readChartParams((n) => url.searchParams.get(n))).toEqual({ ok: false, field: "exchange" });
  });
});

describe("chart intervals as typed", () => {
  it("5m, 5, 15min, 1h, 60, d", () => {
    expect([parseChartInterval("5m"), parseChartInterval("5"), parseChartInterval("15min"), parseChartInterval("1h"), parseChartInterval("60"), parseChartInterval("d")]).toEqual(["5m", "5m", "15m", "60m", "60m", "1d"]);
    expect(parseChartInterval("7m")).toBeUndefined();
  });
});

describe("the pop-out chart's address", async () => {
  const { popoutChartPath, readPopoutChart } = await import("../../../../src/core/charts/popout");
  it("carries exchange, token, symbol and interval, and reads back", () => {
    const path = popoutChartPath({ exchange: "NSEEQ", token: 1594, symbol: "M&M-EQ", interval: "15m" });
    expect(path).toBe("/popoutchart?exchange=NSEEQ&token=1594&symbol=M%26M-EQ&interval=15m");
    const q = new URL(path, "http://x").searchParams;
    expect(readPopoutChart((n) => q.get(n))).toEqual({ exchange: "NSEEQ", token: 1594, symbol: "M&M-EQ", interval: "15m" });
  });
  it("names no chart without a known exchange and a token; an unknown interval is one minute", () => {
    expect(readPopoutChart(() => null)).toBeUndefined();
    const q = new URLSearchParams("exchange=NSEEQ&token=1594&interval=7m");
    expect(readPopoutChart((n) => q.get(n))?.interval).toBe("1m");
  });
});
