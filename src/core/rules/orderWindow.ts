import { tradingDateOnOrAfter } from "../calendar/holidays";
import type { Exchange } from "../types/exchange";
import { fromExchPair, isCommodityExchange, isCurrencyExchange, isEquityExchange, segmentOf, type Segment } from "../types/exchange";
import type { MarketStatusEntry } from "../types/contract";
import type { OrderType, Validity } from "../types/order";
import type { OrderPreference, OrderWindowState, OrderWindowType, Pcode } from "../types/orderWindow";
import { gttAvailable } from "./gtt";
import { productToSend } from "./productToSend";
import { istDateKeyAfter } from "../time";

/** Which complexity the window's order type sends (AMO is chosen separately from the market status). */
export type WindowComplexity = "Regular" | "BO" | "CO";

export interface RequiredFields {
  price: boolean;
  trigger: boolean;
}

/**
 * Price and trigger fields (section 5):
 *   MARKET needs neither price nor trigger. LIMIT needs a price. SL needs a price and a trigger.
 *   SLM needs a trigger only. In CO, a trigger is always needed, and a price for LIMIT.
 *   In BO, a price is needed for LIMIT, and a price and trigger for SL.
 */
export function requiredFields(priceType: OrderType, complexity: WindowComplexity): RequiredFields {
  if (complexity === "CO") return { price: priceType === "LIMIT", trigger: true };
  if (complexity === "BO") {
    if (priceType === "LIMIT") return { price: true, trigger: false };
    if (priceType === "SL") return { price: true, trigger: true };
    return { price: false, trigger: false };
  }
  switch (priceType) {
    case "MARKET":
      return { price: false, trigger: false };
    case "LIMIT":
      return { price: true, trigger: false };
    case "SL":
      return { price: true, trigger: true };
    case "SLM":
      return { price: false, trigger: true };
  }
}

/**
 * Validities offered:
 *   "Validity IOC is removed when the price type is SL."
 *   "GTD is offered only for commodity exchanges when the product is not INTRADAY."
 */
export function availableValidities(priceType: OrderType, exchange: Exchange, pcode: Pcode): Validity[] {
  const out: Validity[] = ["DAY"];
  if (priceType !== "SL") out.push("IOC");
  if (isGtdAvailable(exchange, pcode)) out.push("GTD");
  return out;
}

export function isGtdAvailable(exchange: Exchange, pcode: Pcode): boolean {
  return isCommodityExchange(exchange) && productToSend(pcode, exchange) !== "INTRADAY";
}

/**
 * "BNPL appears only for NSEEQ with leverage not 0 or 100. It also appears when selling with BNPL
 * holdings." and "BNPL is disabled off NSEEQ."
 */
export function isBnplAvailable(args: {
  exchange: Exchange;
  productLeverage: number;
  selling: boolean;
  bnplHoldingQty: number;
}): boolean {
  if (args.exchange !== "NSEEQ") return false;
  if (args.selling && args.bnplHoldingQty > 0) return true;
  return args.productLeverage !== 0 && args.productLeverage !== 100;
}

/** "MARKET and SLM are disabled when the order is AMO, or when modifying a GTD order." */
export function disabledPriceTypes(args: { isAmo: boolean; modifyingGtd: boolean }): OrderType[] {
  return args.isAmo || args.modifyingGtd ? ["MARKET", "SLM"] : [];
}

/**
 * "A short-lived trigger flag on the order window lasts 50 ms" (trading-core section 3). Read as
 * the guard of the window's opening: the same opening (same instrument, side and mode) again
 * within 50 ms of the last (a held key's repeat, a double click, a button and its hotkey together)
 * is the same gesture and is dropped, so one gesture opens one window and never races two
 * contract loads. A different opening is never held back.
 */
export const ORDER_WINDOW_TRIGGER_MS = 50;

export interface WindowTrigger {
  key: string;
  at: number;
}

export function isRetrigger(last: WindowTrigger | undefined, next: WindowTrigger): boolean {
  if (!last || last.key !== next.key) return false;
  const since = next.at - last.at;
  return since >= 0 && since < ORDER_WINDOW_TRIGGER_MS;
}

/** "INTRADAY is disabled under AMO." */
export function isIntradayDisabled(isAmo: boolean): boolean {
  return isAmo;
}

