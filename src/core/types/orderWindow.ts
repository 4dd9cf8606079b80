import type { OrderType, TrailUnit, TransactionType, Validity } from "./order";
import type { GttTriggerType } from "./gtt";

/** trading-core section 3, Order-window state. */
export type OrderWindowType = "Regular" | "BO" | "CO" | "GTT";
export type OrderWindowMode = "new" | "modify" | "repeat" | "exit";
/** pcode as chosen in the window; NRML is what the product mapping calls NORMAL. */
export type Pcode = "DELIVERY" | "INTRADAY" | "BNPL" | "NORMAL" | "NRML" | "BO" | "CO";
export type WindowPriceType = OrderType | GttTriggerType;

export interface OrderWindowState {
  mode: OrderWindowMode;
  transactionType: TransactionType;
  orderType: OrderWindowType;
  pcode: Pcode;
  priceType: WindowPriceType;
  validity: Validity;
  gtdValidityDate: string;
  isAmo: boolean;
  /** As typed: in lots for currency (see rules/orderWindow.ts quantityShown); likewise disclosedQuantity. */
  quantity: number;
  price: number;
  triggerPrice: number;
  disclosedQuantity: number;
  targetPrice: number;
  stopLossPrice: number;
  trailingStopLoss: number;
  /** Issue 33: a regular SL or SL-M order's trail (0 for none), its unit and its jump (0 is one tick). */
  trailValue: number;
  trailUnit: TrailUnit;
  trailJump: number;
  gttSingleTriggerPrice: number;
  gttSinglePrice: number;
  gttTargetTriggerPrice: number;
  gttTargetPrice: number;
  gttStopLossTriggerPrice: number;
  gttStopLossPrice: number;
  gttStopLossPercent: number;
  gttTargetPercent: number;
  currentOrderMargin: number;
  charges: ChargesBreakdown | null;
  /** A modify of a BO/CO sub-leg: which leg (rules/legModify.ts); absent for every other window. */
  leg?: "target" | "stop-loss";
}

/** Saved locally as orderPreference. */
export interface OrderPreference {
  priceType: WindowPriceType;
  orderType: OrderWindowType;
  pcode: Pcode;
  validity: Validity;
}

/** The charges and the get-brokerage (charges) request of trading-core section 7, as the wire carries them. */
export type { ChargesBreakdown } from "../wire/orders";
export type { ChargesRequest } from "../wire/wrapper";
import type { ChargesBreakdown } from "../wire/orders";
