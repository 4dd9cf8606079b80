import { productLabel } from "../format";
import type { ContractInfo } from "../types/contract";
import { isEquityExchange, type Exchange } from "../types/exchange";
import { formatPrice } from "../format";
import type { OrderType, TransactionType, Validity } from "../types/order";
import type { OrderWindowState, OrderWindowType, Pcode } from "../types/orderWindow";
import { DISCLOSED_QUANTITY_EXCHANGES } from "./orderValidation";
import { amoBoxLock, availablePcodes, availableValidities, disabledPriceTypes, isIntradayDisabled, orderIsAmo, requiredFields, type RequiredFields, type WindowMarket } from "./orderWindow";
import { legFigure } from "./legModify";

/**
 * What the order window's controls offer for a state, and the one step (settleWindow) that keeps
 * every value among them. Issue 28: a select whose value is not one of its options shows its first
 * option while the request carries the hidden value, so the trader sees one product and books
 * another. Every way the window's state is set (opening, a preference, a prefill, a click, the AMO
 * answer, the contract re-read at submit) ends here, and the view draws its selects from the same
 * choices, so what is shown is what is sent.
 */

/** What settling needs of the contract: the exchange and the BNPL facts. */
export type WindowContract = Pick<ContractInfo, "exchange" | "productLeverage" | "bnplQty" | "deliveryQty"> & Partial<Pick<ContractInfo, "tickSize">>;

/** One option of a select: shown always, chosen only when enabled (the spec "disables" some). */
export interface Offer<T> {
  value: T;
  enabled: boolean;
}

export interface WindowChoices {
  sides: TransactionType[];
  /** The window's own types (GTT is its own form, reached from the window's GTT button). */
  orderTypes: Exclude<OrderWindowType, "GTT">[];
  /** Whether the AMO box shows and can be changed; `why` it cannot, when the market decides it. */
  amo: { shown: boolean; enabled: boolean; why?: string };
  products: Pcode[];
  /** Products the window would offer but a rule withholds now (INTRADAY under AMO): shown disabled, with why. */
  withheldProducts: { value: Pcode; why: string }[];
  priceTypes: Offer<OrderType>[];
  validities: Offer<Validity>[];
  /** Whether the disclosed quantity can be typed (otherwise it is 0 and sent as 0). */
  disclosedQuantity: boolean;
  /** Whether the BO target, stop-loss and trailing fields show (and are sent). */
  bracketLegs: boolean;
  /** Issue 33: whether the trail of a regular SL or SL-M order shows (and is sent). */
  trail: boolean;
}

const ALL_PRICE_TYPES: readonly OrderType[] = ["LIMIT", "MARKET", "SL", "SLM"];

/**
 * A modify and an exit act on something that exists: a modify changes an order's price and
 * quantity, an exit closes a position of one product. Changing the side, type or product there
 * would open something new instead, so those controls are locked to what the window opened with.
 */
const locked = (s: Pick<OrderWindowState, "mode">): boolean => s.mode === "modify" || s.mode === "exit";

/**
 * The products an exit may sell: the one it opened with, and, for shares, each part of the holding
 * it sells from ("BNPL holdings are merged into the matching delivery holding", so a holding's sale
 * chooses which part goes: its delivery shares or its BNPL ones).
 */
function exitProducts(pcode: Pcode, c: WindowContract): Pcode[] {
  const own = windowPcode(pcode, c.exchange);
  if (own !== "DELIVERY" && own !== "BNPL") return [own];
  const held: Pcode[] = [];
  if (own === "DELIVERY" || c.deliveryQty > 0) held.push("DELIVERY");
  if (own === "BNPL" || c.bnplQty > 0) held.push("BNPL");
  return held;
}

/**
 * The product a pcode stands for, as the window names it: "BO, CO, INTRADAY -> INTRADAY" and
 * NORMAL, NRML and DELIVERY are one carry-forward product, DELIVERY on equity and NRML elsewhere
 * (the product mapping of trading-core section 5 read backwards).
 */
