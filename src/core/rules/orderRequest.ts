import { toExchPair } from "../types/exchange";
import type { ContractInfo } from "../types/contract";
import type { MarginCheckRequest, OrderComplexity, OrderRequest, OrderType } from "../types/order";
import type { ChargesRequest, OrderWindowState } from "../types/orderWindow";
import { brokerageProductCode, exchangeGroup } from "./charges";
import { marginPrice } from "./margin";
import { quantityFromShown, type WindowComplexity } from "./orderWindow";
import { windowFields } from "./orderWindowChoices";
import { productToSend } from "./productToSend";
import { ceilToTick, floorToTick, isOnTick, roundToTick } from "./tick";
import { MAX_TRAIL_PERCENT } from "./trail";
import { quantityStep } from "./contractValue";
import { ERROR_CATALOGUE } from "../errors";

/**
 * From the order window's state to what is sent. The window keeps what the user sees (quantity
 * in lots where shown in lots, pcode as chosen); these functions apply the section 5 mappings.
 */

export function windowComplexity(state: Pick<OrderWindowState, "orderType">): WindowComplexity {
  return state.orderType === "BO" ? "BO" : state.orderType === "CO" ? "CO" : "Regular";
}

export function orderComplexityOf(state: Pick<OrderWindowState, "orderType" | "isAmo">): OrderComplexity {
  if (state.orderType === "BO") return "BO";
  if (state.orderType === "CO") return "CO";
  return state.isAmo ? "AMO" : "REGULAR";
}

/** The window's price type as an order type (GTT's SINGLE and OCO never reach a regular place). */
export function orderTypeOf(state: Pick<OrderWindowState, "priceType">): OrderType {
  return state.priceType === "SINGLE" || state.priceType === "OCO" ? "LIMIT" : state.priceType;
}

/** The window's fields a problem can belong to: it is shown next to that field. */
export type WindowField = "quantity" | "price" | "trigger" | "target" | "stopLoss" | "trailingStopLoss" | "trail" | "disclosedQuantity" | "validity";

/** What is wrong, where (no field: the whole order), and for a price off the tick the nearest valid prices. */
export interface WindowProblem {
  field?: WindowField;
  message: string;
  nearest?: [number, number];
  /** The broker did not answer the send: said again in other words once it answers (rules/outageLine.ts brokerBackText). */
  noAnswer?: true;
}

/**
 * A price off the tick is refused, never rounded quietly (issue 11): the trader is offered the
 * tick below and the tick above and chooses.
 */
export function offTick(field: WindowField, value: number, tickSize: number): WindowProblem | undefined {
  if (!(value > 0) || !(tickSize > 0) || isOnTick(value, tickSize)) return undefined;
  return { field, message: `${value} is not a multiple of the tick size ${tickSize}`, nearest: [floorToTick(value, tickSize), ceilToTick(value, tickSize)] };
}

/**
 * The first client rule the window's values break, with the field it belongs to, or undefined.
 * The section 5 rules, and the tick size: the broker refuses a price off the tick (EC917, EC924),
 * so the window says so before sending rather than rounding what the trader typed.
 */
export function windowProblem(state: OrderWindowState, contract: Pick<ContractInfo, "tickSize" | "exchange" | "lotSize">): WindowProblem | undefined {
  if (!(state.quantity > 0)) return { field: "quantity", message: "Enter a quantity" };
  // "Quantity is ... a multiple of lot size" (EC954): refused here, before the AMO question or any send,
  // in the broker's words and with its code, rather than sent to be refused (an order-rate slot used).
  const step = quantityStep(contract.exchange, contract.lotSize);
  if (quantityFromShown(contract.exchange, state.quantity, contract.lotSize) % step !== 0) return { field: "quantity", message: `EC954: ${ERROR_CATALOGUE.EC954}: lot size ${step}` };
  // A sub-leg's window asks only for its one figure (rules/legModify.ts): the bracket's other prices are the main leg's.
  const complexity = state.leg ? "Regular" : windowComplexity(state);
  const need = windowFields(state);
  if (need.price && !(state.price > 0)) return { field: "price", message: "Enter a price" };
  if (need.trigger && !(state.triggerPrice > 0)) return { field: "trigger", message: state.orderType === "CO" ? "Enter a stop-loss trigger price" : "Enter a trigger price" };
  if (complexity === "BO" && !(state.targetPrice > 0)) return { field: "target", message: "Enter a target price" };
  if (complexity === "BO" && !(state.stopLossPrice > 0)) return { field: "stopLoss", message: "Enter a stop-loss price" };
  if (state.validity === "GTD" && !state.gtdValidityDate) return { field: "validity", message: "Choose a validity date" };
  const t = contract.tickSize;
  return (
    (need.price ? offTick("price", state.price, t) : undefined) ??
    (need.trigger ? offTick("trigger", state.triggerPrice, t) : undefined) ??
    (complexity === "BO" ? offTick("target", state.targetPrice, t) ?? offTick("stopLoss", state.stopLossPrice, t) ?? offTick("trailingStopLoss", state.trailingStopLoss, t) : undefined) ??
    trailProblem(state, t)
  );
}

/** Issue 33: a trail in points, or its jump, off the tick; a percent above 50 (the broker's EC701, said by the field first). */
function trailProblem(state: OrderWindowState, tickSize: number): WindowProblem | undefined {
  if (state.orderType !== "Regular" || (state.priceType !== "SL" && state.priceType !== "SLM") || !(state.trailValue > 0)) return undefined;
  if (state.trailUnit === "PERCENT" && state.trailValue > MAX_TRAIL_PERCENT) return { field: "trail", message: `A trail is at most ${MAX_TRAIL_PERCENT}%` };
  return (state.trailUnit === "POINTS" ? offTick("trail", state.trailValue, tickSize) : undefined) ?? offTick("trail", state.trailJump, tickSize);
}

