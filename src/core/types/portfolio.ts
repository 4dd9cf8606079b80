
/** Position, Holding and Funds limits as the broker answers them: the wire's own types (src/core/wire/portfolio.ts). */
export type { Position, Holding, FundsLimit } from "../wire/portfolio";
import type { Holding, FundsLimit } from "../wire/portfolio";

export type HoldingProduct = Holding["product"];

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
