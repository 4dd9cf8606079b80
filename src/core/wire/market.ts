import { ECMW } from "../watchlist/ecmw";
import { defineCall } from "./call";
import { Envelope, Exchange, OneOf, refused, Text, Type, WholeOrText, type Static } from "./schema";

/**
 * Instruments: contract info, search, an underlying's contracts, the option chain, and the pinned
 * header (startbar). Search and the /core paths the spec lists without a base live under /core
 * (DESIGN.md section 4).
 */

const invalidScrip = refused("EC400", "Invalid scrip: give exchange and token");

/**
 * trading-core section 3, Contract info, as the broker answers it for one user (deliveryQty and
 * bnplQty are the user's own holdings of the share). Prices in rupees; freezeQty is the exchange's
 * qtyLimit; productLeverage the BNPL leverage percent. For commodity exchanges quantity counts lots.
 * The same builder (server/market/contractInfo.ts) gives order validation its contract.
 */
export const ContractInfo = Type.Object({
  exchange: Exchange(),
  token: Type.Number(),
  instrumentId: Type.Number({ description: "The token again" }),
  tradingSymbol: Type.String(),
  lotSize: Type.Number(),
  tickSize: Type.Number(),
  multiplier: Type.Number(),
  quotationUnit: Type.String({ description: 'Commodity and currency contracts: the unit the price is quoted in ("10 GRMS"); a lot is multiplier of them. Tape\'s; "" for others' }),
  priceDecimals: Type.Number({ description: "4 for currency exchanges, 2 otherwise" }),
  symbol: Type.String(),
  formattedInsName: Type.String(),
  pdc: Type.Number({ description: "Previous close" }),
  insType: Type.String({ description: '"EQ", or FUTSTK, FUTIDX, OPTSTK, OPTIDX, FUTCOM, OPTFUT, FUTCUR, OPTCUR, INDEX' }),
  expiry: Type.String({ description: 'YYYY-MM-DD; "" for a share' }),
  strikePrice: Type.Number(),
  optionType: Type.String({ description: 'CE, PE, or ""' }),
  prompt: Type.String({ description: "The surveillance prompt to confirm before ordering; \"\" when none" }),
  deliveryQty: Type.Number({ description: "The user's delivery holding of the share" }),
  bnplQty: Type.Number({ description: "The user's BNPL holding of the share" }),
  isin: Type.String(),
  freezeQty: Type.Number(),
  qtyLimit: Type.Number({ description: "freezeQty again (the spec's name)" }),
  productLeverage: Type.Number(),
  badge: Type.String(),
  surveillance: Type.String({ description: 'ASM/GSM stage text; "" when none' }),
  sliceEnable: Type.Boolean(),
  screeners: Type.Array(Type.String()),
  companyName: Type.String(),
  upperCircuit: Type.Number(),
  lowerCircuit: Type.Number(),
  weekHigh: Type.Number(),
  weekLow: Type.Number(),
  ltp: Type.Number(),
  isIndex: Type.Boolean(),
});
export type ContractInfo = Static<typeof ContractInfo>;

export const securityInfo = defineCall({
  method: "POST",
  service: "core",
  path: "v2/security/info",
  tag: "market",
  summary: "Contract info of one instrument (looking it up puts it in the user's recently viewed)",
  description: "Names the instrument by exchange (or Exch) and token (or instrumentId, or scripCode). EC400 for an unknown one.",
  body: Type.Object(
    {
      exchange: Type.Optional(Exchange()),
      Exch: Type.Optional(Exchange({ description: "Another name for exchange" })),
      token: Type.Optional(WholeOrText()),
      instrumentId: Type.Optional(WholeOrText({ description: "Another name for token" })),
      scripCode: Type.Optional(WholeOrText({ description: "Another name for token" })),
    },
    invalidScrip,
  ),
  answer: Envelope(ContractInfo),
});

/** What a search row and a watchlist row both say of a contract (the watchlist's src/core/wire/watchlist.ts spreads it). */
export const ContractNaming = {
  exchange: Exchange(),
  token: Type.Number(),
  tradingSymbol: Type.String(),
  symbol: Type.String(),
  formattedInsName: Type.String(),
  companyName: Type.String(),
  insType: Type.String(),
  expiry: Type.String(),
  strikePrice: Type.Number(),
  optionType: Type.String(),
  lotSize: Type.Number(),
  tickSize: Type.Number(),
};

export const SearchRow = Type.Object({
  ...ContractNaming,
  pdc: Type.Number(),
  isin: Type.String(),
  totalCount: Type.Number({ description: "How many instruments match in all, across pages" }),
});
export type SearchRow = Static<typeof SearchRow>;

