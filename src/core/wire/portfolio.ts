import { ERROR_CATALOGUE } from "../errors";
import { FUNDS_SEGMENTS } from "../types/portfolio";
import { PRODUCTS, TRANSACTION_TYPES } from "../types/order";
import { defineCall } from "./call";
import { Envelope, Exchange, NoBody, OneOf, refused, Type, type Static } from "./schema";

/**
 * The portfolio calls of trading-core section 7 under /core: positions, convert, holdings, funds
 * limits, and paper mode's add funds.
 */

/**
 * trading-core section 3, Position, priced with the live quote. product, buyQuantity and
 * sellQuantity are Tape's additions (convert needs product), and so are the day and carried-forward
 * quantities behind the averages.
 */
export const Position = Type.Object({
  exchange: Exchange(),
  token: Type.String(),
  instrumentId: Type.String(),
  tradingSymbol: Type.String(),
  product: OneOf(PRODUCTS),
  netQuantity: Type.Number(),
  buyQuantity: Type.Number(),
  sellQuantity: Type.Number(),
  buyPrice: Type.Number({ description: "Average buy price" }),
  sellPrice: Type.Number({ description: "Average sell price" }),
  dayBuyPrice: Type.Number(),
  daySellPrice: Type.Number(),
  dayBuyQuantity: Type.Number(),
  daySellQuantity: Type.Number(),
  cfBuyQuantity: Type.Number({ description: "Carried forward from earlier days" }),
  cfSellQuantity: Type.Number(),
  realizedPnl: Type.Number(),
  unRealizedPnl: Type.Number(),
  pnl: Type.Number(),
  previousDayClose: Type.Number(),
  ltp: Type.Number(),
  multiplier: Type.Number(),
  lotsize: Type.Number(),
  type: Type.String({ description: '"BO", "CO", or "" for a plain position' }),
  topic: Type.String({ description: "The instrument's live feed topic" }),
});
export type Position = Static<typeof Position>;

/** trading-core section 3, Holding: totalQuantity includes t1Quantity (bought, not yet settled). */
export const Holding = Type.Object({
  nseInstrumentId: Type.String({ description: '"" when the share is not listed there' }),
  bseInstrumentId: Type.String(),
  nseTradingSymbol: Type.String(),
  bseTradingSymbol: Type.String(),
  totalQuantity: Type.Number(),
  t1Quantity: Type.Number(),
  t1AveragePrice: Type.Number({
    description: "What the t1Quantity shares (bought today) cost each, to 4 decimals; 0 when none. Their day's P&L runs from it, not from the previous close",
  }),
  averageTradedPrice: Type.Number(),
  previousDayClose: Type.Number(),
  product: OneOf(["BNPL", "DELIVERY"]),
  ltp: Type.Number(),
  isin: Type.String(),
});
export type Holding = Static<typeof Holding>;

/** trading-core section 3, Funds limits (the spelling stockCollatateral is the spec's). */
export const FundsLimit = Type.Object({
  segment: OneOf(FUNDS_SEGMENTS),
  tradingLimit: Type.Number(),
  cashAvailable: Type.Number(),
  openingCashLimit: Type.Number(),
  intradayPayin: Type.Number(),
  intradayPayout: Type.Number(),
  adhocMargin: Type.Number(),
  utilisedTotalMargin: Type.Number(),
  utilisedSpanMargin: Type.Number(),
  utilisedExposureMargin: Type.Number(),
  utilisedCashMargin: Type.Number(),
  utilisedPremiumMargin: Type.Number(),
  utilisedOtherMargin: Type.Number(),
  creditForCashSell: Type.Number(),
  realizedMTOM: Type.Number(),
  collateralAvailable: Type.Number(),
  stockCollatateral: Type.Number(),
  otherCollateral: Type.Number(),
  upfrontSellMargin: Type.Number(),
});
export type FundsLimit = Static<typeof FundsLimit>;

export const positions = defineCall({
  method: "POST",
  service: "core",
  path: "v2/positions",
  tag: "portfolio",
  summary: "Positions priced with the live quote, open before closed (EC920 when none)",
  body: NoBody,
  answer: Envelope(Position),
});

/** The conversion of (part of) a position to another product: the position by its open side and old product, and what to do. */
export const ConvertBody = Type.Object(
  {
    exchange: Exchange(refused("EC901")),
    instrumentId: Type.Union([Type.String({ pattern: "^\\d+$" }), Type.Integer({ minimum: 0 })], { ...refused("EC900", "Malformed request: instrumentId is missing"), description: "The instrument's token" }),
    oldProduct: OneOf(PRODUCTS, refused("EC927", "oldProduct and newProduct must be NORMAL, INTRADAY, DELIVERY or BNPL")),
    newProduct: OneOf(PRODUCTS, refused("EC927", "oldProduct and newProduct must be NORMAL, INTRADAY, DELIVERY or BNPL")),
    transactionType: OneOf(TRANSACTION_TYPES, { ...refused("EC929"), description: "The open side: BUY for a long position, SELL for a short one" }),
    quantity: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: "^0*[1-9]\\d{0,14}$" })], refused("EC903")),
  },
  refused("EC900"),
);
export type ConvertBody = Static<typeof ConvertBody>;

export const convertPosition = defineCall({
  method: "PUT",
  service: "core",
  path: "v2/positions",
  tag: "portfolio",
  summary: "Converts (part of) a position to another product",
  body: ConvertBody,
  answer: Envelope(Type.Object({})),
});

export const holdings = defineCall({
  method: "POST",
  service: "core",
  path: "v2/holdings",
  tag: "portfolio",
  summary: "Holdings, delivery and BNPL rows apart (the client merges them; EC922 when none)",
  body: NoBody,
  answer: Envelope(Holding),
});

export const limits = defineCall({
  method: "POST",
  service: "core",
  path: "limits",
  tag: "portfolio",
  summary: "Funds limits by segment: CASH, FO, OVERALL",
  body: NoBody,
  answer: Envelope(FundsLimit),
});

/** Most paper mode will credit in one add-funds call: 10 crore, so a typo cannot make a balance absurd. */
export const MAX_ADD_FUNDS = 100_000_000;
const badAmount = refused("EC953", `${ERROR_CATALOGUE.EC953} (at most ${MAX_ADD_FUNDS}, two decimals)`);

export const addFunds = defineCall({
  method: "POST",
  service: "core",
  path: "v2/funds/add",
  tag: "portfolio",
  summary: "Paper mode's add funds: rupees into the client's one cash pool; answers the limits",
  body: Type.Object({
    amount: Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: MAX_ADD_FUNDS }), Type.String({ pattern: "^\\d+(\\.\\d{1,2})?$" })], { ...badAmount, description: `Rupees, above 0 and at most ${MAX_ADD_FUNDS}, two decimals` }),
    segment: Type.Optional(Type.String({ description: "Accepted; the pool is one for every segment" })),
  }, badAmount),
  answer: Envelope(FundsLimit),
});