export function windowPcode(pcode: Pcode, exchange: Exchange): Pcode {
  switch (pcode) {
    case "BO":
    case "CO":
    case "INTRADAY":
      return "INTRADAY";
    case "NORMAL":
    case "NRML":
    case "DELIVERY":
      return isEquityExchange(exchange) ? "DELIVERY" : "NRML";
    case "BNPL":
      return "BNPL";
  }
}

/** Price types by complexity: "BO allows only LIMIT or SL. CO allows only LIMIT or MARKET." (section 5, server side) */
function priceTypesOf(orderType: OrderWindowType, s: Pick<OrderWindowState, "leg" | "priceType">): readonly OrderType[] {
  // A sub-leg keeps its own order type (an SL-M stop stays SL-M): only its price may change (EC802).
  if (s.leg) return [s.priceType === "SINGLE" || s.priceType === "OCO" ? "LIMIT" : s.priceType];
  if (orderType === "BO") return ["LIMIT", "SL"];
  if (orderType === "CO") return ["LIMIT", "MARKET"];
  return ALL_PRICE_TYPES;
}

/** `market`: what the market status said of the exchange at opening (rules/orderWindow.ts WindowMarket); undefined, not heard. */
export function windowChoices(s: OrderWindowState, c: WindowContract, market?: WindowMarket): WindowChoices {
  const regular = s.orderType !== "BO" && s.orderType !== "CO";
  const amoLock = regular ? amoBoxLock(s, market, c.exchange) : undefined;
  // "INTRADAY is disabled under AMO": shown disabled with its reason where a regular new order would offer it.
  const withheldProducts = regular && !locked(s) && isIntradayDisabled(s.isAmo) ? [{ value: "INTRADAY" as const, why: "INTRADAY is disabled under AMO" }] : [];
  const products: Pcode[] =
    s.mode === "exit"
      ? exitProducts(s.pcode, c)
      : s.mode === "modify"
        ? [windowPcode(s.pcode, c.exchange)]
        : !regular
          ? // "BO and CO are allowed only with INTRADAY."
            ["INTRADAY"]
          : availablePcodes({ exchange: c.exchange, isAmo: s.isAmo, productLeverage: c.productLeverage, selling: s.transactionType === "SELL", bnplHoldingQty: c.bnplQty });
  const disabled = disabledPriceTypes({ isAmo: s.isAmo, modifyingGtd: s.mode === "modify" && s.validity === "GTD" });
  const priceTypes = priceTypesOf(s.orderType, s).map((value) => ({ value, enabled: !disabled.includes(value) }));
  const priceType = s.priceType === "SINGLE" || s.priceType === "OCO" ? "LIMIT" : s.priceType;
  // A bracket's validity is DAY: its legs live and die with the day's session.
  const validities: Offer<Validity>[] = regular
    ? availableValidities(priceType, c.exchange, s.pcode).map((value) => ({ value, enabled: !(value === "IOC" && s.isAmo) })) // "IOC is not allowed for AMO."
    : [{ value: "DAY", enabled: true }];
  return {
    sides: locked(s) ? [s.transactionType] : ["BUY", "SELL"],
    orderTypes: s.mode === "modify" ? [regular ? "Regular" : (s.orderType as "BO" | "CO")] : s.mode === "exit" ? ["Regular"] : ["Regular", "BO", "CO"],
    amo: { shown: regular, enabled: regular && !locked(s) && amoLock === undefined, ...(amoLock ? { why: amoLock } : {}) },
    products,
    withheldProducts,
    priceTypes,
    validities,
    // "It is allowed only on NSEEQ, BSEEQ, MCXCOMM, NSECURR and BSECURR. It must be zero for AMO." A bracket has none.
    disclosedQuantity: regular && !s.isAmo && DISCLOSED_QUANTITY_EXCHANGES.includes(c.exchange),
    // A sub-leg's window is the leg alone: the bracket's target and stop are not asked for.
    bracketLegs: s.orderType === "BO" && !s.leg,
    trail: regular && (priceType === "SL" || priceType === "SLM"),
  };
}

