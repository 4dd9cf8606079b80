import { CHART_INTERVALS } from "../charts/intervals";
import { defineCall } from "./call";
import { ChartDrawing } from "./chartDrawings";
import { Envelope, Exchange, NoBody, OneOf, Refused, refused, Type, WholeOrText, type Static } from "./schema";

/**
 * The charts host (DESIGN.md section 4, /charts). The spec shows its page URLs, not its calls;
 * GET bars, GET page/bars and POST ticket are Tape's (server/charts/auth.ts says how a chart page
 * is authorised: a one-minute ticket, then an 8-hour cookie).
 */

/** One OHLC bar; time is the bar's start, epoch ms. */
export const Bar = Type.Object({
  time: Type.Number({ description: "The bar's start, epoch ms" }),
  open: Type.Number(),
  high: Type.Number(),
  low: Type.Number(),
  close: Type.Number(),
  volume: Type.Number(),
});
export type Bar = Static<typeof Bar>;

const invalidScrip = refused("EC400", "Invalid scrip: give exchange and token");

export const BarsQuery = Type.Object({
  exchange: Exchange(invalidScrip),
  token: WholeOrText(invalidScrip),
  interval: Type.Optional(OneOf(CHART_INTERVALS, { ...refused("EC400", "Interval must be 1m, 5m, 15m, 60m or 1d"), description: "1m when not given" })),
});

export const bars = defineCall({
  method: "GET",
  service: "charts",
  path: "bars",
  tag: "charts",
  summary: "An instrument's bars: history, then today's session, oldest first",
  querystring: BarsQuery,
  answer: Envelope(Bar),
});

export const pageBars = defineCall({
  method: "GET",
  service: "charts",
  path: "page/bars",
  tag: "charts",
  summary: "The same bars for a chart page, which holds the chart cookie and no bearer (401 EC987 without it)",
  querystring: BarsQuery,
  headers: Type.Object({ cookie: Type.Optional(Type.String({ description: "tape_chart=<the chart cookie>" })) }),
  answer: Envelope(Bar),
  otherAnswers: { 401: Refused },
});

const ChartCookie = Type.Object({ cookie: Type.Optional(Type.String({ description: "tape_chart=<the chart cookie>" })) });
const PageInstrument = Type.Object({ exchange: Exchange(invalidScrip), token: WholeOrText(invalidScrip) });

/**
 * The full chart page's drawings and order lines (issue 34): the same answers the app reads with
 * its bearer, for the user the chart cookie names and nobody else. Read-only: the spec gives the
 * chart cookie one job ("a chart auth cookie lasts 8 hours", access-and-surroundings section 7),
 * authorising a chart page to show; it does not make the page a place that changes the account.
 */
export const pageDrawings = defineCall({
  method: "GET",
  service: "charts",
  path: "page/drawings",
  tag: "charts",
  summary: "The cookie's user's drawings on one instrument, oldest first (401 EC987 without the cookie)",
  querystring: PageInstrument,
  headers: ChartCookie,
  answer: Envelope(ChartDrawing),
  otherAnswers: { 401: Refused },
});

/** What Enter on a moved line modifies (core/charts/orderLines/lines.ts LineTarget). */
const LineTarget = Type.Union([
  Type.Object({ kind: Type.Literal("order"), orderNo: Type.String(), field: OneOf(["price", "slTriggerPrice", "targetPrice", "stopLossPrice"]) }),
  Type.Object({ kind: Type.Literal("gtt"), gttId: Type.String(), leg: Type.Union([Type.Literal(1), Type.Literal(2)]) }),
]);

/** One order line (core/charts/orderLines/lines.ts ChartLine): an open order's price, a GTT trigger, a position's average, stop or target. */
export const OrderLine = Type.Object({
  id: Type.String({ description: "The order or GTT and which of its prices" }),
  price: Type.Number(),
  label: Type.String({ description: "In words: side, quantity, type, what the line is" }),
  tone: OneOf(["buy", "sell", "average"]),
  target: Type.Optional(LineTarget),
});

export const pageOrderLines = defineCall({
  method: "GET",
  service: "charts",
  path: "page/order-lines",
  tag: "charts",
  summary: "The cookie's user's order lines on one instrument (open orders, GTT triggers, the position's average, stop and target) and its tick size (401 EC987 without the cookie)",
  querystring: PageInstrument,
  headers: ChartCookie,
  answer: Envelope(Type.Object({ tickSize: Type.Number({ description: "The instrument's tick, what one step of a moved line is" }), lines: Type.Array(OrderLine) })),
  otherAnswers: { 401: Refused },
});

export const chartTicket = defineCall({
  method: "POST",
  service: "charts",
  path: "ticket",
  tag: "charts",
  summary: "A one-minute, once-only ticket for the signed-in user's next chart page",
  body: NoBody,
  answer: Envelope(Type.Object({ ticket: Type.String() })),
});

/**
 * A chart page's query (src/core/charts/chartUrl.ts builds it and reads it): the shared rule
 * checks it, and a bad field answers HTTP 400 EC989 naming it, as a page the app frames does.
 */
const ChartPageQuery = Type.Object({
  exchange: Type.Optional(Type.String({ description: "Exch letter" })),
  exchType: Type.Optional(Type.String({ description: "ExchType letter" })),
  scripCode: Type.Optional(Type.String({ description: "The instrument's token" })),
  symbol: Type.Optional(Type.String()),
  type: Type.Optional(Type.String({ description: "overview, futures, options, future-curcom or options-curcom" })),
  theme: Type.Optional(Type.String({ description: "dark (when not given) or light" })),
  clientCode: Type.Optional(Type.String()),
  ticket: Type.Optional(Type.String({ description: "The first load's ticket (POST ticket); answered with the cookie and a redirect without it" })),
  indicators: Type.Optional(Type.String({ description: "Tape's: the full page's indicators, comma separated as typed after chart add (\"ema 20,rsi 14\")" })),
});

const chartPage = (name: "lightweight" | "tradingview", summary: string) =>
  defineCall({
    method: "GET",
    service: "charts",
    path: name,
    tag: "charts",
    summary,
    querystring: ChartPageQuery,
    headers: Type.Object({ cookie: Type.Optional(Type.String({ description: "tape_chart=<the chart cookie>" })) }),
    answer: Type.String({ description: "The chart page, HTML" }),
    answerType: "text/html",
    otherAnswers: { 303: Type.Null({ description: "A ticket redeemed: the cookie is set, and the same page without the ticket is the redirect" }), 400: Refused, 401: Refused },
  });

export const miniChartPage = chartPage("lightweight", "The mini chart page (access-and-surroundings section 7)");
export const fullChartPage = chartPage("tradingview", "The full chart page (access-and-surroundings section 7)");
