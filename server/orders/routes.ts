import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { fail, ok } from "../envelope.js";
import type { OrderEngine, PlaceResult } from "./engine.js";
import { jsonScope } from "./jsonScope.js";
import { MAX_ORDERS_PER_REQUEST } from "./limits.js";
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
 * Place, modify and cancel first take their slots of the order rate limits (rateLimit.ts): a
 * refusal is EC970 with the time to the next slot in the message, in result[0].retryAfterMs and
 * in the Retry-After header.
 */
export function registerOrders(app: FastifyInstance, engine: OrderEngine, limiter: OrderRateLimiter): void {
  void app.register(async (scope) => {
    jsonScope(scope);

    const refuse = (reply: { header(name: string, value: string): unknown }, r: RateRefusal) => {
      if (r.retryAfterMs > 0) reply.header("retry-after", String(Math.ceil(r.retryAfterMs / 1000)));
      return fail(r.code, r.message, [{ retryAfterMs: r.retryAfterMs }]);
    };

    const place = async (req: { userId: string; body: unknown }, reply: { header(name: string, value: string): unknown }) => {
      const many = Array.isArray(req.body);
      const items: unknown[] = many ? (req.body as unknown[]) : [req.body];
      if (items.length === 0) return fail("EC900", `${ERROR_CATALOGUE.EC900}: no order in the request`);
      if (items.length > MAX_ORDERS_PER_REQUEST) return fail("EC958", `${ERROR_CATALOGUE.EC958}: at most ${MAX_ORDERS_PER_REQUEST} in one request`);
      const slot = limiter.take(req.userId, items.length);
      if (!slot.ok) return refuse(reply, slot);
      // Group commit: answered only after the transaction holding these orders has committed.
      const results: PlaceResult[] = await Promise.all(items.map((item) => engine.submitOrder(req.userId, item)));
      const refused = results.find((r) => !isSuccess(r));
      return refused ? fail(refused.status, refused.message, results) : ok(results);
    };
    scope.post("/core/v2/orders/", place);
    scope.post("/core/v2/orders", place);

    scope.put<{ Params: { orderNo: string } }>("/core/v2/orders/:orderNo", async (req, reply) => {
      const slot = limiter.take(req.userId);
      if (!slot.ok) return refuse(reply, slot);
      const r = engine.modifyOrder(req.userId, req.params.orderNo, req.body ?? {});
      return r.ok ? ok([{ orderNo: r.orderNo, orderStatus: r.orderStatus }]) : fail(r.code, r.message);
    });

    scope.delete("/core/v2/orders/cancelAll", async (req, reply) => {
      const slot = limiter.take(req.userId);
      if (!slot.ok) return refuse(reply, slot);
      const r = engine.cancelAll(req.userId);
      return r.ok ? ok(r.orderNos.map((orderNo) => ({ orderNo }))) : fail(r.code, r.message);
    });

    scope.delete<{ Params: { id: string } }>("/core/v2/orders/:id", async (req, reply) => {
      const slot = limiter.take(req.userId);
      if (!slot.ok) return refuse(reply, slot);
      const r = engine.cancelOrder(req.userId, req.params.id);
      return r.ok ? ok([{ orderNo: r.orderNo, orderStatus: r.orderStatus }]) : fail(r.code, r.message);
    });

    scope.post("/core/v2/orders/rateBudget", async (req) => ok([{ enabled: limiter.enabled, ...limiter.budget(req.userId) }]));

    scope.post("/core/v2/orders/book", async (req) => {
      const rows = engine.orderBook(req.userId);
      return rows.length > 0 ? ok(rows) : fail("EC916", ERROR_CATALOGUE.EC916);
    });

    scope.post("/core/v2/orders/trades", async (req) => ok(engine.tradeBook(req.userId)));

    scope.post<{ Params: { id: string } }>("/core/v2/orders/:id", async (req) => {
      const rows = engine.history(req.userId, req.params.id);
      return rows ? ok(rows) : fail("EC941", ERROR_CATALOGUE.EC941);
    });

    scope.post("/core/v2/preordermargin", async (req) => {
      const r = preOrderMargin(engine, req.userId, req.body);
      return r.ok ? ok([r.value]) : fail(r.code, r.message);
    });

    scope.post("/span/spanexposure", async (req) => {
      const r = spanExposure(engine, req.body);
      return r.ok ? ok([r.value]) : fail(r.code, r.message);
    });
  });
}