/**
 * The field a broker's refusal is about, so that it is shown there too (trading-core section 8
 * codes, Tape's texts in core/errors.ts); undefined for a refusal about the order as a whole.
 */
export function fieldOfRefusal(code: string): WindowField | undefined {
  switch (code) {
    case "EC903":
    case "EC939":
    case "EC945":
    case "EC948":
    case "EC954":
      return "quantity";
    case "EC908":
    case "EC909":
    case "EC917":
    case "EC918":
    case "EC921":
      return "price";
    case "EC923":
    case "EC924":
    case "EC925":
    case "EC936":
      return "trigger";
    case "EC933":
    case "EC934":
    case "EC935":
      return "target";
    case "EC910":
    case "EC911":
    case "EC912":
      return "disclosedQuantity";
    case "EC700":
    case "EC701":
    case "EC702":
      return "trail";
    case "EC913":
    case "EC931":
    case "EC932":
      return "validity";
    default:
      return undefined;
  }
}

/**
 * What the margin check still lacks, or undefined: the entry's quantity, price and trigger. A
 * bracket's legs (BO target and stop-loss, CO stop-loss) do not change the margin (20 % of the
 * entry's value) and the margin payload does not carry them, so a BO or CO shows its margin before
 * they are typed.
 */
export function marginInputProblem(state: OrderWindowState): string | undefined {
  if (!(state.quantity > 0)) return "Enter a quantity";
  const need = windowFields(state);
  if (need.price && !(state.price > 0)) return "Enter a price";
  if (need.trigger && state.orderType !== "CO" && !(state.triggerPrice > 0)) return "Enter a trigger price";
  return undefined;
}

/**
 * The place-order request from the window: the product mapping, the complexity, quantities
 * converted from lots where "commodity and currency quantity is shown in lots" (the disclosed
 * quantity too, so that both go in the same unit), and only the price fields the price type
 * needs, each "rounded to the tickSize".
 */
export function buildOrderRequest(state: OrderWindowState, contract: Pick<ContractInfo, "exchange" | "token" | "tickSize" | "lotSize">): OrderRequest {
  const orderType = orderTypeOf(state);
  const complexity = windowComplexity(state);
  const need = windowFields(state);
  const tick = (p: number) => (p > 0 ? roundToTick(p, contract.tickSize) : 0);
  const req: OrderRequest = {
    exchange: contract.exchange,
    instrumentId: String(contract.token),
    transactionType: state.transactionType,
    quantity: quantityFromShown(contract.exchange, state.quantity, contract.lotSize),
    product: complexity === "Regular" ? productToSend(state.pcode, contract.exchange) : "INTRADAY",
    orderComplexity: orderComplexityOf(state),
    orderType,
    validity: state.validity,
    price: need.price ? tick(state.price) : 0,
    slTriggerPrice: need.trigger ? tick(state.triggerPrice) : 0,
    disclosedQuantity: quantityFromShown(contract.exchange, state.disclosedQuantity, contract.lotSize),
    marketProtection: 0,
    targetPrice: complexity === "BO" ? tick(state.targetPrice) : 0,
    stopLossPrice: complexity === "BO" ? tick(state.stopLossPrice) : 0,
    trailingSlAmount: complexity === "BO" ? tick(state.trailingStopLoss) : 0,
  };
  if (state.validity === "GTD") req.gtdValidityDate = state.gtdValidityDate;
  // Issue 33: the trail rides only on a regular SL or SL-M order (what the window shows it on).
  if (complexity === "Regular" && (orderType === "SL" || orderType === "SLM") && state.trailValue > 0) {
    req.trailValue = state.trailUnit === "PERCENT" ? state.trailValue : tick(state.trailValue);
    req.trailUnit = state.trailUnit;
    if (state.trailJump > 0) req.trailJump = tick(state.trailJump);
  }
  return req;
}

/** "The margin-check payload has: exchange, instrumentId, transactionType, quantity, product,
 *  orderComplexity, orderType, price, validity, marketProtection, slTriggerPrice." */
export function marginRequestOf(req: OrderRequest): MarginCheckRequest {
  return {
    exchange: req.exchange,
    instrumentId: req.instrumentId,
    transactionType: req.transactionType,
    quantity: req.quantity,
    product: req.product,
    orderComplexity: req.orderComplexity,
    orderType: req.orderType,
    price: req.price,
    validity: req.validity,
    marketProtection: req.marketProtection,
    slTriggerPrice: req.slTriggerPrice,
  };
}

/**
 * The charges request of section 7. Exchange group CASH, FNO, CURRENCY or COM; product T
 * (intraday, "trading") or D (delivery and carry-forward); orderType B or S. The price is the
 * one the broker's margin uses (rules/margin.ts): a market order's is the last price.
 */
export function chargesRequestOf(req: OrderRequest, contract: Pick<ContractInfo, "multiplier" | "ltp">, clientCode: string): ChargesRequest {
  const pair = toExchPair(req.exchange);
  return {
    clientCode,
    exchangeGroup: exchangeGroup(req.exchange),
    scripDetails: { scripCode: req.instrumentId, exchange: pair.Exch, exchangeType: pair.ExchType },
    orderDetails: {
      orderPrice: marginPrice(req, contract.ltp),
      product: brokerageProductCode(req.product),
      qty: req.quantity,
      multiplier: contract.multiplier || 1,
      orderType: req.transactionType === "BUY" ? "B" : "S",
    },
  };
}
