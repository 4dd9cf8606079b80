import type { Exchange } from "../../src/core/types/exchange.js";
import { marketTopic, parseMarketTopic, type MarketTopicKind } from "../../src/core/topics.js";
import { key } from "../market/instruments/master.js";
import type { Instrument, Market, Quote } from "../market/types.js";
import { openInterestFrame, priceInfoFrame, snapshotFrame } from "./frames.js";

/** Where frames go: the embedded broker or an external one (MQTT_URL). */
export type Publish = (topic: string, payload: Uint8Array | string) => void;

interface Interest {
  exchange: Exchange;
  token: number;
  /** Subscriber counts per topic kind. */
  kinds: Map<MarketTopicKind, number>;
  release: () => void;
  lastPriceInfo: string;
}

/**
 * Publishes market frames for the instruments someone subscribed to. Subscriptions are counted
 * per instrument and topic kind; the first one watches the instrument in the market (so it
 * ticks and onTick reports it), the last one releases it. `current` is the topic's frame as it
 * stands, for the feed to send to a subscriber at once (a price even while the market is
 * closed, a book for a depth asked for after the instrument's last tick).
 */
export class MarketPublisher {
  private readonly interests = new Map<string, Interest>();
  private readonly stopTicks: () => void;

  constructor(
    private readonly market: Market,
    private readonly publish: Publish,
  ) {
    this.stopTicks = market.onTick((q, inst) => this.onTick(q, inst));
  }

  /** A subscriber added a topic; returns false when the topic names no instrument. */
  add(topic: string): boolean {
    const parsed = parseMarketTopic(topic);
    if (!parsed) return false;
    const inst = this.market.instrument(parsed.exchange, parsed.token);
    if (!inst) return false;
    const k = key(parsed.exchange, parsed.token);
    let interest = this.interests.get(k);
    if (!interest) {
      interest = { exchange: parsed.exchange, token: parsed.token, kinds: new Map(), release: this.market.watch(parsed.exchange, parsed.token), lastPriceInfo: "" };
      this.interests.set(k, interest);
    }
    interest.kinds.set(parsed.kind, (interest.kinds.get(parsed.kind) ?? 0) + 1);
    return true;
  }

  /** The topic's frame as the instrument stands now, for one subscriber (undefined: no such instrument, or no frame of that kind). */
  current(topic: string): Uint8Array | undefined {
    const parsed = parseMarketTopic(topic);
    if (!parsed) return undefined;
    const inst = this.market.instrument(parsed.exchange, parsed.token);
    const q = inst && this.market.quote(parsed.exchange, parsed.token);
    return q ? this.frame(inst, q, parsed.kind) : undefined;
  }

  remove(topic: string): void {
    const parsed = parseMarketTopic(topic);
    if (!parsed) return;
    const k = key(parsed.exchange, parsed.token);
    const interest = this.interests.get(k);
    if (!interest) return;
    const n = (interest.kinds.get(parsed.kind) ?? 0) - 1;
    if (n > 0) interest.kinds.set(parsed.kind, n);
    else interest.kinds.delete(parsed.kind);
    if (interest.kinds.size === 0) {
      interest.release();
      this.interests.delete(k);
    }
  }

  /** Instruments currently published, for diagnostics and tests. */
  get size(): number {
    return this.interests.size;
  }

  stop(): void {
    this.stopTicks();
    for (const i of this.interests.values()) i.release();
    this.interests.clear();
  }

  private onTick(q: Quote, inst: Instrument): void {
    const interest = this.interests.get(key(inst.exchange, inst.token));
    if (!interest) return;
    for (const kind of interest.kinds.keys()) {
      // Week high/low and circuits change rarely: their frame goes when they do.
      if (kind === "pi") {
        const fingerprint = `${q.weekHigh}/${q.weekLow}/${q.upperCircuit}/${q.lowerCircuit}`;
        if (fingerprint === interest.lastPriceInfo) continue;
        interest.lastPriceInfo = fingerprint;
      }
      const bytes = this.frame(inst, q, kind);
      if (bytes) this.publish(marketTopic(kind, inst.exchange, inst.token), bytes);
    }
  }

  private frame(inst: Instrument, q: Quote, kind: MarketTopicKind): Uint8Array | undefined {
    switch (kind) {
      case "mw":
      case "index":
        return snapshotFrame(inst, q);
      case "oi":
        return inst.underlying ? openInterestFrame(inst, q) : undefined;
      case "pi":
        return priceInfoFrame(inst, q);
    }
  }
}
