import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { Aedes, type Client } from "aedes";
import type { FastifyInstance } from "fastify";
import { createWebSocketStream, WebSocketServer } from "ws";
import { orderTopic, parseMarketTopic } from "../../src/core/topics.js";
import type { BrokerContext } from "../context.js";
import { userOfToken } from "../sessions.js";

export const FEED_PATH = "/feed";

/**
 * The embedded MQTT broker (Aedes) on WebSocket at /feed of the same HTTP server
 * (DESIGN.md sections 4 and 5). Username is the client code, password the access token.
 * A client may subscribe to market topics and to its own order topic; nothing else, and it
 * may not publish: only the paper broker publishes.
 */
/** What the feed tells about market-topic subscriptions (the MarketPublisher). */
export interface SubscriptionSink {
  add(topic: string): void;
  remove(topic: string): void;
}

export interface EmbeddedFeed {
  publish(topic: string, payload: Uint8Array | string): void;
  attach(sink: SubscriptionSink): void;
  close(): Promise<void>;
}

export async function startEmbeddedFeed(app: FastifyInstance, ctx: BrokerContext): Promise<EmbeddedFeed> {
  const userOf = new WeakMap<Client, string>();
  const topicsOf = new WeakMap<Client, Set<string>>();
  let publisher: SubscriptionSink | null = null;

  const aedes = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const userId = userOfToken(ctx.db, password?.toString("utf8"));
      if (!userId || !username || userId.toUpperCase() !== username.toUpperCase()) {
        const err = Object.assign(new Error("Bad username or password"), { returnCode: 4 as const });
        return done(err, false);
      }
      userOf.set(client, userId);
      done(null, true);
    },
    authorizeSubscribe(client, sub, done) {
      const userId = userOf.get(client);
      const allowed = parseMarketTopic(sub.topic) !== null || (userId !== undefined && sub.topic === orderTopic(userId));
      if (!allowed) ctx.log.warn({ clientId: client.id, topic: sub.topic }, "feed subscription refused");
      // null without an error: SUBACK grants 0x80 for this topic and the connection stays up.
      done(null, allowed ? sub : null);
    },
    authorizePublish(_client, _packet, done) {
      done(new Error("Clients may not publish on the feed"));
    },
  });

  aedes.on("subscribe", (subs, client) => {
    const set = topicsOf.get(client) ?? new Set<string>();
    topicsOf.set(client, set);
    for (const s of subs) {
      if (set.has(s.topic) || !parseMarketTopic(s.topic)) continue;
      set.add(s.topic);
      // After the SUBACK, so the first frame reaches the new subscriber.
      setImmediate(() => publisher?.add(s.topic));
    }
  });
  aedes.on("unsubscribe", (topics, client) => {
    const set = topicsOf.get(client);
    for (const t of topics) {
      if (set?.delete(t)) publisher?.remove(t);
    }
  });
  aedes.on("clientDisconnect", (client) => {
    const set = topicsOf.get(client);
    if (set) for (const t of set) publisher?.remove(t);
    topicsOf.delete(client);
  });
  aedes.on("clientError", (client, err) => ctx.log.debug({ clientId: client.id, err: err.message }, "feed client error"));

  const wss = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has("mqtt") ? "mqtt" : false) });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== FEED_PATH) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const stream = createWebSocketStream(ws);
      stream.on("error", () => stream.destroy());
      aedes.handle(stream, req);
    });
  };
  app.server.on("upgrade", onUpgrade);

  return {
    publish(topic, payload) {
      const bytes = typeof payload === "string" ? Buffer.from(payload, "utf8") : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
      aedes.publish({ cmd: "publish", topic, payload: bytes, qos: 0, dup: false, retain: false }, () => {});
    },
    attach(p) {
      publisher = p;
    },
    async close() {
      app.server.off("upgrade", onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}
