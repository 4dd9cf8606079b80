import type { Exchange } from "../types/exchange";
import type { OrderRequest, Product, TransactionType } from "../types/order";
import type { HoldingView, Position } from "../types/portfolio";

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
}

/** The exit of an open position, or undefined for a closed one (nothing to exit). */
export function positionExit(p: Pick<Position, "exchange" | "token" | "tradingSymbol" | "netQuantity" | "product">): ExitIntent | undefined {
  if (p.netQuantity === 0) return undefined;
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
 * also appears when selling with BNPL holdings", section 4); a mixed one as DELIVERY first, the
 * product the user can switch in the order window.
 */
export function holdingExit(h: Pick<HoldingView, "totalQuantity" | "deliveryQty" | "bnplQty">, instrument: { exchange: Exchange; token: string; symbol: string }): ExitIntent | undefined {
  if (h.totalQuantity <= 0) return undefined;
  return {
    exchange: instrument.exchange,
    token: instrument.token,
    tradingSymbol: instrument.symbol,
    transactionType: "SELL",
    quantity: h.totalQuantity,
    product: h.deliveryQty > 0 ? "DELIVERY" : "BNPL",
  };
}

/** The line the exit-all confirmation shows for one order: "SELL 10 INFY-EQ (NSEEQ, INTRADAY) at MARKET". */
export function exitLine(o: Pick<OrderRequest, "transactionType" | "quantity" | "exchange" | "product" | "orderType">, tradingSymbol: string): string {
  return `${o.transactionType} ${o.quantity} ${tradingSymbol} (${o.exchange}, ${o.product}) at ${o.orderType}`;
}
