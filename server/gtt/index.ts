import type { FastifyInstance } from "fastify";
import type { BrokerContext } from "../context.js";
import { marketOf } from "../market/index.js";
import { placeOrder } from "../orders/engine.js";
import { registerGtt } from "./routes.js";
import type { PlaceOrder } from "./types.js";

/** The GTT service on the broker's own market, placing triggered orders through the order engine's in-process door. */
export function registerGttService(app: FastifyInstance, ctx: BrokerContext): void {
  const place: PlaceOrder = (userId, request) => {
    const r = placeOrder(ctx, userId, request);
    return r.status === "Ok" ? { ok: true, orderNo: r.orderNo } : { ok: false, message: `${r.status}: ${r.message}` };
  };
  registerGtt(app, ctx, { market: marketOf(ctx), placeOrder: place });
}
