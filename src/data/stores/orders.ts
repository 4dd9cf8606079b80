import { coalesced } from "./coalesce";
import { isOk } from "../api/http";
import { observable } from "@legendapp/state";
import { fetchOrderBook, fetchTradeBook } from "../api/orders";
import { clientState, sessionEndedSince } from "./sessionReset";
import type { Order, Trade } from "../../core/types/order";
import { errorMessage } from "../../core/errorLog";
import { onSignal } from "../../core/events";

/**
 * The order book and the trade book as the broker last answered them. "EC916 no orders found"
 * is an empty book, not an error; other business errors keep the last list and say why.
 */
export interface OrdersState {
  orders: Order[];
  trades: Trade[];
  loaded: boolean;
  error: string | undefined;
}

const initialOrders = (): OrdersState => ({ orders: [], trades: [], loaded: false, error: undefined });

export const orders$ = observable<OrdersState>(initialOrders());
clientState({ name: "orders", holds: () => orders$.peek(), reset: () => orders$.set(initialOrders()) });

const EMPTY_CODES = new Set(["EC916"]);

/** Re-fetches both books. Calls while one is running collapse into one more fetch after it. */
export const refreshOrders = coalesced(() => fetchBoth());

// Here, not in the Orders pane: a chart's order lines, the bulk previews and `m`/`c` read this book
// whether or not an Orders pane is shown. Listened to in the pane only, the book stood still with
// none on screen: a basket's orders drew no line, and cancel all previewed (and left open) one fewer.
// A book nobody has asked for yet is not fetched: its first reader loads it.
onSignal("orders.refresh", () => {
  if (orders$.loaded.peek()) void refreshOrders();
});

async function fetchBoth(): Promise<void> {
  const ended = sessionEndedSince();
  try {
    const [book, trades] = await Promise.all([fetchOrderBook(), fetchTradeBook()]);
    if (ended()) return;
    const bookOk = isOk(book) || EMPTY_CODES.has(book.status);
    const tradesOk = isOk(trades) || trades.status.startsWith("EC");
    orders$.set({
      orders: bookOk ? (isOk(book) ? book.result : []) : orders$.orders.peek(),
      trades: tradesOk ? (isOk(trades) ? trades.result : []) : orders$.trades.peek(),
      loaded: true,
      error: bookOk ? undefined : book.message,
    });
  } catch (err) {
    if (ended()) return;
    orders$.assign({ loaded: true, error: errorMessage(err) });
  }
}

export function findOrder(orderNo: string): Order | undefined {
  return orders$.orders.peek().find((o) => o.orderNo === orderNo || o.brokerOrderId === orderNo);
}
