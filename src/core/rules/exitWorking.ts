import { formatPrice } from "../format";
import type { Order } from "../wire/orders";
import type { ExitIntent } from "./positionExit";
import { isOpenOrder } from "./orderStatus";

/**
 * An order as the rule reads it. The fields past the instrument, side and quantity may be absent
 * (a bulk plan's book read without them): an order without a product exits no position's product,
 * so it is not counted.
 */
export type WorkingOrder = Pick<Order, "orderNo" | "orderStatus" | "exchange" | "token" | "transactionType" | "pendingQuantity" | "price"> &
  Partial<Pick<Order, "product" | "orderComplexity" | "mainLegOrderId" | "orderType" | "slTriggerPrice" | "triggerPrice">>;

/** The working orders already exiting the position `e` exits: same instrument and product, its side, oldest first as the book lists them. */
export function exitingOrders(e: Pick<ExitIntent, "exchange" | "token" | "product" | "transactionType">, orders: readonly WorkingOrder[]): WorkingOrder[] {
  return orders.filter(
    (o) =>
      isOpenOrder(o) &&
      !o.mainLegOrderId &&
      o.orderComplexity !== "BO" &&
      o.orderComplexity !== "CO" &&
      o.exchange === e.exchange &&
      String(o.token) === String(e.token) &&
      o.product === e.product &&
      o.transactionType === e.transactionType &&
      o.pendingQuantity > 0,
  );
}

/** "SELL 10 @ 990.00, order 2612070000023": a working order as the exit window names it. */
function orderWords(o: WorkingOrder): string {
  const p = (n: number) => formatPrice(n, o.exchange);
  const trigger = o.slTriggerPrice || o.triggerPrice || 0;
  const at = o.orderType === "MARKET" ? "at market" : o.orderType === "SLM" ? `at market on trigger ${p(trigger)}` : o.orderType === "SL" ? `@ ${p(o.price)}, trigger ${p(trigger)}` : `@ ${p(o.price)}`;
  return `${o.transactionType} ${o.pendingQuantity} ${at}, order ${o.orderNo}`;
}

/**
 * The exit `x` opens when working orders already exit part or all of the position (FINDINGS-24 s3).
 * DESIGN.md 1: "What a window or form shows is exactly what it sends": a second full-size exit beside
 * a working target SELL 10 @ 990 filled, closed the position, and left the target to open a short.
 * Decisions (the spec is silent):
 * - the window pre-fills the open quantity less the working orders' pending quantity, and names
 *   them: "SELL 10 @ 990.00, order N, already exits this position";
 * - wholly covered, it pre-fills 0 (Enter refuses "Enter a quantity") and says so: the trader
 *   types a quantity to exit more (which the broker margins as the opening order it is), or
 *   modifies or cancels the working order (a separate command, in Orders);
 * - what is left over exits as before; the working orders are not touched.
 */
export function exitBeyondWorking(e: ExitIntent | undefined, orders: readonly WorkingOrder[]): ExitIntent | undefined {
  if (!e) return e;
  const cover = workingCover(e, orders);
  if (!cover) return e;
  const { exiting, left, already } = cover;
  const opens = e.transactionType === "SELL" ? "a short" : "a long";
  const note =
    left === 0
      ? `${already} of this position: a quantity typed here opens ${opens}. Modify or cancel ${exiting.length > 1 ? "those orders" : "that order"} in Orders to exit otherwise`
      : `${already} of this position: this exits the other ${left}`;
  return { ...e, quantity: left, note: e.note ? `${note}. ${e.note}` : note };
}

/**
 * How much of the exit `e` the working orders already exit: those orders, their pending quantity
 * (`covered`), what is left to exit (never below 0), the orders named ("SELL 10 @ 990.00, order N")
 * and `already`, the words every exit that counts by it says them in ("SELL 10 @ 990.00, order N,
 * already exits 10"; "..., already exit all 75" when nothing is left). Undefined when no working
 * order exits it. The one rule x (exitBeyondWorking) and Exit all
 * (rules/bulkAction.ts planBulk) count by.
 */
export function workingCover(e: Pick<ExitIntent, "exchange" | "token" | "product" | "transactionType" | "quantity">, orders: readonly WorkingOrder[]): { exiting: WorkingOrder[]; covered: number; left: number; named: string; already: string } | undefined {
  const exiting = exitingOrders(e, orders);
  if (exiting.length === 0) return undefined;
  const covered = exiting.reduce((s, o) => s + o.pendingQuantity, 0);
  const left = Math.max(0, e.quantity - covered);
  const named = exiting.map(orderWords).join("; ");
  return { exiting, covered, left, named, already: `${named}, already ${exiting.length > 1 ? "exit" : "exits"} ${left === 0 ? `all ${e.quantity}` : covered}` };
}