const enabledValues = <T>(offers: readonly Offer<T>[]): T[] => offers.filter((o) => o.enabled).map((o) => o.value);

/**
 * The nearest enabled price type: "MARKET and SLM are disabled when the order is AMO" makes
 * MARKET a LIMIT and SLM an SL (the same order with a price); anything else not offered
 * becomes the bracket price default, LIMIT (trading-core section 9).
 */
function nearestPriceType(wanted: OrderWindowState["priceType"], enabled: readonly OrderType[]): OrderType {
  if (wanted === "MARKET" && enabled.includes("LIMIT")) return "LIMIT";
  if (wanted === "SLM" && enabled.includes("SL")) return "SL";
  return enabled.includes("LIMIT") ? "LIMIT" : enabled[0]!;
}

/**
 * The limit an SL-M becomes as an SL (under AMO): one tick past its trigger, the nearest price
 * the broker takes ("a buy SL trigger must be below the price, a sell SL trigger above it"). The
 * window's default price, the last price, sits on the wrong side of every stop and was always
 * refused. The tick is 0.05 when the contract's is not known.
 */
export function stopLimitPrice(side: OrderWindowState["transactionType"], trigger: number, tickSize = 0.05): number {
  const price = side === "BUY" ? trigger + tickSize : trigger - tickSize;
  return Number(price.toFixed(tickSize < 0.01 ? 4 : 2));
}

/**
 * The window's state with every control's value among its choices, in the order the choices
 * depend on one another (type, then AMO, product, price type, validity, disclosed quantity).
 * A value that is offered is kept; one that is not takes the nearest offered one, which the window
 * then shows. Idempotent: a settled state settles to itself.
 */
export function settleWindow(input: OrderWindowState, c: WindowContract, market?: WindowMarket): OrderWindowState {
  const s: OrderWindowState = { ...input };
  // GTT has its own form; an exit closes a position with a plain order.
  if (s.orderType === "GTT" || s.mode === "exit") s.orderType = "Regular";
  // A BO or CO is never an AMO; a regular order on a closed exchange always is (rules/orderWindow.ts orderIsAmo).
  s.isAmo = orderIsAmo(s, market);

  const products = windowChoices(s, c).products;
  const pcode = windowPcode(s.pcode, c.exchange);
  // Not offered (INTRADAY under AMO, BNPL without leverage): the carry-forward product, always offered first.
  s.pcode = products.includes(pcode) ? pcode : products[0]!;

  const priceTypes = enabledValues(windowChoices(s, c).priceTypes);
  if (!(priceTypes as readonly string[]).includes(s.priceType)) {
    const wanted = s.priceType;
    s.priceType = nearestPriceType(wanted, priceTypes);
    if (wanted === "SLM" && s.priceType === "SL" && s.triggerPrice > 0) s.price = stopLimitPrice(s.transactionType, s.triggerPrice, c.tickSize);
  }

  const validities = enabledValues(windowChoices(s, c).validities);
  // "Validity IOC is removed when the price type is SL", GTD only where offered: DAY, always offered, instead.
  if (!validities.includes(s.validity)) s.validity = "DAY";

  if (!windowChoices(s, c).disclosedQuantity) s.disclosedQuantity = 0;
  return s;
}

/**
 * The window's flip key (Alt+B): the other side, settled like any click, so a product offered
 * only to one side (BNPL sold from a holding) becomes the nearest offered one and is shown.
 * A modify or an exit keeps its side (only one is offered): the same state back.
 */