/** The products the window offers for an exchange, with the AMO and BNPL rules applied. */
export function availablePcodes(args: {
  exchange: Exchange;
  isAmo: boolean;
  productLeverage: number;
  selling: boolean;
  bnplHoldingQty: number;
}): Pcode[] {
  const out: Pcode[] = isEquityExchange(args.exchange) ? ["DELIVERY", "INTRADAY"] : ["NRML", "INTRADAY"];
  if (isBnplAvailable(args)) out.push("BNPL");
  return isIntradayDisabled(args.isAmo) ? out.filter((p) => p !== "INTRADAY") : out;
}

/**
 * "A GTT type falls back to Regular for commodity segments." GTT is also unavailable on the
 * currency segments and BSEFO (rules/gtt.ts), where Regular is the only sane fallback too.
 */
export function effectiveOrderType(orderType: OrderWindowType, exchange: Exchange): OrderWindowType {
  if (orderType === "GTT" && (isCommodityExchange(exchange) || !gttAvailable(exchange))) return "Regular";
  return orderType;
}


/**
 * "Commodity and currency quantity is shown in lots." Commodity quantity already counts lots
 * (rules/contractValue.ts); currency quantity counts units, shown divided by the lot size.
 */
export function quantityShown(exchange: Exchange, quantity: number, lotSize: number): number {
  if (isCurrencyExchange(exchange) && lotSize > 0) return quantity / lotSize;
  return quantity;
}

/** The inverse of quantityShown: what the window sends for what the user typed. */
export function quantityFromShown(exchange: Exchange, shown: number, lotSize: number): number {
  if (isCurrencyExchange(exchange) && lotSize > 0) return shown * lotSize;
  return shown;
}

export function quantityShownInLots(exchange: Exchange): boolean {
  return isCommodityExchange(exchange) || isCurrencyExchange(exchange);
}

/** "A negative currentOrderMargin is clamped to 0." */
export function clampMargin(margin: number): number {
  return Number.isFinite(margin) && margin > 0 ? margin : 0;
}

/** "The market-status answer marks an exchange as AMO when its entry has AMO = Y." */
export function amoExchanges(entries: readonly MarketStatusEntry[]): Set<Exchange> {
  const out = new Set<Exchange>();
  for (const e of entries) {
    if (e.AMO !== "Y") continue;
    const ex = fromExchPair(e.Exch, e.ExchType);
    if (ex) out.add(ex);
  }
  return out;
}

export function isExchangeAmo(entries: readonly MarketStatusEntry[], exchange: Exchange): boolean {
  return amoExchanges(entries).has(exchange);
}

/**
 * The exchange's entry says AMO = N: its market is open, and an AMO is not offered (the spec's
 * exchange "is AMO" only with AMO = Y; the broker refuses an AMO while the market is open, EC947).
 * No entry (the answer failed or left it out) is not known to be open: the broker decides then.
 */
export function isExchangeOpen(entries: readonly MarketStatusEntry[], exchange: Exchange): boolean {
  return entries.some((e) => e.AMO === "N" && fromExchPair(e.Exch, e.ExchType) === exchange);
}

/**
 * What the market-status answer said of the window's exchange when the window opened: `inAmo`, its
 * entry has AMO = Y (closed); `open`, AMO = N. Neither: not heard (the broker decides at Enter).
 */
export interface WindowMarket {
  inAmo: boolean;
  open: boolean;
}

/**
 * Whether the window's order is an AMO. "The market-status answer marks an exchange as AMO when its
 * entry has AMO = Y", and the broker then takes after-market orders only (EC946): a new, repeated or
 * exit regular order there is an AMO from the moment the window opens, so the window shows, and its
 * margin prices, what goes ("INTRADAY is disabled under AMO": DELIVERY at 100 %, not INTRADAY at 20 %).
 * A modify keeps its order's complexity; a BO or CO is never an AMO; otherwise the box is as set.
 */
export function orderIsAmo(s: Pick<OrderWindowState, "isAmo" | "orderType" | "mode">, market: WindowMarket | undefined): boolean {
  if (s.orderType !== "Regular") return false;
  if (market?.inAmo && s.mode !== "modify") return true;
  return s.isAmo;
}

