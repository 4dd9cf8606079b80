import type { Exchange } from "./types/exchange";

/** Feed topic names (DESIGN.md section 5). Kept in core so derived `topic` fields and the feed agree. */
export const marketWatchTopic = (exchange: Exchange, token: string): string => `prod/marketfeed/mw/v1/${exchange}/${token}`;
export const openInterestTopic = (exchange: Exchange, token: string): string => `prod/marketfeed/oi/v1/${exchange}/${token}`;
export const priceInfoTopic = (exchange: Exchange, token: string): string => `prod/marketfeed/pi/v1/${exchange}/${token}`;
export const indexTopic = (exchange: Exchange, token: string): string => `prod/marketfeed/index/v1/${exchange}/${token}`;
export const orderUpdateTopic = (clientCode: string): string => `prod/updates/order/v1/${clientCode}`;
