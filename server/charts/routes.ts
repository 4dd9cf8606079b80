import { contentSecurityPolicy } from "../http/headers.js";
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { readChartParams } from "../../src/core/charts/chartUrl.js";
import type { ChartInterval } from "../../src/core/charts/intervals.js";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import { bars, chartTicket, fullChartPage, miniChartPage, pageBars } from "../../src/core/wire/charts.js";
import { route } from "../http/wire.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import type { Market } from "../market/types.js";
import { ChartAuth, chartKey } from "./auth.js";
import { chartBars } from "./bars.js";
import { registerChartPageReads, type PageBooks } from "./pageReads.js";

/**
 * The charts host (DESIGN.md section 4, /charts). The spec does not show its calls but the page
 * URLs; GET bars, GET page/bars and POST ticket are Tape's.
 */
export function registerCharts(app: FastifyInstance, ctx: BrokerContext, market: Market, books: PageBooks): void {
  // ctx.clock, read at each call: tests move the broker's clock.
  const auth = new ChartAuth(chartKey(ctx.config.dataDir), () => ctx.clock.now());
  /** The bars of a query its schema accepted; EC400 for an instrument the master does not have. */
  const barsOf = (q: { exchange: Exchange; token: number | string; interval?: ChartInterval }) => {
    const token = Number(q.token);
    if (!market.instrument(q.exchange, token)) return fail("EC400", `Invalid scrip: no instrument ${q.exchange} ${token}`);
    return ok(chartBars(market, q.exchange, token, q.interval ?? "1m", ctx.clock.now(), ctx.config.simSeed));
  };

  /** GET bars?exchange=&token=&interval=: history then today's session, oldest first (the app, with its bearer). */
  route(app, bars, async (req) => barsOf(req.query));

  /** The same bars for a chart page, which holds the chart cookie and no bearer: refused before its query is read without one. */
  route(app, pageBars, async (req) => barsOf(req.query), {
    preValidation: async (req, reply) => {
      if (!auth.clientOfCookie(req.headers.cookie)) return reply.status(401).send(fail("EC987", ERROR_CATALOGUE.EC987));
    },
  });

  // The full page's drawings and order lines, on the same cookie (issue 34).
  registerChartPageReads(app, ctx, market, auth, books);

  /** POST ticket: a one-minute, once-only ticket for the signed-in user's next chart page. */
  route(app, chartTicket, async (req) => ok([{ ticket: auth.mintTicket(req.userId) }]));

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
  route(app, miniChartPage, servePage);
  route(app, fullChartPage, servePage);
}
