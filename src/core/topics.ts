import type { Exchange } from "./types/exchange";

/**
 * Market topic names of DESIGN.md section 5, defined once here because core derives `topic`
 * fields (GTT entries, positions) and may not import src/feed; src/feed/topics.ts builds the
 * rest of the feed's topics on this.
 */
export type MarketTopicKind = "mw" | "oi" | "pi" | "index";

export const MARKET_TOPIC_PREFIX = "prod/marketfeed/";

export function marketTopic(kind: MarketTopicKind, exchange: Exchange, token: number | string): string {
  return `${MARKET_TOPIC_PREFIX}${kind}/v1/${exchange}/${token}`;
}

export const marketWatchTopic = (exchange: Exchange, token: number | string): string => marketTopic("mw", exchange, token);
