import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";

/**
 * Order updates leave the engine here. The composition root (server/app.ts) hands each one to
 * the live feed (JSON text on prod/updates/order/v1/{clientCode}); tests and other in-process
 * listeners subscribe the same way. The engine never knows about MQTT.
 */
export type OrderUpdateListener = (clientCode: string, update: object) => void;

export class OrderEvents {
  private readonly emitter = new EventEmitter();

  constructor(private readonly log: FastifyBaseLogger) {
    this.emitter.setMaxListeners(0);
  }

  /** Subscribes to every order update of every client. Returns an unsubscribe. */
  on(listener: OrderUpdateListener): () => void {
    const wrapped = (clientCode: string, update: object) => {
      try {
        listener(clientCode, update);
      } catch (err) {
        // A failing subscriber (the feed) must never undo or stop a fill.
        this.log.error({ err }, "order update listener failed");
      }
    };
    this.emitter.on("update", wrapped);
    return () => this.emitter.off("update", wrapped);
  }

  emit(clientCode: string, update: object): void {
    this.emitter.emit("update", clientCode, update);
  }
}
