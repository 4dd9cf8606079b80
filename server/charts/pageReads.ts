import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { chartLines } from "../../src/core/charts/orderLines/lines.js";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import type { GttEntry } from "../../src/core/types/gtt.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { Order } from "../../src/core/types/order.js";
import { pageDrawings, pageOrderLines } from "../../src/core/wire/charts.js";
import type { Position } from "../../src/core/wire/portfolio.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { route } from "../http/wire.js";
import type { Market } from "../market/types.js";
import type { ChartAuth } from "./auth.js";
import { drawingsOfUser } from "./drawings.js";

/** Where the order lines come from: the same books the app's order, GTT and position calls answer. */
export interface PageBooks {
  orders(userId: string): readonly Order[];
  gtts(userId: string): readonly GttEntry[];
  positions(userId: string): readonly Position[];
}

/**
 * The full chart page's reads (issue 34: the full page is the full chart, with drawings and
 * orders). The page holds the chart cookie and no bearer (server/charts/auth.ts), so these answer
 * for the client the cookie names, and only it: the query names an instrument, never a user.
 * The lines are the app's own rule (core/charts/orderLines/lines.ts), worked out here once.
 */
export function registerChartPageReads(app: FastifyInstance, ctx: BrokerContext, market: Market, auth: ChartAuth, books: PageBooks): void {
  // The client is read before the query, so a page without the cookie learns nothing, not even a bad query.
  const clients = new WeakMap<FastifyRequest, string>();
  const cookie = {
    preValidation: async (req: FastifyRequest, reply: FastifyReply) => {
      const client = auth.clientOfCookie(req.headers.cookie);
      if (!client) return reply.status(401).send(fail("EC987", ERROR_CATALOGUE.EC987));
      clients.set(req, client);
    },
  };
  const instrumentOf = (q: { exchange: Exchange; token: number | string }) => market.instrument(q.exchange, Number(q.token));

  route(
    app,
    pageDrawings,
    async (req) => {
      const inst = instrumentOf(req.query);
      if (!inst) return fail("EC400", `Invalid scrip: no instrument ${req.query.exchange} ${req.query.token}`);
      return ok(drawingsOfUser(ctx, clients.get(req)!, inst.exchange, inst.token));
    },
    cookie,
  );

  route(
    app,
    pageOrderLines,
    async (req) => {
      const inst = instrumentOf(req.query);
      if (!inst) return fail("EC400", `Invalid scrip: no instrument ${req.query.exchange} ${req.query.token}`);
      const user = clients.get(req)!;
      const lines = chartLines({ exchange: inst.exchange, token: inst.token, orders: books.orders(user), gtts: books.gtts(user), positions: books.positions(user) });
      return ok([{ tickSize: inst.tickSize, lines }]);
    },
    cookie,
  );
}