export function flipSide(s: OrderWindowState, c: WindowContract, market?: WindowMarket): OrderWindowState {
  if (windowChoices(s, c).sides.length < 2) return s;
  return settleWindow({ ...s, transactionType: s.transactionType === "BUY" ? "SELL" : "BUY" }, c, market);
}

/**
 * What each control of the window shows for a settled state, in the window's own words: the value
 * of every select, and every number field's value, or undefined where the field is closed (shown
 * empty). The view draws from this and the order sent is built from the same state, so a test can
 * hold one against the other.
 */
export interface WindowShown {
  side: TransactionType;
  orderType: "Regular" | "BO" | "CO";
  amo: boolean;
  product: Pcode;
  priceType: OrderType;
  validity: Validity;
  /** The "Valid till" date, shown only for GTD. */
  validTill: string | undefined;
  /** As the quantity field shows it: lots for commodity and currency. */
  quantity: number;
  price: number | undefined;
  trigger: number | undefined;
  disclosedQuantity: number | undefined;
  target: number | undefined;
  stopLoss: number | undefined;
  trailingStopLoss: number | undefined;
  /** "5", "1%"; undefined where the window offers no trail or none is typed. */
  trail: string | undefined;
  trailJump: number | undefined;
}

/** The price and trigger fields the window opens: a sub-leg's one modifiable figure, else section 5's rules. */
export function windowFields(s: Pick<OrderWindowState, "orderType" | "priceType" | "leg">): RequiredFields {
  const priceType = s.priceType === "SINGLE" || s.priceType === "OCO" ? "LIMIT" : s.priceType;
  if (s.leg) return legFigure(priceType) === "trigger" ? { price: false, trigger: true } : { price: true, trigger: false };
  return requiredFields(priceType, s.orderType === "BO" || s.orderType === "CO" ? s.orderType : "Regular");
}

export function windowShown(s: OrderWindowState, c: WindowContract): WindowShown {
  const orderType = s.orderType === "BO" || s.orderType === "CO" ? s.orderType : "Regular";
  const priceType = s.priceType === "SINGLE" || s.priceType === "OCO" ? "LIMIT" : s.priceType;
  const need = windowFields(s);
  const choices = windowChoices(s, c);
  return {
    side: s.transactionType,
    orderType,
    amo: s.isAmo,
    product: s.pcode,
    priceType,
    validity: s.validity,
    validTill: s.validity === "GTD" ? s.gtdValidityDate : undefined,
    quantity: s.quantity,
    price: need.price ? s.price : undefined,
    trigger: need.trigger ? s.triggerPrice : undefined,
    disclosedQuantity: choices.disclosedQuantity ? s.disclosedQuantity : undefined,
    target: choices.bracketLegs ? s.targetPrice : undefined,
    stopLoss: choices.bracketLegs ? s.stopLossPrice : undefined,
    trailingStopLoss: choices.bracketLegs ? s.trailingStopLoss : undefined,
    trail: choices.trail && s.trailValue > 0 ? `${s.trailValue}${s.trailUnit === "PERCENT" ? "%" : ""}` : undefined,
    trailJump: choices.trail && s.trailValue > 0 ? s.trailJump : undefined,
  };
}

/** The shown fields a settle changed, named as the window labels them (for "check and press Enter again"). */
export function changedControls(before: WindowShown, after: WindowShown): string[] {
  const label: Partial<Record<keyof WindowShown, string>> = {
    side: "side",
    orderType: "order type",
    product: "product",
    priceType: "price type",
    validity: "validity",
    disclosedQuantity: "disclosed quantity",
  };
  // A closed field sends 0: a disclosed quantity of 0 closed by AMO is no change.
  const value = (w: WindowShown, k: keyof WindowShown) => (k === "disclosedQuantity" ? (w.disclosedQuantity ?? 0) : w[k]);
  return (Object.keys(label) as (keyof WindowShown)[]).filter((k) => value(before, k) !== value(after, k)).map((k) => `${label[k]} ${String(value(after, k))}`);
}

