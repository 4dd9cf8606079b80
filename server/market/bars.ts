import type { FastifyInstance } from "fastify";
import { isExchange } from "../../src/core/types/exchange.js";
import { fail, ok } from "../envelope.js";
import type { Market } from "./types.js";
import { numberIn } from "../http/read.js";

/**
 * GET /charts/bars?exchange=&token= under the charts host of DESIGN.md section 4: today's
 * one-minute bars of an instrument, oldest first (the full-screen watchlist's mini chart).
 * The spec does not show the charts host's calls; this one is ours.
 */
export function registerChartBars(app: FastifyInstance, market: Market): void {
  app.get("/charts/bars", async (req) => {
    const q = (typeof req.query === "object" && req.query !== null ? req.query : {}) as Record<string, unknown>;
    const exchange = q.exchange;
    const token = numberIn(q.token);
    if (!isExchange(exchange) || !Number.isInteger(token)) return fail("EC400", "Invalid scrip: give exchange and token");
    if (!market.instrument(exchange, token)) return fail("EC400", `Invalid scrip: no instrument ${exchange} ${token}`);
    return ok([...market.bars(exchange, token)]);
  });
}