export const search = defineCall({
  method: "POST",
  service: "core",
  path: "search",
  tag: "market",
  summary: "Instrument search (access-and-surroundings section 7): exchange list, searchText, pageSize, currentPage",
  body: Type.Object({
    searchText: Type.String({ ...refused(ECMW.minSearchLength.code, ECMW.minSearchLength.message), description: "At least 2 characters (ECMW009)" }),
    exchange: Type.Optional(Type.Union([Type.Array(Type.String()), Type.String()], { description: "Exchange codes to search (others are ignored); all when none" })),
    pageSize: Type.Optional(Type.Integer({ description: "1 to 100 (a larger one is 100); 20 when not given" })),
    currentPage: Type.Optional(Type.Integer({ description: "From 1" })),
  }),
  answer: Envelope(SearchRow),
});

export const ListedContract = Type.Object({
  token: Type.String(),
  tradingSymbol: Type.String(),
  expiry: Type.String({ description: "YYYY-MM-DD" }),
  strikePrice: Type.Number(),
  optionType: OneOf(["CE", "PE", ""]),
  insType: Type.String(),
  lotSize: Type.Number({ description: "Units in one lot" }),
});
export type ListedContract = Static<typeof ListedContract>;

export const ContractChain = Type.Object({
  symbol: Type.String(),
  exchange: Exchange(),
  spot: Type.Number(),
  today: Type.String({ description: "The broker's date, YYYY-MM-DD (IST)" }),
  contracts: Type.Array(ListedContract),
});
export type ContractChain = Static<typeof ContractChain>;

export const contractChain = defineCall({
  method: "POST",
  service: "core",
  path: "v2/contractChain",
  tag: "market",
  summary: "An underlying's unexpired futures and options and its live spot (Tape's, for the command line's contract words)",
  description: "Without an exchange, the first derivatives exchange listing the symbol. EC902 when it has none.",
  body: Type.Object({
    symbol: Text({ ...refused("EC400", "Give the underlying's symbol") }),
    exchange: Type.Optional(Exchange(refused("EC901"))),
  }),
  answer: Envelope(ContractChain),
});

const nullable = (description?: string) => Type.Union([Type.Number(), Type.Null()], description ? { description } : {});

export const OptionChainSide = Type.Object({
  exchange: Exchange(),
  token: Type.Number(),
  tradingSymbol: Type.String(),
  ltp: Type.Number(),
  chg: Type.Number(),
  volume: Type.Number(),
  oi: Type.Number(),
  oiChg: Type.Number({ description: "Open interest now less the previous day's" }),
  bid: Type.Number({ description: "Best bid; 0 when that side is empty" }),
  ask: Type.Number({ description: "Best ask; 0 when that side is empty" }),
  iv: nullable("Implied volatility in percent; null when no volatility explains the price"),
  delta: nullable(),
  gamma: nullable(),
  theta: nullable("Rupees per calendar day"),
  vega: nullable("Rupees per volatility point"),
});
export type OptionChainSide = Static<typeof OptionChainSide>;

export const OptionChainStrike = Type.Object({
  strike: Type.Number(),
  ce: Type.Union([OptionChainSide, Type.Null()]),
  pe: Type.Union([OptionChainSide, Type.Null()]),
});
export type OptionChainStrike = Static<typeof OptionChainStrike>;

export const OptionChain = Type.Object({
  symbol: Type.String(),
  underlying: Type.Object({ exchange: Exchange(), token: Type.Number(), tradingSymbol: Type.String(), isIndex: Type.Boolean() }, { description: "The instrument the chain follows (an index, a share, a commodity's near future)" }),
  spot: Type.Number(),
  expiry: Type.String({ description: "The expiry shown, YYYY-MM-DD" }),
  expiries: Type.Array(Type.String(), { description: "Every expiry of the symbol's options, nearest first" }),
  lotSize: Type.Number(),
  riskFreeRate: Type.Number({ description: "The annual rate the greeks use (a fraction)" }),
  strikes: Type.Array(OptionChainStrike, { description: "Ascending" }),
});
export type OptionChain = Static<typeof OptionChain>;

export const optionChain = defineCall({
  method: "GET",
  service: "core",
  path: "optionchain",
  tag: "market",
  summary: "One underlying's option chain of one expiry (the nearest when none is given), with implied volatility and greeks (server/README.md)",
  description: "EC980 when the symbol has no options (or none is given), EC981 for an expiry it does not have.",
  querystring: Type.Object({
    symbol: Type.Optional(Type.String()),
    expiry: Type.Optional(Type.String({ description: "YYYY-MM-DD" })),
    exchange: Type.Optional(Type.String({ description: "The exchange (NSECURR) or its venue (NSE, BSE, MCX) whose options to show where several list them; NSE first, MCX for commodities, when not given" })),
  }),
  answer: Envelope(OptionChain),
});

