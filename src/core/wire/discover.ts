import { ERROR_CATALOGUE } from "../errors";
import { EQUITY_LISTS, ETF_GROUPS } from "../rules/discover";
import { defineCall } from "./call";
import { Envelope, Exchange, OneOf, refused, Type, type Static } from "./schema";

/**
 * The Discover pages' market lists: the F&O gainers and losers scanner (access-and-surroundings
 * section 7), Invest Equity's four lists and the ETF groups (the paper broker's own calls; the spec
 * shows none for those pages), from the simulator's live state.
 */

/**
 * "Scanner row (gainer or loser): ScripCode, exchange (NSEFO), token, topic, pdc, ltp, chg, pchg, h,
 * o, l, volume", plus what a trader reads (the spec's row names no symbol): the symbol, the
 * contract's trading symbol and description, the company, and the 52-week range.
 */
export const MarketRow = Type.Object({
  ScripCode: Type.Number(),
  exchange: Exchange(),
  token: Type.Number(),
  topic: Type.String(),
  pdc: Type.Number(),
  ltp: Type.Number(),
  chg: Type.Number(),
  pchg: Type.Number(),
  h: Type.Number(),
  o: Type.Number(),
  l: Type.Number(),
  volume: Type.Number(),
  symbol: Type.String(),
  tradingSymbol: Type.String(),
  formattedInsName: Type.String(),
  companyName: Type.String(),
  weekHigh: Type.Number(),
  weekLow: Type.Number(),
});
export type MarketRow = Static<typeof MarketRow>;

/** `result[0].GetFOGainerLooserList` (the spec's spelling). */
export const GainerLoserList = Type.Object({ Gainer: Type.Array(MarketRow), Looser: Type.Array(MarketRow) });
export type GainerLoserList = Static<typeof GainerLoserList>;

export const EtfGroupList = Type.Object({ group: OneOf(ETF_GROUPS), scrips: Type.Array(MarketRow) });
export type EtfGroupList = Static<typeof EtfGroupList>;

export const gainersAndLosers = defineCall({
  method: "GET",
  service: "core",
  path: "v2/client-util/idea/get/gainer/loser",
  tag: "discover",
  summary: "The F&O gainers and losers scanner, the top 20 of each side: result[0].GetFOGainerLooserList",
  answer: Envelope(Type.Object({ GetFOGainerLooserList: GainerLoserList })),
});

export const equityList = defineCall({
  method: "GET",
  service: "core",
  path: "v2/client-util/market/equity/:list",
  tag: "discover",
  summary: "An Invest Equity list: top 50 gainers or losers of NSE's cash shares, or those within 1 % of their 52-week high or low",
  params: Type.Object({ list: OneOf(EQUITY_LISTS, refused("EC984", ERROR_CATALOGUE.EC984)) }),
  answer: Envelope(MarketRow),
});

export const etfGroups = defineCall({
  method: "GET",
  service: "core",
  path: "v2/client-util/market/etf",
  tag: "discover",
  summary: "The ETFs by group, in the order of the ETF page's tabs",
  answer: Envelope(EtfGroupList),
});
