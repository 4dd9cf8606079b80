import { EventEmitter } from "node:events";
import type { BrokerContext } from "../context.js";

/**
 * Order updates leave the engine here. The live feed subscribes with `onOrderUpdate` and
 * publishes each one as JSON text on prod/updates/order/v1/{clientCode} (DESIGN.md section 5);
 * the engine never knows about MQTT. One emitter per broker context.
 */
export type OrderUpdateListener = (clientCode: string, json: string) => void;

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
  const wrapped = (clientCode: string, json: string) => {
    try {
      listener(clientCode, json);
    } catch (err) {
      // A failing subscriber (the feed) must never undo or stop a fill.
      ctx.log.error({ err }, "order update listener failed");
    }
  };
  e.on("update", wrapped);
  return () => e.off("update", wrapped);
}

export function publishOrderUpdate(ctx: BrokerContext, clientCode: string, json: string): void {
  emitterOf(ctx).emit("update", clientCode, json);
}
