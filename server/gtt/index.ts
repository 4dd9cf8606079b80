import type { FastifyInstance } from "fastify";
import type { BrokerContext } from "../context.js";
import type { Market } from "../market/types.js";
import type { OrderEngine } from "../orders/engine.js";
import { registerGtt, type GttService } from "./routes.js";
import type { PlaceOrder } from "./types.js";

/** The GTT service on the broker's market, placing triggered orders through the order engine's in-process door. */
export function registerGttService(app: FastifyInstance, ctx: BrokerContext, market: Market, orders: OrderEngine): GttService {
  const place: PlaceOrder = (userId, request) => {
    const r = orders.placeOrder(userId, request);
    return r.status === "Ok" ? { ok: true, orderNo: r.orderNo } : { ok: false, message: `${r.status}: ${r.message}` };
  };
  return registerGtt(app, ctx, { market, placeOrder: place });
}
