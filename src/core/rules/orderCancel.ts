import type { Order } from "../types/order";
import { isModifiableStatus } from "./orderStatus";
import { countOf, filledOf } from "./orderFilled";
import { orderLine, productPart, updateWord } from "./orderToast";

/** What the cancel question asks, and the words of its accepting button. */
export interface CancelQuestion {
  lines: string[];
  confirmLabel: string;
}

/**
 * The question Delete asks before cancelling one order: the order in the toasts' words with its
 * product (orderToast.ts), then what the cancel does. A cancel ends only what is still pending:
 * what has filled is traded and stays as a position (FINDINGS-26 s3: "Qty 8000 SELL SBIN-EQ …
 * Cancel it?" over an order 4,647 of which had sold, and the trader cancelling "the order" took
 * himself to be flat while INTRADAY −4,647 stayed open). So a partly filled order's question names
 * both: "Order no 2612070000011. 4,647 of 8,000 filled stay as your position; cancel the remaining
 * 3,353?". An order with nothing filled is asked about whole: "Order no …. Cancel it?".
 *
 * The question is drawn again from the book as the order changes while it is open (it read 323
 * filled where Positions already showed 651), so it may be asked of an order that has ended
 * meanwhile: then it says how it ended (the toasts' word), what stays, and that nothing is left to
 * cancel ("Order no …. Filled: all 8,000 stay as your position; nothing is left to cancel."), and
 * its button is only an OK: accepting sends no cancel.
 */
export function cancelQuestion(
  o: Pick<Order, "orderNo" | "orderStatus" | "quantity" | "filledQuantity" | "transactionType" | "tradingSymbol" | "orderType" | "exchange" | "price" | "slTriggerPrice"> & { product?: string },
): CancelQuestion {
  const head = `${orderLine(o)}${productPart(o.product)}`;
  const part = o.filledQuantity > 0 && o.filledQuantity < o.quantity ? o.filledQuantity : 0;
  if (!isModifiableStatus(o.orderStatus)) {
    const stays = o.filledQuantity >= o.quantity && o.quantity > 0 ? `all ${countOf(o.quantity)} stay as your position; ` : part ? `${filledOf(o)} stay as your position; ` : "";
    const how = updateWord({ orderStatus: o.orderStatus, orderType: o.orderType, modified: false });
    return { lines: [head, `Order no ${o.orderNo}. ${how}: ${stays}nothing is left to cancel.`], confirmLabel: "OK" };
  }
  const ask = part ? `${filledOf(o)} stay as your position; cancel the remaining ${countOf(o.quantity - part)}?` : "Cancel it?";
  return { lines: [head, `Order no ${o.orderNo}. ${ask}`], confirmLabel: "Cancel order" };
}
