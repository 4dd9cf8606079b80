import type { Exchange } from "./types/exchange";

/**
 * The market-watch topic of DESIGN.md section 5, for derived `topic` fields computed in core
 * (the GTT entry's). core may not import src/feed, whose topics.ts holds the full topic set;
 * both spell the same string, and tests/unit/core/gtt.test.ts pins it.
 */
export const marketWatchTopic = (exchange: Exchange, token: string): string => `prod/marketfeed/mw/v1/${exchange}/${token}`;
