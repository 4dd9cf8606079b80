import type { Order } from "../types/order";
import { formatPrice } from "../format";
import { displayPrice, displayStatus } from "./orderStatus";

/**
 * The order book's price, trigger and average cells as figures, one rule for the book on screen and
 * the orders file: what the screen shows is what the file says. `undefined` is a blank cell.
 */

/** What the book shows for a price a MARKET or SL-M order does not have. */
export const MARKET_PRICE = "MKT";

/** A MARKET or SL-M order has no price of its own until it fills ("0.00" read as a price of zero); a filled one shows its fill price. */
export function bookPrice(o: Pick<Order, "orderType" | "orderStatus" | "quantity" | "pendingQuantity" | "price" | "averageTradedPrice">): number | typeof MARKET_PRICE {
  const market = (o.orderType === "MARKET" || o.orderType === "SLM") && displayStatus(o) !== "COMPLETE";
  return market ? MARKET_PRICE : displayPrice(o);
}

/** The price cell's text: "MKT", or the price in the exchange's decimals. */
export function bookPriceText(o: Parameters<typeof bookPrice>[0] & Pick<Order, "exchange">): string {
  const shown = bookPrice(o);
  return shown === MARKET_PRICE ? shown : formatPrice(shown, o.exchange);
}

/** SL and SL-M orders carry a trigger; other order types have none, and the cell is blank. */
export function bookTrigger(o: Pick<Order, "slTriggerPrice">): number | undefined {
  return o.slTriggerPrice ? o.slTriggerPrice : undefined;
}

/** An average of no fills is no figure: blank until something fills. */
export function bookAveragePrice(o: Pick<Order, "filledQuantity" | "averageTradedPrice">): number | undefined {
  return o.filledQuantity > 0 ? o.averageTradedPrice : undefined;
}
