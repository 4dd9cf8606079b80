import type { FastifyInstance, FastifyReply } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { fail, ok } from "../envelope.js";
import type { OrderEngine, PlaceResult } from "./engine.js";
import { jsonScope } from "./jsonScope.js";
import { route } from "../http/wire.js";
import {
  cancelAllOrders,
  cancelOrder,
  modifyOrder,
  orderBook,
  orderHistory,
  placeOrder,
  placeOrderNoSlash,
  preOrderMargin as preOrderMarginCall,
  rateBudget,
  spanExposure as spanExposureCall,
  tradeBook,
  type OrderBody,
} from "../../src/core/wire/orders.js";
import { preOrderMargin, spanExposure } from "./margin.js";
import type { OrderRateLimiter, RateRefusal } from "./rateLimit.js";
import { isSuccess } from "../../src/core/http/success.js";

/**
 * The order calls of trading-core section 7 under /core (DESIGN.md section 4):
 *   POST   /core/v2/orders/             place: one order object or an array of them; result[] has
 *                                       one { status, message, orderNo, brokerOrderId, orderStatus,
 *                                       clientOrderKey } per order, in order. The envelope's status is
 *                                       "Ok" when every order was accepted, else the first refusal's code.
 *   PUT    /core/v2/orders/{orderNo}    modify: any order fields; those left out keep their value
 *   DELETE /core/v2/orders/{id}         cancel (body deviceId, userAgent: accepted, not needed)
 *   DELETE /core/v2/orders/cancelAll    cancel every working order; EC938 when there is none
 *   POST   /core/v2/orders/book         today's orders and every still-working order, newest first; EC916 when none
 *   POST   /core/v2/orders/trades       today's trades, newest first (Ok with [] when none)
 *   POST   /core/v2/orders/{id}         the order's history: its row after each change, oldest first
 *   POST   /core/v2/preordermargin      margin and charges of an order before placing it
 *   POST   /span/spanexposure           SPAN and exposure of a list of legs
 *   POST   /core/v2/orders/rateBudget   Tape's: the user's order rate budget (issue 19)
 *
 * Each call's request and answer is its schema in src/core/wire/orders.ts. Place, modify and cancel first take their slots of the order rate limits (rateLimit.ts): a
 * refusal is EC970 with the time to the next slot in the message, in result[0].retryAfterMs and
 * in the Retry-After header.
 */
export function registerOrders(app: FastifyInstance, engine: OrderEngine, limiter: OrderRateLimiter): void {
  void app.register(async (scope) => {
    jsonScope(scope);

    const refuse = (reply: FastifyReply, r: RateRefusal) => {
      if (r.retryAfterMs > 0) reply.header("retry-after", String(Math.ceil(r.retryAfterMs / 1000)));
      return fail(r.code, r.message, [{ retryAfterMs: r.retryAfterMs }]);
    };

    const place = async (req: { userId: string; body: OrderBody | OrderBody[] }, reply: FastifyReply) => {
      const items = Array.isArray(req.body) ? req.body : [req.body];
      const slot = limiter.take(req.userId, items.length);
      if (!slot.ok) return refuse(reply, slot);
      // Group commit: answered only after the transaction holding these orders has committed.
      const results: PlaceResult[] = await Promise.all(items.map((item) => engine.submitOrder(req.userId, item)));
      const refused = results.find((r) => !isSuccess(r));
      return refused ? fail(refused.status, refused.message, results) : ok(results);
    };
    route(scope, placeOrder, place);
    route(scope, placeOrderNoSlash, place);

    route(scope, modifyOrder, async (req, reply) => {
      const slot = limiter.take(req.userId);
      if (!slot.ok) return refuse(reply, slot);
      const r = engine.modifyOrder(req.userId, req.params.orderNo, req.body);
      return r.ok ? ok([{ orderNo: r.orderNo, orderStatus: r.orderStatus }]) : fail(r.code, r.message);
    });

    route(scope, cancelAllOrders, async (req, reply) => {
      const slot = limiter.take(req.userId);
      if (!slot.ok) return refuse(reply, slot);
      const r = engine.cancelAll(req.userId);
      return r.ok ? ok(r.orderNos.map((orderNo) => ({ orderNo }))) : fail(r.code, r.message);
    });

    route(scope, cancelOrder, async (req, reply) => {
      const slot = limiter.take(req.userId);
      if (!slot.ok) return refuse(reply, slot);
      const r = engine.cancelOrder(req.userId, req.params.id);
      return r.ok ? ok([{ orderNo: r.orderNo, orderStatus: r.orderStatus }]) : fail(r.code, r.message);
    });

    route(scope, rateBudget, async (req) => ok([{ enabled: limiter.enabled, ...limiter.budget(req.userId) }]));

    route(scope, orderBook, async (req) => {
      const rows = engine.orderBook(req.userId);
      return rows.length > 0 ? ok(rows) : fail("EC916", ERROR_CATALOGUE.EC916);
    });

    route(scope, tradeBook, async (req) => ok(engine.tradeBook(req.userId)));

    route(scope, orderHistory, async (req) => {
      const rows = engine.history(req.userId, req.params.id);
      return rows ? ok(rows) : fail("EC941", ERROR_CATALOGUE.EC941);
    });

    route(scope, preOrderMarginCall, async (req) => {
      const r = preOrderMargin(engine, req.userId, req.body);
      return r.ok ? ok([r.value]) : fail(r.code, r.message);
    });

    route(scope, spanExposureCall, async (req) => {
      const r = spanExposure(engine, req.body);
      return r.ok ? ok([r.value]) : fail(r.code, r.message);
    });
  });
}
