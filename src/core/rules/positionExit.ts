import type { Exchange } from "../types/exchange";
import type { OrderRequest, Product, TransactionType } from "../types/order";
import type { HoldingView, Position } from "../types/portfolio";

/**
 * What exiting means (trading-core section 2: "A position can be exited"; the order window "has
 * the modes new, modify, repeat and exit. Exit is available from positions or holdings").
 * An exit is the opposite side for the whole open quantity in the same product. The spec does
 * not show the exit order's type: Tape sends MARKET, DAY, REGULAR, so that an exit is never left
 * resting on the book (Tape's decision).
 */
export interface ExitIntent {
  source: "position" | "holding";
  exchange: Exchange;
  /** The instrument token (instrumentId on the wire). */
  token: string;
  tradingSymbol: string;
  transactionType: TransactionType;
  quantity: number;
  product: Product;
}

/** The exit of an open position, or undefined for a closed one (nothing to exit). */
export function positionExit(p: Pick<Position, "exchange" | "token" | "tradingSymbol" | "netQuantity" | "product">): ExitIntent | undefined {
  if (p.netQuantity === 0) return undefined;
  return {
    source: "position",
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
 * also appears when selling with BNPL holdings", section 4); a mixed one as DELIVERY first, the
 * product the user can switch in the order window.
 */
export function holdingExit(h: Pick<HoldingView, "totalQuantity" | "deliveryQty" | "bnplQty">, instrument: { exchange: Exchange; token: string; symbol: string }): ExitIntent | undefined {
  if (h.totalQuantity <= 0) return undefined;
  return {
    source: "holding",
    exchange: instrument.exchange,
    token: instrument.token,
    tradingSymbol: instrument.symbol,
    transactionType: "SELL",
    quantity: h.totalQuantity,
    product: h.deliveryQty > 0 ? "DELIVERY" : "BNPL",
  };
}

/** The order an exit sends when it is sent without the order window (exit all). */
export function exitOrder(e: ExitIntent): OrderRequest {
  return {
    exchange: e.exchange,
    instrumentId: e.token,
    transactionType: e.transactionType,
    quantity: e.quantity,
    product: e.product,
    orderComplexity: "REGULAR",
    orderType: "MARKET",
    validity: "DAY",
    price: 0,
    slTriggerPrice: 0,
    disclosedQuantity: 0,
    marketProtection: 0,
    targetPrice: 0,
    stopLossPrice: 0,
    trailingSlAmount: 0,
  };
}

/** The line the exit-all confirmation shows for one order: "SELL 10 INFY-EQ (NSEEQ, INTRADAY) at MARKET". */
export function exitLine(e: ExitIntent): string {
  return `${e.transactionType} ${e.quantity} ${e.tradingSymbol} (${e.exchange}, ${e.product}) at MARKET`;
}
