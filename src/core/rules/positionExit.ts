import { productLabel } from "../format";
import type { Exchange } from "../types/exchange";
import type { OrderRequest, Product, TransactionType } from "../types/order";
import type { HoldingView, Position } from "../types/portfolio";
import type { OrderWindowState } from "../types/orderWindow";
import { isOpenPosition } from "./positions";
import { exitOrderFor } from "./positionActions";
import { quantityShown } from "./orderWindow";

/**
 * What exiting opens (trading-core section 2: the order window "has the modes new, modify, repeat
 * and exit. Exit is available from positions or holdings"): the opposite side for the whole open
 * quantity in the same product, pre-filled in the order window's exit mode.
 */
export interface ExitIntent {
  exchange: Exchange;
  /** The instrument token (instrumentId on the wire). */
  token: string;
  tradingSymbol: string;
  transactionType: TransactionType;
  /** Units, as positions and holdings count them. */
  quantity: number;
  product: Product;
  /** What the window says beside the exit: the part of a holding one order cannot sell. */
  note?: string;
}

/** The exit of an open position, or undefined for a closed one or a sale out of the holdings (nothing open: exiting it would buy the shares back). */
export function positionExit(p: Pick<Position, "exchange" | "token" | "tradingSymbol" | "netQuantity" | "product">): ExitIntent | undefined {
  if (!isOpenPosition(p)) return undefined;
  return {
    exchange: p.exchange,
    token: p.token,
    tradingSymbol: p.tradingSymbol,
    transactionType: p.netQuantity > 0 ? "SELL" : "BUY",
    quantity: Math.abs(p.netQuantity),
    product: p.product,
  };
}

/**
 * Selling a holding: SELL its whole quantity. A holding bought with BNPL sells as BNPL ("BNPL ...
 * also appears when selling with BNPL holdings", section 4). A mixed one is two orders, one per
 * product (the broker sells a product's own shares only): the delivery part first, the window
 * saying what stays as BNPL; `x` again then sells that. Its whole quantity as DELIVERY was always
 * refused ("Insufficient holdings to sell: available 300").
 */
export function holdingExit(h: Pick<HoldingView, "totalQuantity" | "deliveryQty" | "bnplQty">, instrument: { exchange: Exchange; token: string; symbol: string }): ExitIntent | undefined {
  if (h.totalQuantity <= 0) return undefined;
  const mixed = h.deliveryQty > 0 && h.bnplQty > 0;
  return {
    exchange: instrument.exchange,
    token: instrument.token,
    tradingSymbol: instrument.symbol,
    transactionType: "SELL",
    quantity: mixed ? h.deliveryQty : h.totalQuantity,
    product: h.deliveryQty > 0 ? "DELIVERY" : "BNPL",
    ...(mixed ? { note: `Sells the ${h.deliveryQty} held for delivery; ${h.bnplQty} more are held as BNPL: x again exits them` } : {}),
  };
}

/**
 * What `x` fills the exit window with: the order Exit all sends for it (exitOrderFor: MARKET, DAY,
 * a regular order), so one key gives one kind of exit whatever order was placed last. Left to the
 * saved orderPreference, an exit after an SL order opened as SL with no trigger and Enter refused it.
 * Quantity as the window shows it (lots on commodity and currency).
 */
export function exitWindowPrefill(e: ExitIntent, lotSize: number): Partial<OrderWindowState> {
  // The kind of order Exit all sends, not its size: an exit that working orders already cover pre-fills 0 (rules/exitWorking.ts).
  const order = exitOrderFor({ exchange: e.exchange, instrumentId: e.token, netQuantity: e.transactionType === "SELL" ? 1 : -1, product: e.product })!;
  return {
    transactionType: e.transactionType,
    quantity: quantityShown(e.exchange, e.quantity, lotSize),
    pcode: e.product,
    orderType: "Regular",
    priceType: order.orderType,
    validity: order.validity,
  };
}

/** The line the exit-all confirmation shows for one order: "SELL 10 INFY-EQ (NSEEQ, INTRADAY) at MARKET" (NORMAL reads NRML: productLabel). */
export function exitLine(o: Pick<OrderRequest, "transactionType" | "quantity" | "exchange" | "product" | "orderType">, tradingSymbol: string): string {
  return `${o.transactionType} ${o.quantity} ${tradingSymbol} (${o.exchange}, ${productLabel(o.product)}) at ${o.orderType}`;
}