/** Why the AMO box cannot be changed by the market (the title the box carries), or undefined. */
export function amoBoxLock(s: Pick<OrderWindowState, "isAmo" | "mode">, market: WindowMarket | undefined, exchange: Exchange): string | undefined {
  if (s.mode === "modify") return undefined;
  if (market?.inAmo) return `${exchange} is closed (its market status says AMO = Y): the broker takes only after-market orders until the open`;
  // An open market takes no AMO: a typed `amo` stays ticked (said, amoWhileOpenText), and once unticked cannot be ticked.
  if (market?.open && !s.isAmo) return `${exchange} is open: an after-market order is taken only while the market is closed`;
  return undefined;
}

/** What the window says under its margin while the market is closed: what the order is, and what that takes away. */
export function closedMarketNote(orderType: OrderWindowType): string {
  return orderType === "Regular"
    ? "Market closed: this order goes as an AMO (after-market order) at the open. INTRADAY, MARKET and SLM are disabled under AMO"
    : `Market closed: a ${orderType} is not taken now; a Regular order goes as an AMO at the open`;
}

/** What the window says when an AMO is asked for on an exchange whose market is open (isExchangeOpen). */
export function amoWhileOpenText(exchange: Exchange): string {
  return `AMO is not offered now: ${exchange} is open (its market status says AMO = N), and an after-market order is taken only while the market is closed, so the broker would refuse this one. Untick AMO to place it now, or place it after the close`;
}

/**
 * "Default validity date: tomorrow", as YYYY-MM-DD in India time (UTC+05:30, no daylight saving),
 * so a window opened at 23:00 IST still offers the next Indian day. Tape moves a tomorrow that is a
 * weekend or an exchange holiday on to the next trading day, the first date the date picker allows.
 */
export function defaultValidityDate(now: Date): string {
  // The date picker disables weekends and exchange holidays: the default is a date it allows.
  return tradingDateOnOrAfter(istDateKeyAfter(now, 1));
}

/**
 * The saved orderPreference, one per segment. The spec keeps one preference (priceType, orderType,
 * pcode, validity) without saying across which instruments; Tape keeps one for each segment, so
 * that an intraday F&O order does not make the next equity order intraday (issue 11): a window
 * opens with the preference of its instrument's segment, or the segment's defaults.
 */
export type SavedOrderPreferences = Partial<Record<Segment, OrderPreference>>;

export function preferenceFor(saved: SavedOrderPreferences, exchange: Exchange): OrderPreference | undefined {
  return saved[segmentOf(exchange)];
}

export function withPreference(saved: SavedOrderPreferences, exchange: Exchange, pref: OrderPreference): SavedOrderPreferences {
  return { ...saved, [segmentOf(exchange)]: pref };
}

/**
 * The preference a placed order leaves for its segment. "BO and CO are allowed only with INTRADAY":
 * that product is forced by the bracket, not chosen, and the spec maps "BO, CO, INTRADAY -> INTRADAY"
 * only when sending. So a BO or CO keeps the product of the segment's last Regular order (none saved
 * yet: the blank window's, the carry-forward product): a trader who carries Regular orders is not
 * handed an intraday position after one bracket.
 */
export function preferenceAfterPlace(previous: OrderPreference | undefined, s: Pick<OrderWindowState, "priceType" | "orderType" | "pcode" | "validity">): OrderPreference {
  const chosen = s.orderType !== "BO" && s.orderType !== "CO";
  return { priceType: s.priceType, orderType: s.orderType, pcode: chosen ? s.pcode : (previous?.pcode ?? emptyOrderWindowState().pcode), validity: s.validity };
}

/** A blank window state: LIMIT is the bracket price default. */
export function emptyOrderWindowState(): OrderWindowState {
  return {
    mode: "new",
    transactionType: "BUY",
    orderType: "Regular",
    pcode: "DELIVERY",
    priceType: "LIMIT",
    validity: "DAY",
    gtdValidityDate: "",
    isAmo: false,
    quantity: 0,
    price: 0,
    triggerPrice: 0,
    disclosedQuantity: 0,
    targetPrice: 0,
    stopLossPrice: 0,
    trailingStopLoss: 0,
    trailValue: 0,
    trailUnit: "POINTS",
    trailJump: 0,
    gttSingleTriggerPrice: 0,
    gttSinglePrice: 0,
    gttTargetTriggerPrice: 0,
    gttTargetPrice: 0,
    gttStopLossTriggerPrice: 0,
    gttStopLossPrice: 0,
    gttStopLossPercent: 0,
    gttTargetPercent: 0,
    currentOrderMargin: 0,
    charges: null,
  };
}
