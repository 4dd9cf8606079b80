import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { orderTopic } from "../../src/core/topics.js";
import { ConfigError } from "../config.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { route } from "../http/wire.js";
import { feedConfig } from "../../src/core/wire/feed.js";
import type { Market } from "../market/types.js";
import { bearerOf } from "../sessions.js";
import { DynsecControl, ensurePublisher } from "./dynsec.js";
import { edgeOrder, FeedCredentials, type FeedEdge } from "./edges.js";
import { FEED_PATH, startEmbeddedFeed } from "./embedded.js";
import { startExternalFeed } from "./external.js";
import { MarketPublisher } from "./publisher.js";

/** The live feed as the rest of the broker sees it. */
export interface Feed {
  /**
   * Publishes an order or trade update to a client's order topic as JSON text
   * (prod/updates/order/v1/{clientcode}); the composition root feeds it the order engine's updates.
   */
  publishOrderUpdate(clientCode: string, update: object): void;
  /** The embedded feed's frames on their way out and market frames it dropped (MAX_MARKET_BACKLOG, MAX_CONNECTION_BACKLOG_BYTES); an external broker keeps its own. */
  backlog?(): { inFlight: number; dropped: number; droppedForEveryone: number };
}

/** A message that writes its own JSON text (an order update, server/orders/orderUpdate.ts): the same text as JSON.stringify, faster. */
interface WritesItsJson {
  jsonText(): string;
}

const jsonTextOf = (message: object): string => (typeof (message as Partial<WritesItsJson>).jsonText === "function" ? (message as WritesItsJson).jsonText() : JSON.stringify(message));

/**
 * The live feed: the embedded Aedes broker on /feed, or an external broker when MQTT_URL is
 * set. The market publisher is made on the first market-topic subscription, not at start-up.
 * GET /core/feed/config tells the app where to connect, so one build serves both; on an external
 * broker with dynamic security it first gives the session its feed credentials there.
 */
export async function registerFeed(app: FastifyInstance, ctx: BrokerContext, market: Market): Promise<Feed> {
  let publisher: MarketPublisher | null = null;
  const publisherOf = (publish: (topic: string, payload: Uint8Array | string) => void) => (publisher ??= new MarketPublisher(market, publish));
  const feedOf = (publish: (topic: string, payload: Uint8Array | string) => void): Feed => ({
    publishOrderUpdate: (clientCode, update) => publish(orderTopic(clientCode), jsonTextOf(update)),
  });

  if (ctx.config.mqttUrl) {
    const url = ctx.config.mqttUrl;
    const admin = ctx.config.mqttAdmin;
    // The core (MQTT_URL) takes the publishes; the edges (MQTT_ADMIN_URLS, or the one broker) the app's connections.
    const core = admin ? await DynsecControl.connect(url, admin) : null;
    const edges: FeedEdge[] = admin ? await openEdges(ctx, core!, admin) : [];
    const credentials = core ? new FeedCredentials(edges, ctx) : null;
    await credentials?.recover();
    const own = core ? await ensurePublisher(core) : undefined;
    if (!admin) ctx.log.warn({ url }, "MQTT_URL without MQTT_ADMIN_PASSWORD: the external broker's own configuration decides who may connect and subscribe");
    const publicUrls = ctx.config.feedEdges.map((e) => e.publicUrl);
    let external: ReturnType<typeof startExternalFeed> | null = null;
    const publish = (topic: string, payload: Uint8Array | string) => external?.publish(topic, payload);
    const p = publisherOf(publish);
    external = startExternalFeed(url, ctx, market, p, own);
    route(app, feedConfig, async (req) => {
      try {
        await credentials?.provide(req.userId, bearerOf(req) ?? "");
      } catch (err) {
        ctx.log.warn({ clientCode: req.userId, err: (err as Error).message }, "feed credentials could not be given");
        return fail("EC994", ERROR_CATALOGUE.EC994);
      }
      const up = credentials?.edgesUp() ?? publicUrls.map(() => true);
      const [first, ...rest] = edgeOrder(req.userId, up.map((u) => ({ up: u }))).map((i) => publicUrls[i]!);
      return ok([{ url: first!, fallbacks: rest }]);
    });
    ctx.onClose(async () => {
      p.stop();
      await credentials?.close();
      await external?.close();
      await Promise.all(edges.filter((e) => e.control !== core).map((e) => e.control.close()));
      await core?.close();
    });
    return feedOf(publish);
  }

  const embedded = await startEmbeddedFeed(app, ctx);
  const publish = (topic: string, payload: Uint8Array | string) => embedded.publish(topic, payload);
  embedded.attach({ add: (topic) => publisherOf(publish).add(topic), remove: (topic) => publisher?.remove(topic), current: (topic) => publisherOf(publish).current(topic) });
  route(app, feedConfig, async () => ok([{ url: FEED_PATH, fallbacks: [] }]));
  ctx.onClose(async () => {
    publisher?.stop();
    await embedded.close();
  });
  return { ...feedOf(publish), backlog: () => embedded.backlog() };
}

/** How long start-up waits for an edge's admin connection before going on without it (it is reconciled when it comes up). */
const EDGE_START_MS = 5_000;

/**
 * The edges' admin connections. With one broker (no MQTT_ADMIN_URLS) it is the core's own. An edge
 * that refuses the admin is a start-up problem; one that does not answer yet is left to come up.
 */
async function openEdges(ctx: BrokerContext, core: DynsecControl, admin: { username: string; password: string }): Promise<FeedEdge[]> {
  const edges = ctx.config.feedEdges.map((e): FeedEdge => ({ control: e.adminUrl === core.url ? core : DynsecControl.open(e.adminUrl, admin), publicUrl: e.publicUrl }));
  const outcomes = await Promise.all(edges.map((e) => e.control.firstConnect(EDGE_START_MS)));
  const refused = outcomes.findIndex((o) => o.includes("refused"));
  if (refused >= 0) {
    await Promise.all(edges.filter((e) => e.control !== core).map((e) => e.control.close()));
    throw new ConfigError(`the feed edge at ${edges[refused]!.control.url} (MQTT_ADMIN_URLS) cannot be driven: ${outcomes[refused]}`);
  }
  outcomes.forEach((o, i) => o !== "connected" && ctx.log.warn({ edge: edges[i]!.control.url, why: o }, "a feed edge is not up yet: its credentials follow when it comes up"));
  return edges;
}
