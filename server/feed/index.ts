import type { FastifyInstance } from "fastify";
import { orderTopic } from "../../src/core/topics.js";
import type { BrokerContext } from "../context.js";
import type { Market } from "../market/types.js";
import { startEmbeddedFeed } from "./embedded.js";
import { startExternalFeed } from "./external.js";
import { MarketPublisher } from "./publisher.js";

/** The live feed as the rest of the broker sees it. */
export interface Feed {
  /**
   * Publishes an order or trade update to a client's order topic as JSON text
   * (prod/updates/order/v1/{clientcode}); the composition root feeds it the order engine's updates.
   */
  publishOrderUpdate(clientCode: string, update: object): void;
}

/**
 * The live feed: the embedded Aedes broker on /feed, or an external broker when MQTT_URL is
 * set. The market publisher is made on the first market-topic subscription, not at start-up.
 */
export async function registerFeed(app: FastifyInstance, ctx: BrokerContext, market: Market): Promise<Feed> {
  let publisher: MarketPublisher | null = null;
  const publisherOf = (publish: (topic: string, payload: Uint8Array | string) => void) => (publisher ??= new MarketPublisher(market, publish));
  const feedOf = (publish: (topic: string, payload: Uint8Array | string) => void): Feed => ({
    publishOrderUpdate: (clientCode, update) => publish(orderTopic(clientCode), JSON.stringify(update)),
  });

  if (ctx.config.mqttUrl) {
    const url = ctx.config.mqttUrl;
    let external: ReturnType<typeof startExternalFeed> | null = null;
    const publish = (topic: string, payload: Uint8Array | string) => external?.publish(topic, payload);
    const p = publisherOf(publish);
    external = startExternalFeed(url, ctx, market, p);
    ctx.onClose(async () => {
      p.stop();
      await external?.close();
    });
    return feedOf(publish);
  }

  const embedded = await startEmbeddedFeed(app, ctx);
  const publish = (topic: string, payload: Uint8Array | string) => embedded.publish(topic, payload);
  embedded.attach({ add: (topic) => publisherOf(publish).add(topic), remove: (topic) => publisher?.remove(topic) });
  ctx.onClose(async () => {
    publisher?.stop();
    await embedded.close();
  });
  return feedOf(publish);
}
