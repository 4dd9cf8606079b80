import type { FastifyInstance } from "fastify";
import type { BrokerContext } from "./context.js";
import { publishOrderUpdate } from "./feed/index.js";
import { onOrderUpdate } from "./orders/events.js";

/**
 * Joins the order engine's updates (orders/events.ts) to the live feed (feed/index.ts), so that
 * each one reaches the client's order topic. Neither side knows the other; this is the one
 * place they meet. Written on the client branch (orderui) because the e2e needs it; the owners
 * of orders/ and feed/ may move it.
 */
export function registerOrderFeedGlue(_app: FastifyInstance, ctx: BrokerContext): void {
  onOrderUpdate(ctx, (clientCode, json) => publishOrderUpdate(ctx, clientCode, JSON.parse(json) as object));
}
