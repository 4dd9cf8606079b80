import type { FastifyInstance } from "fastify";
import { orderTopic } from "../../src/core/topics.js";
import type { BrokerContext } from "../context.js";
import { marketOf } from "../market/index.js";
import { startEmbeddedFeed } from "./embedded.js";
import { startExternalFeed } from "./external.js";
import { MarketPublisher } from "./publisher.js";

interface Feed {
  publish(topic: string, payload: Uint8Array | string): void;
  publisher: MarketPublisher;
}

const feeds = new WeakMap<BrokerContext, Feed>();

/**
 * The live feed: the embedded Aedes broker on /feed, or an external broker when MQTT_URL is
 * set. The market is created on the first subscription, not at start-up, so a broker that
 * nobody watches starts fast.
 */
export async function registerFeed(app: FastifyInstance, ctx: BrokerContext): Promise<void> {
  let publisher: MarketPublisher | null = null;
  const publisherOf = (publish: (topic: string, payload: Uint8Array | string) => void) => (publisher ??= new MarketPublisher(marketOf(ctx), publish));

  if (ctx.config.mqttUrl) {
    const url = ctx.config.mqttUrl;
    let external: ReturnType<typeof startExternalFeed> | null = null;
    const publish = (topic: string, payload: Uint8Array | string) => external?.publish(topic, payload);
    const p = publisherOf(publish);
    external = startExternalFeed(url, ctx, marketOf(ctx), p);
    feeds.set(ctx, { publish, publisher: p });
    ctx.onClose(async () => {
      p.stop();
      await external?.close();
    });
    return;
  }

  const embedded = await startEmbeddedFeed(app, ctx);
  const publish = (topic: string, payload: Uint8Array | string) => embedded.publish(topic, payload);
  // The publisher (and with it the market) is made when the first market topic is subscribed.
  embedded.attach({ add: (topic) => publisherOf(publish).add(topic), remove: (topic) => publisher?.remove(topic) });
  feeds.set(ctx, {
    publish,
    get publisher() {
      return publisherOf(publish);
    },
  });
  ctx.onClose(async () => {
    publisher?.stop();
    await embedded.close();
  });
}

/**
 * Publishes an order or trade update to a client's order topic as JSON text
 * (prod/updates/order/v1/{clientcode}). The order engine calls this.
 */
export function publishOrderUpdate(ctx: BrokerContext, clientCode: string, update: object): void {
  const feed = feeds.get(ctx);
  if (!feed) {
    ctx.log.warn({ clientCode }, "order update with no feed registered");
    return;
  }
  feed.publish(orderTopic(clientCode), JSON.stringify(update));
}
