import type { Exchange } from "../types/exchange";
import { isStandardSuccess } from "../http/success";
import { fromExchPair } from "../types/exchange";
import type { GttCallOutcome, GttEntry, GttOrderView } from "../types/gtt";
import type { TransactionType } from "../types/order";
import { mwTopic } from "../topics";
import { roundToTick } from "./tick";

/** "GTT is unavailable on NSECOMM, BSECOMM, NSECURR, BSECURR, BSEFO, MCXCOMM, NCDEXCOMM." */
export const GTT_UNAVAILABLE: readonly Exchange[] = ["NSECOMM", "BSECOMM", "NSECURR", "BSECURR", "BSEFO", "MCXCOMM", "NCDEXCOMM"];

export function gttAvailable(exchange: Exchange): boolean {
  return !GTT_UNAVAILABLE.includes(exchange);
}

/** "GTT default price offset: 5 percent". */
export const GTT_DEFAULT_OFFSET_PERCENT = 5;

export interface GttDefaults {
  /** SINGLE trigger, and the OCO target trigger. */
  targetTriggerPrice: number;
  /** OCO stop-loss trigger. */
  stopLossTriggerPrice: number;
  targetPercent: number;
  stopLossPercent: number;
}

/**
 * "GTT default prices are 5 percent from the last price. The stop-loss side is opposite to the
 * target side." A sell GTT (exiting a holding) aims above the last price and stops below it; a buy
 * GTT aims below (buying the dip) and stops above. Prices land on the tick.
 */
export function gttDefaultPrices(ltp: number, side: TransactionType, tickSize: number): GttDefaults {
  const up = roundToTick(ltp * (1 + GTT_DEFAULT_OFFSET_PERCENT / 100), tickSize);
  const down = roundToTick(ltp * (1 - GTT_DEFAULT_OFFSET_PERCENT / 100), tickSize);
  return side === "SELL"
    ? { targetTriggerPrice: up, stopLossTriggerPrice: down, targetPercent: 5, stopLossPercent: 5 }
    : { targetTriggerPrice: down, stopLossTriggerPrice: up, targetPercent: 5, stopLossPercent: 5 };
}

export type GttLegKind = "target" | "stop-loss";

/** The direction a leg lies from the last price: +1 above, -1 below. */
function legDirection(side: TransactionType, leg: GttLegKind): 1 | -1 {
  const targetAbove = side === "SELL";
  return (leg === "target") === targetAbove ? 1 : -1;
}

/** Percent to price, on the tick: the percentage is a distance from the last price on the leg's side. */
export function gttPriceFromPercent(ltp: number, percent: number, side: TransactionType, leg: GttLegKind, tickSize: number): number {
  return roundToTick(ltp * (1 + (legDirection(side, leg) * percent) / 100), tickSize);
}

/** Price to percent, two decimals: how far the price lies from the last price (negative if on the wrong side). */
export function gttPercentFromPrice(ltp: number, price: number, side: TransactionType, leg: GttLegKind): number {
  if (!(ltp > 0)) return 0;
  const pct = (legDirection(side, leg) * (price - ltp) * 100) / ltp;
  return Math.round(pct * 100) / 100;
}

/**
 * GTT success (trading-core section 5): "HTTP status 200, status Ok, message Success, body status 0,
 * Msg Success". All five must hold.
 */
export function isGttSuccess(outcome: GttCallOutcome): boolean {
  return (
    isStandardSuccess(outcome.httpStatus, outcome) &&
    outcome.body !== undefined &&
    Number(outcome.body.status) === 0 &&
    String(outcome.body.status).trim() !== "" &&
    outcome.body.Msg === "Success"
  );
}

export const GTT_TOASTS = {
  placed: "GTT Placed Successfully",
  modified: "GTT Modified Successfully",
  cancelled: "GTT Cancelled Successfully",
} as const;

/** The GTT entry's derived fields (section 3); undefined when Exch/ExchType name no known venue. */
export function gttOrderView(entry: GttEntry, quote: { pdc: number; ltp: number; pltp: number }): GttOrderView | undefined {
  const exchange = fromExchPair(entry.Exch, entry.ExchType);
  if (!exchange) return undefined;
  return {
    entry,
    exchange,
    token: entry.ScripCode,
    topic: mwTopic(exchange, entry.ScripCode),
    orderComplexity: "GTT",
    product: "DELIVERY",
    validity: "DAY",
    quantity: entry.Qty,
    orderType: entry.TriggerType,
    pdc: quote.pdc,
    ltp: quote.ltp,
    pltp: quote.pltp,
    transactionType: entry.GTTBuySell === "B" ? "BUY" : "SELL",
  };
}

/**
 * Which leg a price move triggers, if any: a trigger fires when the last price reaches it or moves
 * across it from the previous price, whichever side it was placed on (a buy GTT may wait for a
 * dip or for a breakout). Leg1 wins when both fire on one move. SINGLE has only Leg1.
 */
export function gttTriggeredLeg(entry: GttEntry, previousPrice: number, lastPrice: number): 1 | 2 | undefined {
  if (crossed(entry.Price1, previousPrice, lastPrice)) return 1;
  if (entry.TriggerType === "OCO" && crossed(entry.Price2, previousPrice, lastPrice)) return 2;
  return undefined;
}

function crossed(trigger: number, previousPrice: number, lastPrice: number): boolean {
  if (!(trigger > 0)) return false;
  if (lastPrice === trigger) return true;
  return (previousPrice - trigger) * (lastPrice - trigger) < 0;
}

/** Distance from the last price to the nearest trigger, in percent of the last price. */
export function gttDistancePercent(entry: GttEntry, ltp: number): number {
  if (!(ltp > 0)) return 0;
  const d1 = Math.abs(entry.Price1 - ltp);
  const d = entry.TriggerType === "OCO" ? Math.min(d1, Math.abs(entry.Price2 - ltp)) : d1;
  return Math.round(((d * 100) / ltp) * 100) / 100;
}
