import { contentSecurityPolicy } from "../http/headers.js";
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { readChartParams } from "../../src/core/charts/chartUrl.js";
import { isChartInterval, type ChartInterval } from "../../src/core/charts/intervals.js";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { isExchange, type Exchange } from "../../src/core/types/exchange.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { numberIn } from "../http/read.js";
import type { Market } from "../market/types.js";
import { ChartAuth, chartKey } from "./auth.js";
import { chartBars } from "./bars.js";

/** The chart pages of the spec (access-and-surroundings section 7): the mini and the full chart. */
export const CHART_PAGES = ["lightweight", "tradingview"] as const;

type Query = Record<string, unknown>;
const queryOf = (req: FastifyRequest): Query => (typeof req.query === "object" && req.query !== null ? (req.query as Query) : {});

type BarsAsk = { ok: true; exchange: Exchange; token: number; interval: ChartInterval } | { ok: false; message: string };

function readBarsAsk(market: Market, q: Query): BarsAsk {
  const token = numberIn(q.token);
  if (!isExchange(q.exchange) || !Number.isInteger(token)) return { ok: false, message: "Invalid scrip: give exchange and token" };
  if (!market.instrument(q.exchange, token)) return { ok: false, message: `Invalid scrip: no instrument ${q.exchange} ${token}` };
  const interval = q.interval ?? "1m";
  if (!isChartInterval(interval)) return { ok: false, message: "Interval must be 1m, 5m, 15m, 60m or 1d" };
  return { ok: true, exchange: q.exchange, token, interval };
}

/**
 * The charts host (DESIGN.md section 4, /charts). The spec does not show its calls but the page
 * URLs; GET bars, GET page/bars and POST ticket are Tape's.
 */
export function registerCharts(app: FastifyInstance, ctx: BrokerContext, market: Market): void {
  // ctx.clock, read at each call: tests move the broker's clock.
  const auth = new ChartAuth(chartKey(ctx.config.dataDir), () => ctx.clock.now());
  const bars = (ask: Extract<BarsAsk, { ok: true }>) => ok(chartBars(market, ask.exchange, ask.token, ask.interval, ctx.clock.now(), ctx.config.simSeed));

  /** GET bars?exchange=&token=&interval=: history then today's session, oldest first (the app, with its bearer). */
  app.get("/charts/bars", async (req) => {
    const ask = readBarsAsk(market, queryOf(req));
    return ask.ok ? bars(ask) : fail("EC400", ask.message);
  });

  /** The same bars for a chart page, which holds the chart cookie and no bearer. */
  app.get("/charts/page/bars", async (req, reply) => {
    if (!auth.clientOfCookie(req.headers.cookie)) return reply.status(401).send(fail("EC987", ERROR_CATALOGUE.EC987));
    const ask = readBarsAsk(market, queryOf(req));
    return ask.ok ? bars(ask) : fail("EC400", ask.message);
  });

  /** POST ticket: a one-minute, once-only ticket for the signed-in user's next chart page. */
  app.post("/charts/ticket", async (req) => ok([{ ticket: auth.mintTicket(req.userId) }]));

  let page: string | undefined;
  const pageHtml = (): string => {
    const file = ctx.config.staticDir ? path.join(ctx.config.staticDir, "chart.html") : "";
    // An API-only broker (tests) has no built page: an empty document stands in for it.
    page ??= file && fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "<!doctype html><title>Chart</title>";
    return page;
  };

  const servePage = async (req: FastifyRequest, reply: FastifyReply) => {
    const q = new URL(req.url, "http://charts.invalid").searchParams;
    const read = readChartParams((n) => q.get(n));
    if (!read.ok) return reply.status(400).send(fail("EC989", `${ERROR_CATALOGUE.EC989}: ${read.field}`));
    const { params } = read;
    if (!market.instrument(params.exchange, params.token)) return reply.status(400).send(fail("EC989", `${ERROR_CATALOGUE.EC989}: scripCode`));
    if (params.ticket) {
      const client = auth.redeemTicket(params.ticket);
      if (!client || client !== params.clientCode) return reply.status(401).send(fail("EC988", ERROR_CATALOGUE.EC988));
      // The ticket has done its work: the cookie carries on, and the address bar keeps no ticket.
      q.delete("ticket");
      return reply.header("set-cookie", auth.setCookie(client)).header("cache-control", "no-store").redirect(`${req.url.split("?")[0]}?${q.toString()}`, 303);
    }
    const client = auth.clientOfCookie(req.headers.cookie);
    if (!client || client !== params.clientCode) return reply.status(401).send(fail("EC987", ERROR_CATALOGUE.EC987));
    // The app frames this page in a pane (its own origin only); every other answer stays unframeable.
    return reply
      .type("text/html")
      .header("cache-control", "no-store")
      .header("x-frame-options", "SAMEORIGIN")
      .header("content-security-policy", contentSecurityPolicy(req.headers.host, undefined, "'self'"))
      .send(pageHtml());
  };
  for (const p of CHART_PAGES) app.get(`/charts/${p}`, servePage);
}
