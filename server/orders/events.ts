import { EventEmitter } from "node:events";
import type { BrokerContext } from "../context.js";

/**
 * Order updates leave the engine here. registerOrders hands each one to the live feed
 * (server/feed publishOrderUpdate: JSON text on prod/updates/order/v1/{clientCode}); tests and
 * other in-process listeners subscribe the same way. The engine never knows about MQTT.
 * One emitter per broker context.
 */
export type OrderUpdateListener = (clientCode: string, update: object) => void;

const emitters = new WeakMap<BrokerContext, EventEmitter>();

function emitterOf(ctx: BrokerContext): EventEmitter {
  let e = emitters.get(ctx);
  if (!e) {
    e = new EventEmitter();
    e.setMaxListeners(0);
    emitters.set(ctx, e);
  }
  return e;
}

/** Subscribes to every order update of every client. Returns an unsubscribe. */
export function onOrderUpdate(ctx: BrokerContext, listener: OrderUpdateListener): () => void {
  const e = emitterOf(ctx);
  const wrapped = (clientCode: string, update: object) => {
    try {
      listener(clientCode, update);
    } catch (err) {
      // A failing subscriber (the feed) must never undo or stop a fill.
      ctx.log.error({ err }, "order update listener failed");
    }
  };
  e.on("update", wrapped);
  return () => e.off("update", wrapped);
}

export function emitOrderUpdate(ctx: BrokerContext, clientCode: string, update: object): void {
  emitterOf(ctx).emit("update", clientCode, update);
}
