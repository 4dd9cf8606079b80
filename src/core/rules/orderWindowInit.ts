import { isEquityExchange } from "../types/exchange";
import { instrumentKind, type ContractInfo } from "../types/contract";
import type { Order, Product, TransactionType } from "../types/order";
import type { OrderPreference, OrderWindowMode, OrderWindowState, Pcode } from "../types/orderWindow";
import type { Exchange } from "../types/exchange";
import { applyPreference, coerceValidity, defaultValidityDate, emptyOrderWindowState, quantityShown, quantityShownInLots } from "./orderWindow";
import { roundToTick } from "./tick";

/**
 * The order window's first state: blank, then the saved orderPreference, then the instrument's
 * defaults, then what the opener brings (an order to modify or repeat, the command line's draft).
 */
export interface InitialStateArgs {
  mode: OrderWindowMode;
  transactionType: TransactionType;
  contract: Pick<ContractInfo, "exchange" | "lotSize" | "tickSize" | "ltp" | "insType">;
  preference: OrderPreference | undefined;
  /** Settings › Markets' default product of the instrument's segment; undefined: as last used. */
  defaultProduct?: Pcode;
  exchangeInAmo: boolean;
  order?: Order;
  prefill?: Partial<OrderWindowState>;
  now: Date;
}

/** One lot: what a trader means by "the smallest order" (equity 1 share, F&O one lot, lots shown as 1). */
export function defaultQuantity(c: Pick<ContractInfo, "exchange" | "lotSize" | "insType">): number {
  if (quantityShownInLots(c.exchange)) return 1;
  if (instrumentKind(c.insType) === "equity") return 1;
  return Math.max(1, c.lotSize);
}

/** The window's pcode for an order's product: NORMAL is shown as NRML off equity, DELIVERY on it. */
export function pcodeOfProduct(product: Product, exchange: Exchange): Pcode {
  if (product === "NORMAL" || product === "DELIVERY") return isEquityExchange(exchange) ? "DELIVERY" : "NRML";
  return product;
}

export function stateFromOrder(order: Order, contract: Pick<ContractInfo, "exchange" | "lotSize">): Partial<OrderWindowState> {
  return {
    transactionType: order.transactionType,
    orderType: order.orderComplexity === "BO" ? "BO" : order.orderComplexity === "CO" ? "CO" : "Regular",
    pcode: pcodeOfProduct(order.product, contract.exchange),
    priceType: order.orderType,
    validity: order.validity,
    gtdValidityDate: order.gtdValidityDate ?? "",
    isAmo: order.orderComplexity === "AMO",
    quantity: quantityShown(contract.exchange, order.quantity, contract.lotSize),
    price: order.price,
    triggerPrice: order.slTriggerPrice || order.triggerPrice,
    disclosedQuantity: quantityShown(contract.exchange, order.disclosedQuantity, contract.lotSize),
    targetPrice: order.targetPrice,
    stopLossPrice: order.stopLossPrice,
    trailingStopLoss: order.trailingSlAmount,
  };
}

export function initialWindowState(a: InitialStateArgs): OrderWindowState {
  const blank: OrderWindowState = { ...emptyOrderWindowState(), mode: a.mode, transactionType: a.transactionType, isAmo: false };
  // A new order opens on the segment's default product when one is set, over the remembered one.
  const preference = a.defaultProduct && a.mode === "new" ? { ...(a.preference ?? { priceType: blank.priceType, orderType: blank.orderType, validity: blank.validity }), pcode: a.defaultProduct } : a.preference;
  let s = applyPreference(blank, preference, a.contract.exchange);
  // GTT orders have their own form (another issue); this window places Regular, BO and CO.
  if (s.orderType === "GTT") s = { ...s, orderType: "Regular", priceType: "LIMIT" };
  s.quantity = defaultQuantity(a.contract);
  s.price = a.contract.ltp > 0 ? roundToTick(a.contract.ltp, a.contract.tickSize) : 0;
  s.gtdValidityDate = defaultValidityDate(a.now);
  if (a.order) s = { ...s, ...stateFromOrder(a.order, a.contract) };
  if (a.prefill) s = { ...s, ...a.prefill };
  if (s.orderType === "BO" || s.orderType === "CO") s.pcode = "INTRADAY";
  if (!s.gtdValidityDate) s.gtdValidityDate = defaultValidityDate(a.now);
  if (s.priceType !== "SINGLE" && s.priceType !== "OCO") s.validity = coerceValidity(s.validity, s.priceType, a.contract.exchange, s.pcode);
  s.mode = a.mode;
  return s;
}