/**
 * What an opener asked for that the window could not offer, each in a sentence of its own that says
 * what the window has instead and, where a rule of the spec decided it, the rule: "Validity IOC is
 * removed when the price type is SL: the validity is DAY". A command line's `ioc` on an SL order, or
 * `intraday` on an AMO, is then said in the window instead of quietly becoming something else.
 * (The old "price type MARKET (not offered: LIMIT)" read as if LIMIT were what was not offered.)
 */
export function unmetAsks(asked: Partial<OrderWindowState>, settled: OrderWindowState, exchange: Exchange): string[] {
  const out: string[] = [];
  const generic = (what: string, wanted: string, got: string) => `${what} ${wanted} is not offered here: the window has ${got}`;
  if (asked.orderType !== undefined && asked.orderType !== "GTT" && asked.orderType !== settled.orderType) out.push(generic("Order type", asked.orderType, settled.orderType));
  // settleWindow turns AMO off for a BO or CO: an AMO is a regular order.
  if (asked.isAmo === true && !settled.isAmo) out.push(settled.orderType === "Regular" ? generic("AMO", "on", "AMO off") : `AMO is not offered for a ${settled.orderType}: the order is not an AMO`);
  const pcode = asked.pcode === undefined ? undefined : windowPcode(asked.pcode, exchange);
  // An AMO the trader did not type is the closed market's: a trader reads "not possible now" and why, in one line.
  const amoWhy = asked.isAmo === true ? "INTRADAY is disabled under AMO" : `INTRADAY is not possible now: ${exchange} is closed, so this order goes as an AMO (after-market order), and INTRADAY is disabled under AMO`;
  if (pcode !== undefined && pcode !== settled.pcode)
    out.push(settled.isAmo && pcode === "INTRADAY" ? `${amoWhy}: the product is ${productLabel(settled.pcode)}` : generic("Product", productLabel(pcode), productLabel(settled.pcode)));
  if (asked.priceType !== undefined && asked.priceType !== settled.priceType) out.push(priceTypeUnmet(asked.priceType, settled, exchange));
  if (asked.validity !== undefined && asked.validity !== settled.validity) {
    const why = asked.validity === "IOC" && settled.isAmo ? "IOC is not allowed for AMO" : asked.validity === "IOC" && settled.priceType === "SL" ? "Validity IOC is removed when the price type is SL" : undefined;
    out.push(why ? `${why}: the validity is ${settled.validity}` : generic("Validity", asked.validity, settled.validity));
  }
  if ((asked.disclosedQuantity ?? 0) > 0 && settled.disclosedQuantity === 0)
    out.push(settled.isAmo ? "Disclosed quantity must be zero for AMO: it is 0" : "Disclosed quantity is not offered here: it is 0");
  return out;
}

/**
 * "MARKET and SLM are disabled when the order is AMO": an AMO waits for the open with a price, so a
 * MARKET ask becomes a LIMIT at the window's price (the last price, which the trader never typed)
 * and an SL-M an SL one tick past its trigger. Both prices are named, to be checked before Enter.
 */
function priceTypeUnmet(wanted: OrderWindowState["priceType"], settled: OrderWindowState, exchange: Exchange): string {
  const got = String(settled.priceType);
  if (settled.isAmo && (wanted === "MARKET" || wanted === "SLM")) {
    const price = settled.price > 0 ? formatPrice(settled.price, exchange) : undefined;
    const filled =
      wanted === "MARKET"
        ? price
          ? `the price is filled from the last price ${price}: check it`
          : "type its price"
        : `the price is one tick past the trigger${price ? `, ${price}` : ""}: check it`;
    return `An AMO is ${got === "SL" ? "an" : "a"} ${got} order at the exchange: ${wanted} is not offered for AMO; ${filled}`;
  }
  return `Price type ${wanted} is not offered here: the window has ${got}`;
}
