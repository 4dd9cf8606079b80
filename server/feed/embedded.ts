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
  /** The topic's frame as it stands, sent to a subscriber alone when it subscribes (MarketPublisher.current). */
  current(topic: string): Uint8Array | undefined;
}

export interface EmbeddedFeed {
  publish(topic: string, payload: Uint8Array | string): void;
  /** Frames accepted and not yet written to every subscriber's socket, and market frames dropped so far: in all, and of those for every subscriber at once (MAX_MARKET_BACKLOG, MAX_CONNECTION_BACKLOG_BYTES). */
  backlog(): { inFlight: number; dropped: number; droppedForEveryone: number };
  attach(sink: SubscriptionSink): void;
  close(): Promise<void>;
}

/**
 * Market frames on their way to subscribers (accepted, not yet written to every socket) past which
 * a new market frame is dropped: a subscriber that reads slower than the market ticks must not grow
 * the broker's memory without bound. A market frame is a snapshot (qos 0): the instrument's next
 * tick supersedes it and the app counts the gap. Order updates are never dropped. Four ticks of the
 * design load (9,000 instruments) fit.
 */
export const MAX_MARKET_BACKLOG = 36_000;

/**
 * Bytes waiting to go out on one connection (written by aedes, not yet taken by its socket), past
 * which market frames are skipped for that connection alone: a reader that stalls (a frozen tab,
 * a slow link) must cost the broker at most this, and nobody else anything. A tick is published
 * in one pass (market.step), so the check sees only what is left of earlier ticks: a reader that
 * took the previous tick loses nothing, and one that is more than about 4,500 frames behind skips
 * whole ticks, every instrument alike, until it has caught up (the app marks the gap).
 */
export const MAX_CONNECTION_BACKLOG_BYTES = 1024 * 1024;

/** A write buffer aedes never sees as full (see the WebSocket stream below). */
const NEVER_FULL = 2 ** 30;

/** How often the feed checks that each connection's token is still live: logout ends a connection within 1 s. */
export const SESSION_SWEEP_MS = 250;

