import { isExchange, type Exchange } from "./types/exchange";

/**
 * Topic names of the live feed (DESIGN.md section 5; access-and-surroundings section 7):
 * market watch, open interest, price info and index frames under prod/marketfeed/{kind}/v1,
 * order and trade updates as JSON text on prod/updates/order/v1/{clientcode}. Defined once here:
 * the paper broker publishes on them, the client subscribes to them and core derives `topic` fields.
 */
export type MarketTopicKind = "mw" | "oi" | "pi" | "index";

const MARKET_PREFIX = "prod/marketfeed/";

export function marketTopic(kind: MarketTopicKind, exchange: Exchange, token: number | string): string {
  return `${MARKET_PREFIX}${kind}/v1/${exchange}/${token}`;
}

export const MARKET_TOPIC_KINDS: readonly MarketTopicKind[] = ["mw", "oi", "pi", "index"];

const ORDER_PREFIX = "prod/updates/order/v1/";

export const mwTopic = (exchange: Exchange, token: number | string): string => marketTopic("mw", exchange, token);
export const oiTopic = (exchange: Exchange, token: number): string => marketTopic("oi", exchange, token);
export const piTopic = (exchange: Exchange, token: number): string => marketTopic("pi", exchange, token);
export const indexTopic = (exchange: Exchange, token: number): string => marketTopic("index", exchange, token);

export function orderTopic(clientCode: string): string {
  return `${ORDER_PREFIX}${clientCode}`;
}

export interface ParsedMarketTopic {
  kind: MarketTopicKind;
  exchange: Exchange;
  token: number;
}

/** The parts of a market topic, or null when the text is not one (wildcards are not market topics). */
export function parseMarketTopic(topic: string): ParsedMarketTopic | null {
  if (!topic.startsWith(MARKET_PREFIX)) return null;
  const parts = topic.slice(MARKET_PREFIX.length).split("/");
  if (parts.length !== 4 || parts[1] !== "v1") return null;
  const [kind, , exchange, tokenText] = parts;
  if (!MARKET_TOPIC_KINDS.includes(kind as MarketTopicKind) || !isExchange(exchange)) return null;
  if (!tokenText || !/^\d{1,10}$/.test(tokenText)) return null;
  const token = Number(tokenText);
  if (token > 0x7fffffff) return null;
  return { kind: kind as MarketTopicKind, exchange, token };
}

/** The client code of an order topic, or null. */
export function parseOrderTopic(topic: string): string | null {
  if (!topic.startsWith(ORDER_PREFIX)) return null;
  const code = topic.slice(ORDER_PREFIX.length);
  return code.length > 0 && !/[/+#]/.test(code) ? code : null;
}

/**
 * The market topics that carry an instrument's live-quote fields: its snapshot (index topic for
 * an index), price info, and open interest for a derivative.
 */
export function instrumentTopics(exchange: Exchange, token: number, kind: { isIndex: boolean; isDerivative: boolean }): string[] {
  if (kind.isIndex) return [indexTopic(exchange, token)];
  const topics = [mwTopic(exchange, token), piTopic(exchange, token)];
  if (kind.isDerivative) topics.push(oiTopic(exchange, token));
  return topics;
}
