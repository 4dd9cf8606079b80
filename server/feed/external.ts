import mqtt from "mqtt";
import type { BrokerContext } from "../context.js";
import { INDICES } from "../market/instruments/specs.js";
import type { Market } from "../market/types.js";
import { indexTopic, mwTopic, oiTopic, parseOrderTopic, piTopic } from "../../src/core/topics.js";
import type { MarketPublisher } from "./publisher.js";

/**
 * MQTT_URL: frames and order updates go to an external broker (Mosquitto, EMQX), which does
 * authentication, the ACL and fan-out; this is how the feed scales past one machine. With the
 * admin credentials the paper broker publishes as a client of its own (server/feed/dynsec.ts).
 * The paper broker cannot see who subscribes there, so it publishes every cash share, index and commodity/currency
 * near future, and the index derivatives (NIFTY, SENSEX, ...); stock options are published
 * while something in the broker watches them (resting orders, GTT triggers).
 */
export interface ExternalFeed {
  publish(topic: string, payload: Uint8Array | string): void;
  close(): Promise<void>;
}

/**
 * The publishing connection's mqtt.js settings (issue 36: at 4,000 subscribers on a 2-core machine
 * the starved paper broker tripped mqtt.js's keep-alive and took 11-13 s to publish again).
 * - keepalive 60 s (mqtt.js pings after 60 s without an incoming packet and gives up when the
 *   PINGRESP is not back within 30 s): long enough for a loaded core, with the socket's buffer kept
 *   short (MARKET_BACKLOG_BYTES) so the PINGREQ is not queued behind seconds of frames.
 * - reconnectPeriod 500 ms: the core is on the same network; a publisher away is prices lost.
 * - connectTimeout 10 s: a loaded core answers CONNECT late rather than never.
 * - queueQoSZero false: a market frame (QoS 0) sent while away is dropped, not queued, so a
 *   reconnect does not flush a stale backlog of prices; the next tick replaces it.
 * - Order updates are QoS 1: mqtt.js keeps each in its outgoing store until the broker's PUBACK,
 *   those published while away included, and sends them again on the next CONNACK (clean session
 *   or not: the store is the client's), so none is lost across a reconnect.
 */
export const PUBLISHER_OPTIONS = {
  clean: true,
  keepalive: 60,
  reconnectPeriod: 500,
  connectTimeout: 10_000,
  queueQoSZero: false,
  protocolVersion: 4,
} as const;

/**
 * A broker that reads slower than the paper broker writes leaves bytes in the socket's buffer; market
 * frames written behind them would only grow it, and the PINGREQ and the order updates queued after
 * them would reach the broker late (a PINGRESP later than half the keep-alive closes the connection:
 * what issue 36's 4,000-subscriber run hit). While the buffer is over this, market frames are dropped.
 */
export const MARKET_BACKLOG_BYTES = 256 * 1024;

/**
 * Whether a publish goes to mqtt.js now: an order update always (QoS 1, kept while the broker is
 * away), a market frame only on a live connection whose socket is not backed up (a tick missed is
 * replaced by the next one).
 */
export function sendsNow(o: { isOrderUpdate: boolean; connected: boolean; bufferedBytes: number }): boolean {
  return o.isOrderUpdate || (o.connected && o.bufferedBytes <= MARKET_BACKLOG_BYTES);
}

export function startExternalFeed(
  url: string,
  ctx: BrokerContext,
  market: Market,
  publisher: MarketPublisher,
  credentials?: { username: string; password: string },
): ExternalFeed {
  const client = mqtt.connect(url, { ...credentials, ...PUBLISHER_OPTIONS, clientId: `tape-paper-broker-${process.pid}` });
  client.on("error", (err) => ctx.log.warn({ err: err.message, url }, "external MQTT broker error"));
  client.on("connect", () => ctx.log.info({ url }, "publishing the feed to an external MQTT broker"));
  const indexTokens = new Set(INDICES.map((i) => `${i.exchange}:${i.token}`));
  const indexSymbols = new Set(INDICES.map((i) => i.symbol));
  for (const inst of market.instruments()) {
    const isDriver = inst.underlying === null;
    const isIndexDerivative = inst.insType === "FUTIDX" || inst.insType === "OPTIDX";
    if (!isDriver && !(isIndexDerivative && indexSymbols.has(inst.symbol))) continue;
    if (indexTokens.has(`${inst.exchange}:${inst.token}`)) {
      publisher.add(indexTopic(inst.exchange, inst.token));
      continue;
    }
    publisher.add(mwTopic(inst.exchange, inst.token));
    publisher.add(piTopic(inst.exchange, inst.token));
    if (inst.underlying) publisher.add(oiTopic(inst.exchange, inst.token));
  }
  return {
    publish(topic, payload) {
      // A tick missed is replaced by the next one; an order update is not: QoS 1, kept by mqtt.js while
      // the broker is away and sent when it is back, and carried at QoS 1 over a cluster's bridges.
      const isOrderUpdate = parseOrderTopic(topic) !== null;
      if (!sendsNow({ isOrderUpdate, connected: client.connected, bufferedBytes: client.stream?.writableLength ?? 0 })) return;
      // A market frame is retained: the external broker answers a new subscription with the topic's last
      // frame, as the embedded one does (a price in a closed market, a book for a depth asked for after
      // the last tick), where the paper broker cannot see who subscribes. An order update is not: it is news once.
      client.publish(topic, typeof payload === "string" ? payload : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength), { qos: isOrderUpdate ? 1 : 0, retain: !isOrderUpdate });
    },
    async close() {
      await client.endAsync(true);
    },
  };
}
