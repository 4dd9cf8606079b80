import { segmentOf, type Exchange } from "../types/exchange";
import type { FundsLimit, FundsSegment } from "../types/portfolio";
import type { MarginBreakdown } from "./margin";
import { roundToPaisa } from "../money";
import { groupIndian } from "../format";

/**
 * Funds limits by segment (trading-core section 3: CASH, FO, OVERALL). The spec names the fields
 * but not how they relate; the paper broker keeps one cash pool per client and reads it this way:
 *
 *   cashAvailable        = openingCashLimit + intradayPayin - intradayPayout + realizedMTOM
 *   realizedMTOM         = realised P&L of every position - charges of every fill (chargesOfFills)
 *   collateralAvailable  = stockCollatateral + otherCollateral
 *   utilisedTotalMargin  = span + exposure + cash + premium + other margin utilised
 *   tradingLimit         = cashAvailable + collateralAvailable + adhocMargin + creditForCashSell
 *                          - utilisedTotalMargin (of all segments: the pool is shared)
 *
 * CASH shows the equity segment's utilisation, FO the derivatives, commodity and currency ones,
 * OVERALL the sum. Every row shows the same pool, so tradingLimit is the same on all three.
 */
/**
 * Decision (the spec is silent): realizedMTOM includes charges, because section 3 gives funds no charges field and a
 * fill's charges are debited from funds, so the realised figure cashAvailable adds is the only place they can be paid.
 * Screens therefore call it "Realised MTM (after charges)" and show the charges beside positions' realised P&L.
 */
export function chargesOfFills(fills: readonly { charges: number }[]): number {
  // Summed in paise: each fill's charges are to the paisa, so the total is exact.
  return fills.reduce((paise, f) => paise + Math.round(f.charges * 100), 0) / 100;
}

export interface FundsLedger {
  openingCashLimit: number;
  intradayPayin: number;
  intradayPayout: number;
  adhocMargin: number;
  realizedMTOM: number;
  creditForCashSell: number;
  stockCollatateral: number;
  otherCollateral: number;
  upfrontSellMargin: number;
}

export interface SegmentUtilisation {
  span: number;
  exposure: number;
  cash: number;
  premium: number;
  other: number;
}

export const NO_UTILISATION: SegmentUtilisation = { span: 0, exposure: 0, cash: 0, premium: 0, other: 0 };

export function addUtilisation(a: SegmentUtilisation, m: MarginBreakdown | SegmentUtilisation, sign: 1 | -1 = 1): SegmentUtilisation {
  const other = "other" in m ? m.other : 0;
  return {
    span: roundToPaisa(a.span + sign * m.span),
    exposure: roundToPaisa(a.exposure + sign * m.exposure),
    cash: roundToPaisa(a.cash + sign * m.cash),
    premium: roundToPaisa(a.premium + sign * m.premium),
    other: roundToPaisa(a.other + sign * other),
  };
}

const totalOf = (u: SegmentUtilisation): number => roundToPaisa(u.span + u.exposure + u.cash + u.premium + u.other);

export function cashAvailable(l: FundsLedger): number {
  return roundToPaisa(l.openingCashLimit + l.intradayPayin - l.intradayPayout + l.realizedMTOM);
}

const collateralOf = (l: FundsLedger): number => roundToPaisa(l.stockCollatateral + l.otherCollateral);

/** The pool's trading limit, the same on every row: cash and collateral, ad hoc margin and sale credit, less what is utilised overall. */
export function tradingLimitOf(ledger: FundsLedger, overall: SegmentUtilisation): number {
  return roundToPaisa(cashAvailable(ledger) + collateralOf(ledger) + ledger.adhocMargin + ledger.creditForCashSell - totalOf(overall));
}

export function fundsLimits(ledger: FundsLedger, utilised: { CASH: SegmentUtilisation; FO: SegmentUtilisation }): FundsLimit[] {
  const overall = addUtilisation(utilised.CASH, utilised.FO);
  const cash = cashAvailable(ledger);
  const collateral = collateralOf(ledger);
  const tradingLimit = tradingLimitOf(ledger, overall);
  const row = (segment: FundsSegment, u: SegmentUtilisation): FundsLimit => ({
    segment,
    tradingLimit,
    cashAvailable: cash,
    openingCashLimit: ledger.openingCashLimit,
    intradayPayin: ledger.intradayPayin,
    intradayPayout: ledger.intradayPayout,
    adhocMargin: ledger.adhocMargin,
    utilisedTotalMargin: totalOf(u),
    utilisedSpanMargin: u.span,
    utilisedExposureMargin: u.exposure,
    utilisedCashMargin: u.cash,
    utilisedPremiumMargin: u.premium,
    utilisedOtherMargin: u.other,
    creditForCashSell: ledger.creditForCashSell,
    realizedMTOM: ledger.realizedMTOM,
    collateralAvailable: collateral,
    stockCollatateral: ledger.stockCollatateral,
    otherCollateral: ledger.otherCollateral,
    upfrontSellMargin: ledger.upfrontSellMargin,
  });
  return [row("CASH", utilised.CASH), row("FO", utilised.FO), row("OVERALL", overall)];
}

/**
 * The margin an order may still use: the shared pool's trading limit, never below zero. Every
 * order's funds check asks for it, so it is worked out without the three rows fundsLimits makes.
 */
export function availableMargin(ledger: FundsLedger, utilised: { CASH: SegmentUtilisation; FO: SegmentUtilisation }): number {
  return Math.max(0, tradingLimitOf(ledger, addUtilisation(utilised.CASH, utilised.FO)));
}

/** Equity cash trades against the CASH limit; derivatives, currency and commodity against FO. */
export function fundsSegmentOf(exchange: Exchange): Exclude<FundsSegment, "OVERALL"> {
  return segmentOf(exchange) === "equity" ? "CASH" : "FO";
}

/**
 * The funds the order window calls Available when its margin check cannot say what this order
 * needs (refused: off the circuit, not a lot multiple): the trading limit as last read, which every
 * segment's row shows alike (OVERALL's taken). The funds are known whether or not this order's
 * margin could be worked out, and they are the figure a trader resizes the order by.
 * Undefined while the funds were never read.
 */
export function fundsAvailable(limits: readonly Pick<FundsLimit, "segment" | "tradingLimit">[]): number | undefined {
  return (limits.find((l) => l.segment === "OVERALL") ?? limits[0])?.tradingLimit;
}

/**
 * The toast of paper mode's add funds: how much, and where it went. The broker credits the one
 * cash pool every segment draws on (its pay-in; above), so the toast names that pool and that it
 * serves Equity and F&O alike, and the dialog offers no segment to choose: a choice with no effect.
 */
export function fundsAddedText(amount: number): string {
  return `₹${groupIndian(amount)} added to your funds: one cash pool, for Equity and F&O alike`;
}
