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

export function startExternalFeed(
  url: string,
  ctx: BrokerContext,
  market: Market,
  publisher: MarketPublisher,
  credentials?: { username: string; password: string },
): ExternalFeed {
  const client = mqtt.connect(url, { ...credentials, clientId: `tape-paper-broker-${process.pid}`, clean: true, reconnectPeriod: 2000, protocolVersion: 4 });
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
      if (!client.connected && !isOrderUpdate) return;
      client.publish(topic, typeof payload === "string" ? payload : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength), { qos: isOrderUpdate ? 1 : 0 });
    },
    async close() {
      await client.endAsync(true);
    },
  };
}
