import { isEquityExchange } from "../types/exchange";
import { instrumentKind, type ContractInfo } from "../types/contract";
import type { Order, Product, TransactionType } from "../types/order";
import type { OrderPreference, OrderWindowMode, OrderWindowState, Pcode } from "../types/orderWindow";
import type { Exchange } from "../types/exchange";
import { defaultValidityDate, emptyOrderWindowState, quantityShown, quantityShownInLots, type WindowMarket } from "./orderWindow";
import { settleWindow } from "./orderWindowChoices";
import { roundToTick } from "./tick";
import { legRole } from "./orderStatus";
import { defaultPcode } from "./defaultProduct";

/**
 * The order window's first state: blank, then the saved orderPreference, then the instrument's
 * defaults, then what the opener brings (an order to modify or repeat, the command line's draft).
 */
export interface InitialStateArgs {
  mode: OrderWindowMode;
  transactionType: TransactionType;
  contract: Pick<ContractInfo, "exchange" | "lotSize" | "tickSize" | "ltp" | "insType" | "productLeverage" | "bnplQty" | "deliveryQty">;
  preference: OrderPreference | undefined;
  /** Settings › Markets' default product of the instrument's segment; undefined: as last used. */
  defaultProduct?: Pcode;
  order?: Order;
  prefill?: Partial<OrderWindowState>;
  now: Date;
  /** What the market status said of the exchange: closed (AMO = Y), a new regular order opens as an AMO. */
  market?: WindowMarket;
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
    trailValue: order.trailValue ?? 0,
    trailUnit: order.trailUnit ?? "POINTS",
    trailJump: order.trailJump ?? 0,
  };
}

/**
 * Each layer overlays the last as it is, and one settle at the end puts every control's value among
 * its choices (rules/orderWindowChoices.ts): a preference saved after a BO (pcode INTRADAY, type BO)
 * under a command line's Regular order opens as a Regular INTRADAY order, and shows it.
 */
export function initialWindowState(a: InitialStateArgs): OrderWindowState {
  let s: OrderWindowState = { ...emptyOrderWindowState(), mode: a.mode, transactionType: a.transactionType };
  // The product by the one rule a basket leg's follows too (rules/defaultProduct.ts): the segment's
  // default product for a new order, over the remembered one, over the blank window's.
  if (a.preference) s = { ...s, priceType: a.preference.priceType, orderType: a.preference.orderType, validity: a.preference.validity };
  s.pcode = defaultPcode({ exchange: a.contract.exchange, preference: a.preference, defaultProduct: a.mode === "new" ? a.defaultProduct : undefined });
  s.quantity = defaultQuantity(a.contract);
  s.price = a.contract.ltp > 0 ? roundToTick(a.contract.ltp, a.contract.tickSize) : 0;
  s.gtdValidityDate = defaultValidityDate(a.now);
  if (a.order) s = { ...s, ...stateFromOrder(a.order, a.contract) };
  // A modify of a BO/CO sub-leg is a window of that leg alone (rules/legModify.ts).
  const role = a.order && a.mode === "modify" ? legRole(a.order) : "main";
  if (role !== "main") s.leg = role;
  if (a.prefill) s = { ...s, ...a.prefill };
  if (!s.gtdValidityDate) s.gtdValidityDate = defaultValidityDate(a.now);
  s.mode = a.mode;
  return settleWindow(s, a.contract, a.market);
}
