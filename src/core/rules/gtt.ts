import type { Exchange } from "../types/exchange";
import { isStandardSuccess } from "../http/success";
import { fromExchPair } from "../types/exchange";
import type { GttCallOutcome, GttEntry, GttOrderView, GttStatus, GttTriggerType } from "../types/gtt";
import type { TrailUnit, TransactionType } from "../types/order";
import { mwTopic } from "../topics";
import { roundToTick } from "./tick";
import { formatPrice } from "../format";
import { orderHead, productPart } from "./orderToast";
import { roundPercent } from "../money";
import { productToSend } from "./productToSend";

/** "GTT is unavailable on NSECOMM, BSECOMM, NSECURR, BSECURR, BSEFO, MCXCOMM, NCDEXCOMM." */
export const GTT_UNAVAILABLE: readonly Exchange[] = ["NSECOMM", "BSECOMM", "NSECURR", "BSECURR", "BSEFO", "MCXCOMM", "NCDEXCOMM"];

export function gttAvailable(exchange: Exchange): boolean {
  return !GTT_UNAVAILABLE.includes(exchange);
}

/** "GTT default price offset: 5 percent". */
export const GTT_DEFAULT_OFFSET_PERCENT = 5;

/** The spec is silent on how long a GTT waits: a year from its placing, as Indian brokers' GTTs do (Kite's, for one). */
export const GTT_VALIDITY_DAYS = 365;

/** A listed GTT's status: the entry's, else ACTIVE (a broker that sends none lists only the waiting ones). */
export function gttStatusOf(e: Pick<GttEntry, "Status">): GttStatus {
  return e.Status ?? "ACTIVE";
}

/** Only a waiting GTT can be modified or cancelled; an ended one is listed for the day, to be read. */
export function gttIsActive(e: Pick<GttEntry, "Status">): boolean {
  return gttStatusOf(e) === "ACTIVE";
}

/** How the list writes a status. */
export const GTT_STATUS_LABELS: Record<GttStatus, string> = { ACTIVE: "Active", TRIGGERED: "Triggered", CANCELLED: "Cancelled", FAILED: "Failed", EXPIRED: "Expired" };

/** When a GTT placed at `createdAt` lapses untriggered. */
export function gttExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + GTT_VALIDITY_DAYS * 86_400_000);
}

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

/**
 * A SINGLE GTT's percentage as its form shows it: signed from the last price, + above and - below
 * ("Trigger % from LTP"). The form keeps its one leg as a target (rules/gttForm.ts): a buy above
 * the price (a breakout) read -0.19 % from LTP while the GTT book said 0.19 % to trigger. Its own
 * inverse: the shown value turned back is the leg's.
 */
export function singleShownPercent(percent: number, side: TransactionType): number {
  return legDirection(side, "target") * percent;
}

/** Percent to price, on the tick: the percentage is a distance from the last price on the leg's side. */
export function gttPriceFromPercent(ltp: number, percent: number, side: TransactionType, leg: GttLegKind, tickSize: number): number {
  return roundToTick(ltp * (1 + (legDirection(side, leg) * percent) / 100), tickSize);
}

/** Price to percent, two decimals: how far the price lies from the last price (negative if on the wrong side). */
export function gttPercentFromPrice(ltp: number, price: number, side: TransactionType, leg: GttLegKind): number {
  if (!(ltp > 0)) return 0;
  const pct = (legDirection(side, leg) * (price - ltp) * 100) / ltp;
  return roundPercent(pct);
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

/** The product of the order a fired leg places (server/gtt/engine.ts orderForLeg): the GTT's "D" as the order window sends DELIVERY, NORMAL off equity. */
export const gttOrderProduct = (exchange: Exchange) => productToSend("DELIVERY", exchange);

/** A GTT as its toasts name it: its side, quantity and instrument, the legs' trigger and limit prices, and its id once the broker gave one. */
export interface GttTerms {
  exchange: Exchange;
  transactionType: TransactionType;
  quantity: number;
  tradingSymbol: string;
  triggerType: GttTriggerType;
  /** The SINGLE leg, or the OCO target. */
  leg1: { trigger: number; price: number };
  /** The OCO stop-loss. */
  leg2?: { trigger: number; price: number };
  /** The broker's GTTID: the place answer's, or the GTT's being modified or cancelled. */
  gttId?: string;
}

/**
 * Issue 28: a GTT toast says what it acted on, after the spec's words ("GTT Placed Successfully: …"):
 *   SINGLE: "Qty {q} {side} {tradingSymbol} trigger ₹{trigger} @ ₹{price} (SINGLE GTT){product}{id}"
 *   OCO:    "Qty {q} {side} {tradingSymbol} target trigger ₹{t1} @ ₹{p1}, stop-loss trigger ₹{t2} @ ₹{p2} (OCO GTT){product}{id}"
 * named as an order toast names an order, the trigger spelled out as an SL order's is.
 * {product} (FINDINGS-27 6): " DELIVERY" (" NRML" off equity), the product of the order a leg places
 *   (gttOrderProduct), as an order toast's {product}: a DELIVERY sell takes the shares from the demat.
 * {id}: ", GTT {GTTID}", the id the GTT list and a fired order's toast ("by GTT {id}") name it by, as an
 *   order toast ends with its order number; nothing before the broker gave one (a place it refused).
 */
export function gttLine(g: GttTerms): string {
  const leg = (l: { trigger: number; price: number }) => `trigger ₹${formatPrice(l.trigger, g.exchange)} @ ₹${formatPrice(l.price, g.exchange)}`;
  const legs = g.triggerType === "OCO" && g.leg2 ? `target ${leg(g.leg1)}, stop-loss ${leg(g.leg2)}` : leg(g.leg1);
  return `${orderHead(g.quantity, g.transactionType, g.tradingSymbol)} ${legs} (${g.triggerType} GTT)${productPart(gttOrderProduct(g.exchange))}${g.gttId ? `, GTT ${g.gttId}` : ""}`;
}

/** A listed GTT's terms (Price1/Price2 are the triggers, EntryPrice1/EntryPrice2 the limits); the entry names its instrument by token only. */
export function gttTermsOf(e: GttEntry, symbolOf: (exchange: Exchange, token: string) => string): GttTerms | undefined {
  const exchange = fromExchPair(e.Exch, e.ExchType);
  if (!exchange) return undefined;
  return {
    exchange,
    transactionType: e.GTTBuySell === "B" ? "BUY" : "SELL",
    quantity: e.Qty,
    tradingSymbol: symbolOf(exchange, e.ScripCode),
    triggerType: e.TriggerType,
    leg1: { trigger: e.Price1, price: e.EntryPrice1 },
    ...(e.TriggerType === "OCO" ? { leg2: { trigger: e.Price2, price: e.EntryPrice2 } } : {}),
    gttId: e.GTTID,
  };
}

/** A listed GTT's trail (issue 33), as a modify sends it again; undefined for none. A modify without it would drop the trail. */
export function gttTrailOf(e: GttEntry): { value: number; unit: TrailUnit; jump: number } | undefined {
  return e.TrailValue ? { value: e.TrailValue, unit: e.TrailUnit ?? "POINTS", jump: e.TrailJump ?? 0 } : undefined;
}

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
    // The wire's GTTProduct "D", as a triggered leg is placed (server/gtt/engine.ts): DELIVERY on equity, NORMAL off it.
    product: gttOrderProduct(exchange),
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
  return roundPercent((d * 100) / ltp);
}
