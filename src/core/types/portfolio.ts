import type { Exchange } from "./exchange";
import type { Product } from "./order";

/** trading-core section 3, Position. product, buyQuantity and sellQuantity are Tape's additions (convert needs product). */
export interface Position {
  exchange: Exchange;
  token: string;
  instrumentId: string;
  tradingSymbol: string;
  product: Product;
  netQuantity: number;
  buyQuantity: number;
  sellQuantity: number;
  /** Average buy and sell prices. */
  buyPrice: number;
  sellPrice: number;
  dayBuyPrice: number;
  daySellPrice: number;
  realizedPnl: number;
  unRealizedPnl: number;
  pnl: number;
  previousDayClose: number;
  ltp: number;
  multiplier: number;
  lotsize: number;
  /** "BO", "CO" or any other text for a plain position. */
  type: string;
  showPrice?: string;
  topic?: string;
  isSelected?: boolean;
}

export type HoldingProduct = "BNPL" | "DELIVERY";

/**
 * trading-core section 3, Holding. totalQuantity includes t1Quantity (bought, not yet settled).
 * ltp is the live last price the derived fields need (from the feed).
 */
export interface Holding {
  nseInstrumentId: string;
  bseInstrumentId: string;
  nseTradingSymbol: string;
  bseTradingSymbol: string;
  totalQuantity: number;
  t1Quantity: number;
  averageTradedPrice: number;
  previousDayClose: number;
  product: HoldingProduct;
  ltp: number;
  isin?: string;
}

/** The holding with its derived fields (section 3). */
export interface HoldingView extends Holding {
  buyValue: number;
  previousDayBuyValue: number;
  currentVal: number;
  netPnl: number;
  netChg: number;
  daysPnl: number;
  dayChg: number;
  bnplQty: number;
  deliveryQty: number;
  hasBnpl: boolean;
}

export const FUNDS_SEGMENTS = ["CASH", "FO", "OVERALL"] as const;
export type FundsSegment = (typeof FUNDS_SEGMENTS)[number];

/** trading-core section 3, Funds limits (the spelling stockCollatateral is the spec's). */
export interface FundsLimit {
  segment: FundsSegment;
  tradingLimit: number;
  cashAvailable: number;
  openingCashLimit: number;
  intradayPayin: number;
  intradayPayout: number;
  adhocMargin: number;
  utilisedTotalMargin: number;
  utilisedSpanMargin: number;
  utilisedExposureMargin: number;
  utilisedCashMargin: number;
  utilisedPremiumMargin: number;
  utilisedOtherMargin: number;
  creditForCashSell: number;
  realizedMTOM: number;
  collateralAvailable: number;
  stockCollatateral: number;
  otherCollateral: number;
  upfrontSellMargin: number;
}

export const FUNDS_LIMIT_FIELDS = [
  "tradingLimit",
  "cashAvailable",
  "openingCashLimit",
  "intradayPayin",
  "intradayPayout",
  "adhocMargin",
  "utilisedTotalMargin",
  "utilisedSpanMargin",
  "utilisedExposureMargin",
  "utilisedCashMargin",
  "utilisedPremiumMargin",
  "utilisedOtherMargin",
  "creditForCashSell",
  "realizedMTOM",
  "collateralAvailable",
  "stockCollatateral",
  "otherCollateral",
  "upfrontSellMargin",
] as const satisfies readonly (keyof FundsLimit)[];
