import { fromExchPair, isExchange, segmentOf, toExchPair, type Exchange } from "../types/exchange";

/**
 * The spec's chart URLs (access-and-surroundings section 7): "built for a charts host with a
 * path lightweight (mini) or tradingview. Parameters: type, period 1, exchange code, exchType,
 * range D, symbol, scripCode, appName, appVer, osName WEBEXTERNAL, loginId, clientCode, theme;
 * for futures and options also expiry_date (dd-Mon-yyyy), option_type and strike_price. Chart
 * type: overview for equity; futures or options for equity derivatives; future-curcom or
 * options-curcom for currency and commodities."
 *
 * Tape's decisions where the spec is silent: the exchange code and exchType are the wrapper's
 * Exch and ExchType letters (toExchPair, one table for the whole app); scripCode is the token;
 * symbol the trading symbol. `ticket` (not in the spec) carries the short-lived signed chart
 * ticket that authorises the first load and is swapped for the 8-hour chart cookie.
 */
export type ChartPage = "lightweight" | "tradingview";
export type ChartType = "overview" | "futures" | "options" | "future-curcom" | "options-curcom";
export type ChartTheme = "dark" | "light";

/** The instrument a chart shows: what contract info and search answer. */
export interface ChartInstrument {
  exchange: Exchange;
  token: number;
  tradingSymbol: string;
  /** ISO date "YYYY-MM-DD" for a future or option, "" otherwise. */
  expiry: string;
  optionType: "CE" | "PE" | "";
  strikePrice: number;
}

export interface ChartUrlInput {
  /** The charts host, e.g. "/charts" (DESIGN.md section 4) or "https://charts.example". */
  base: string;
  page: ChartPage;
  instrument: ChartInstrument;
  appName: string;
  appVer: string;
  loginId: string;
  clientCode: string;
  theme: ChartTheme;
  ticket?: string;
}

/** The spec's fixed values. */
export const CHART_PERIOD = "1";
export const CHART_RANGE = "D";
export const CHART_OS_NAME = "WEBEXTERNAL";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export function chartType(i: Pick<ChartInstrument, "exchange" | "expiry" | "optionType">): ChartType {
  const segment = segmentOf(i.exchange);
  if (segment === "equity") return "overview";
  const option = i.optionType !== "";
  if (segment === "derivatives") return option ? "options" : "futures";
  return option ? "options-curcom" : "future-curcom";
}

/** "2025-01-30" as the spec's "dd-Mon-yyyy": "30-Jan-2025"; "" for anything that is not an ISO date. */
export function expiryDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${m[3]}-${month}-${m[1]}` : "";
}

/** "30-Jan-2025" back to "2025-01-30"; "" when it is not one. */
export function isoOfExpiryDate(text: string): string {
  const m = /^(\d{2})-([A-Z][a-z]{2})-(\d{4})$/.exec(text);
  const month = m ? MONTHS.indexOf(m[2]!) : -1;
  return m && month >= 0 ? `${m[3]}-${String(month + 1).padStart(2, "0")}-${m[1]}` : "";
}

/** The spec's parameters, in the spec's order. */
export function chartParams(input: Omit<ChartUrlInput, "base" | "page">): Array<[string, string]> {
  const i = input.instrument;
  const { Exch, ExchType } = toExchPair(i.exchange);
  const type = chartType(i);
  const params: Array<[string, string]> = [
    ["type", type],
    ["period", CHART_PERIOD],
    ["exchange", Exch],
    ["exchType", ExchType],
    ["range", CHART_RANGE],
    ["symbol", i.tradingSymbol],
    ["scripCode", String(i.token)],
    ["appName", input.appName],
    ["appVer", input.appVer],
    ["osName", CHART_OS_NAME],
    ["loginId", input.loginId],
    ["clientCode", input.clientCode],
    ["theme", input.theme],
  ];
  if (type !== "overview") {
    params.push(["expiry_date", expiryDate(i.expiry)]);
    if (i.optionType !== "") params.push(["option_type", i.optionType], ["strike_price", String(i.strikePrice)]);
  }
  if (input.ticket) params.push(["ticket", input.ticket]);
  return params;
}

/** The one place a chart URL is built. */
export function buildChartUrl(input: ChartUrlInput): string {
  const query = chartParams(input)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&");
  return `${input.base.replace(/\/+$/, "")}/${input.page}?${query}`;
}

/** What a chart page reads back from its URL: the instrument by exchange and scripCode, and the theme. */
export interface ChartPageParams {
  exchange: Exchange;
  token: number;
  symbol: string;
  type: ChartType;
  theme: ChartTheme;
  clientCode: string;
  ticket: string;
}

export type ChartParamsResult = { ok: true; params: ChartPageParams } | { ok: false; field: string };

/** Reads a chart URL's query (the broker checks it before serving a page); names the first bad field. */
export function readChartParams(get: (name: string) => string | null | undefined): ChartParamsResult {
  const exchange = fromExchPair(get("exchange") ?? "", get("exchType") ?? "");
  if (!exchange || !isExchange(exchange)) return { ok: false, field: "exchange" };
  const token = Number(get("scripCode"));
  if (!Number.isInteger(token) || token <= 0) return { ok: false, field: "scripCode" };
  const theme = get("theme") ?? "dark";
  if (theme !== "dark" && theme !== "light") return { ok: false, field: "theme" };
  const type = get("type");
  const types: readonly string[] = ["overview", "futures", "options", "future-curcom", "options-curcom"];
  if (!type || !types.includes(type)) return { ok: false, field: "type" };
  return { ok: true, params: { exchange, token, symbol: get("symbol") ?? "", type: type as ChartType, theme, clientCode: get("clientCode") ?? "", ticket: get("ticket") ?? "" } };
}
