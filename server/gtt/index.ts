import type { FastifyInstance } from "fastify";
import { checkAccountCanTrade } from "../../src/core/rules/orderValidation.js";
import type { BrokerContext } from "../context.js";
import type { Market } from "../market/types.js";
import type { OrderEngine } from "../orders/engine.js";
import { registerGtt, type GttService } from "./routes.js";
import type { GttDeps, PlaceOrder, TradingRefusal } from "./types.js";
import { isSuccess } from "../../src/core/http/success.js";

/** The GTT service on the broker's market, placing triggered orders through the order engine's in-process door. */
export function registerGttService(app: FastifyInstance, ctx: BrokerContext, market: Market, orders: OrderEngine, tell?: GttDeps["tell"]): GttService {
  const place: PlaceOrder = (userId, request) => {
    const r = orders.placeOrder(userId, request);
    return isSuccess(r) ? { ok: true, orderNo: r.orderNo } : { ok: false, message: `${r.status}: ${r.message}` };
  };
  // The order engine's own account rule (EC803 to EC805), so that a GTT is refused as its order would be.
  const tradingRefusal: TradingRefusal = (userId) => {
    const profile = orders.profileOf(userId);
    const r = profile ? checkAccountCanTrade(profile) : undefined;
    return r && !r.ok ? `${r.code}: ${r.message}` : undefined;
  };
  return registerGtt(app, ctx, { market, placeOrder: place, tradingRefusal, ...(tell ? { tell } : {}) });
}