/** A pinned header item (access-and-surroundings section 3). */
export const PinnedItem = Type.Object({
  segment: Type.String(),
  exchange: Exchange(),
  token: Type.Number(),
  symbol: Type.String({ description: "The trading symbol" }),
  name: Type.String(),
  isIndex: Type.Boolean(),
  pdc: Type.Number(),
  ltp: Type.Number(),
  chg: Type.Number(),
  pchg: Type.Number(),
});
export type PinnedItem = Static<typeof PinnedItem>;

export const startbar = defineCall({
  method: "GET",
  service: "core",
  path: "v2/client-util/startbar/get",
  tag: "market",
  summary: "The pinned header's instruments (NIFTY 50, SENSEX and NIFTY BANK until the user pins others)",
  answer: Envelope(PinnedItem),
});

/** The pinned header holds at most this many instruments. */
export const STARTBAR_MAX = 6;
const lastPosition = STARTBAR_MAX - 1;

/** Pins an instrument at a position (0-based, below STARTBAR_MAX), replacing what was there; remove: true unpins it. */
export const Pin = Type.Object({
  exchange: Exchange(invalidScrip),
  token: WholeOrText(invalidScrip),
  position: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0, maximum: lastPosition }), Type.String({ pattern: `^\\s*[0-${lastPosition}]\\s*$` })], {
      ...refused("EC400", `Position must be a whole number from 0 to ${lastPosition}`),
      description: `0 to ${lastPosition}; after the last pin when not given`,
    }),
  ),
  remove: Type.Optional(Type.Boolean()),
});
export type Pin = Static<typeof Pin>;

export const pinToStartbar = defineCall({
  method: "POST",
  service: "core",
  path: "startbar/add",
  tag: "market",
  summary: "Pins (or with remove: true unpins) an instrument in the pinned header",
  body: Pin,
  answer: Envelope(Type.Object({})),
});

const malformedWrapper = refused("EC900", "Malformed request: the request must be { head, body }");

export const getPinDetails = defineCall({
  method: "POST",
  service: "wrapper",
  path: "formtoken/getPinDetails",
  tag: "market",
  summary: "The pinned scrips in order, as the wrapper's { head, body } call",
  body: Type.Object({ head: Type.Optional(Type.Unknown()), body: Type.Object({}) }, malformedWrapper),
  answer: Envelope(Type.Object({ position: Type.Number(), exchange: Exchange(), token: Type.Number() })),
});

export const updatePinDetails = defineCall({
  method: "POST",
  service: "wrapper",
  path: "formtoken/updatePinDetails",
  tag: "market",
  summary: "startbar/add as the wrapper's { head, body } call",
  body: Type.Object({ head: Type.Optional(Type.Unknown()), body: Pin }, malformedWrapper),
  answer: Envelope(Type.Object({})),
});


export const OiWindowRow = Type.Object({
  minutes: Type.Number({ description: "The window: 5, 15 or 30 minutes back from now" }),
  oiChange: Type.Number({ description: "Open interest now less at the window's start (units)" }),
  priceChange: Type.Number({ description: "Last price now less at the window's start" }),
  buildUp: OneOf(["Long build-up", "Short build-up", "Short covering", "Long unwinding", "Neutral"]),
});

export const OiHistoryRow = Type.Object({
  exchange: Exchange(),
  token: Type.Number(),
  tradingSymbol: Type.String(),
  strike: Type.Number(),
  optionType: OneOf(["CE", "PE"]),
  oi: Type.Number({ description: "Open interest now" }),
  ltp: Type.Number(),
  windows: Type.Array(OiWindowRow),
  series: Type.Array(Type.Object({ time: Type.Number({ description: "The minute's start, epoch milliseconds" }), oi: Type.Number(), ltp: Type.Number() }), {
    description: "Each minute of the session the contract moved in, oldest first: only when one token is asked for, else []",
  }),
});
export type OiHistoryRow = Static<typeof OiHistoryRow>;

export const oiHistory = defineCall({
  method: "GET",
  service: "core",
  path: "v2/oi-history",
  tag: "market",
  summary: "OI build-up of an underlying's options of one expiry over the last 5, 15 and 30 minutes (Tape's, issue 31; server/README.md)",
  description: "The nearest expiry when none is given; `token` narrows to one contract and adds its per-minute series. EC980 when the symbol has no options, EC981 for an expiry it does not have, EC902 for a token not in that chain.",
  querystring: Type.Object({
    symbol: Type.Optional(Type.String()),
    expiry: Type.Optional(Type.String({ description: "YYYY-MM-DD" })),
    exchange: Type.Optional(Type.String({ description: "The exchange (BSECURR) or its venue (BSE) whose options to read where several list them, as the option chain's own query; the chain's default when not given" })),
    token: Type.Optional(WholeOrText(refused("EC902"))),
  }),
  answer: Envelope(OiHistoryRow),
});