export async function startEmbeddedFeed(app: FastifyInstance, ctx: BrokerContext): Promise<EmbeddedFeed> {
  /** Every authenticated connection with the user and the token it signed in with. */
  const sessions = new Map<Client, { userId: string; token: string }>();
  /**
   * The user each client id belongs to: a connection under another user's id would take over
   * that user's connection, and with clean: false its session and order topic. Kept while a
   * connection holds the id, and for the broker's life once a persistent session used it.
   */
  const ownerOfId = new Map<string, string>();
  const topicsOf = new WeakMap<Client, Set<string>>();
  let publisher: SubscriptionSink | null = null;
  const refuse = (message: string, returnCode: 2 | 4) => Object.assign(new Error(message), { returnCode });
  /** Market frames dropped so far: for one connection past MAX_CONNECTION_BACKLOG_BYTES, and for everyone past MAX_MARKET_BACKLOG. */
  let dropped = 0;
  let droppedForEveryone = 0;

  const aedes = await Aedes.createBroker({
    // Unlimited, bounded below (MAX_MARKET_BACKLOG): with a limit, aedes parks what is over it in an
    // array it shifts one by one, which costs O(n) a frame once the array is large. One tick at design
    // load (9,000 instruments) is 9,000 frames in one turn: the queue outgrew what the broker could
    // shift, and the broker's heap grew without end while the feed fell to a few hundred frames/s.
    concurrency: 0,
    authenticate(client, username, password, done) {
      const token = password?.toString("utf8") ?? "";
      const userId = userOfToken(ctx.db, token);
      if (!userId || !username || userId.toUpperCase() !== username.toUpperCase()) return done(refuse("Bad username or password", 4), false);
      const owner = ownerOfId.get(client.id);
      if (owner !== undefined && owner !== userId) {
        ctx.log.warn({ clientId: client.id, userId }, "feed client id of another user refused");
        return done(refuse("Client id in use by another user", 2), false);
      }
      ownerOfId.set(client.id, userId);
      sessions.set(client, { userId, token });
      done(null, true);
    },
    authorizeSubscribe(client, sub, done) {
      const userId = sessions.get(client)?.userId;
      const allowed = parseMarketTopic(sub.topic) !== null || (userId !== undefined && sub.topic === orderTopic(userId));
      if (!allowed) ctx.log.warn({ clientId: client.id, topic: sub.topic }, "feed subscription refused");
      // null without an error: SUBACK grants 0x80 for this topic and the connection stays up.
      done(null, allowed ? sub : null);
    },
    authorizePublish(_client, _packet, done) {
      done(new Error("Clients may not publish on the feed"));
    },
    authorizeForward(client, packet) {
      if (client.conn.writableLength > MAX_CONNECTION_BACKLOG_BYTES && parseMarketTopic(packet.topic)) {
        dropped++;
        return null;
      }
      return packet;
    },
  });

  aedes.on("subscribe", (subs, client) => {
    const set = topicsOf.get(client) ?? new Set<string>();
    topicsOf.set(client, set);
    for (const s of subs) {
      if (!parseMarketTopic(s.topic)) continue;
      const again = set.has(s.topic);
      set.add(s.topic);
      // After the SUBACK, so the frame reaches the subscriber. It goes to this subscriber alone: the
      // others of the topic have it. A topic subscribed again (the app's depth asked for after the
      // instrument's last tick) gets its frame again, the market's book as it stands now.
      setImmediate(() => {
        if (!again) publisher?.add(s.topic);
        const bytes = publisher?.current(s.topic);
        if (bytes) client.publish({ cmd: "publish", topic: s.topic, payload: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), qos: 0, dup: false, retain: false }, () => {});
      });
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
    sessions.delete(client);
    // A reconnect under the same id authenticates before the old connection goes: keep its owner.
    const stillHeld = [...sessions.keys()].some((c) => c.id === client.id);
    if (client.clean && !stillHeld) ownerOfId.delete(client.id);
  });

  // Logout, a password reset and expiry end the session: its connections go with it.
  const sweep = setInterval(() => {
    for (const [client, s] of sessions) {
      if (userOfToken(ctx.db, s.token) === s.userId) continue;
      sessions.delete(client);
      client.close();
    }
  }, SESSION_SWEEP_MS);
  sweep.unref();
  aedes.on("clientError", (client, err) => ctx.log.debug({ clientId: client.id, err: err.message }, "feed client error"));

  const wss = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has("mqtt") ? "mqtt" : false) });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== FEED_PATH) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      // aedes answers a write that returns false only at the stream's next 'drain', and until then
      // the frame counts in the shared backlog (MAX_MARKET_BACKLOG). A stream that never empties (a
      // stalled reader, or only a busy one) never drains, so every frame written to it since piled up
      // there, sent or not, until the shared bound dropped every subscriber's market frames (the
      // flaky backlog test). Writes therefore never return false: what a connection may hold is
      // bounded by its own unsent bytes instead (MAX_CONNECTION_BACKLOG_BYTES, authorizeForward).
      const stream = createWebSocketStream(ws, { writableHighWaterMark: NEVER_FULL });
      // aedes writes each packet in parts (header, length, topic, payload): sent as they came, every
      // part was a WebSocket message of its own, five per market frame, and a browser pays per message.
      // Writes wait for the next turn of the event loop, so what aedes writes meanwhile (the rest of the
      // packet, the other frames of the tick) goes out as one message: MQTT over WebSocket lets a message
      // carry several packets. A write's callback still waits for its send: until then it counts in writableLength.
      let parts: Buffer[] = [];
      let sent: Array<(err?: Error | null) => void> = [];
      const flush = () => {
        if (parts.length === 0) return;
        const data = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
        const callbacks = sent;
        parts = [];
        sent = [];
        // The callbacks, and so the stream's writableLength, wait for the socket to take the data.
        ws.send(data, (err) => {
          for (const cb of callbacks) cb(err);
        });
      };
      const queue = (data: Buffer, callback: (err?: Error | null) => void) => {
        if (parts.length === 0) setImmediate(flush);
        parts.push(data);
        sent.push(callback);
      };
      stream._write = (chunk: Buffer, _encoding, callback) => queue(chunk, callback);
      stream._writev = (chunks, callback) => queue(Buffer.concat(chunks.map((c) => c.chunk as Buffer)), callback);
      // A refusal (CONNACK) is written and the connection closed at once: what waits goes out first.
      const destroy = stream._destroy.bind(stream);
      stream._destroy = (err, callback) => {
        flush();
        destroy(err, callback);
      };
      stream.on("error", () => stream.destroy());
      aedes.handle(stream, req);
    });
  };
  app.server.on("upgrade", onUpgrade);

  /** aedes's emitter (mqemitter): `current` counts the frames it is delivering now. */
  const emitter = (aedes as unknown as { mq: { current: number; length: number } }).mq;

  return {
    publish(topic, payload) {
      if (emitter.current >= MAX_MARKET_BACKLOG && parseMarketTopic(topic)) {
        dropped++;
        droppedForEveryone++;
        return;
      }
      const bytes = typeof payload === "string" ? Buffer.from(payload, "utf8") : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
      aedes.publish({ cmd: "publish", topic, payload: bytes, qos: 0, dup: false, retain: false }, () => {});
    },
    backlog: () => ({ inFlight: emitter.current + emitter.length, dropped, droppedForEveryone }),
    attach(p) {
      publisher = p;
    },
    async close() {
      clearInterval(sweep);
      app.server.off("upgrade", onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}
