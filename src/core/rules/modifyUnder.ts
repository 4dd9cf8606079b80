import type { Exchange } from "../types/exchange";
import type { Order } from "../types/order";
import type { OrderWindowState } from "../types/orderWindow";
import { formatPrice } from "../format";
import { isOpenOrder } from "./orderStatus";
import { stateFromOrder } from "./orderWindowInit";

/**
 * A modify window whose order changed under it (another device modified it, it filled, it was
 * cancelled): DESIGN.md 2, "Orders are never placed from a stale form". A modify sends every figure
 * of the window, so the figures it opened with, sent after the order moved, would undo the other
 * change without a word (a stop tightened from the phone put back by the desk).
 */

/** The figures a modify sends and a trader reads, as the window holds them. */
const FIGURES = ["quantity", "price", "triggerPrice", "disclosedQuantity", "priceType", "validity"] as const;
type Figure = (typeof FIGURES)[number];

const NAMES: Record<Figure, string> = { quantity: "qty", price: "price", triggerPrice: "trigger", disclosedQuantity: "disclosed qty", priceType: "price type", validity: "validity" };

type Contract = { exchange: Exchange; lotSize: number };

/** What a moved order does to its modify window: the window to show, and what it says. */
export interface ModifyMoved {
  state: OrderWindowState;
  /** What moved, as opened → now: "price 290.00 → 289.00", "status open → complete". */
  changes: string[];
}

/**
 * The order the window modifies, as the book has it now, against the order it opened on and the
 * window as typed. A figure the trader left as it opened takes the order's new one; one he changed
 * stays as typed (his change is what he means to send). Undefined when nothing is stale: the order
 * did not move, or moved to what the window already shows (the window's own modify, answered while
 * it stays open). A move between working statuses is no change to the form; leaving them is.
 */
export function modifyMoved(typed: OrderWindowState, opened: Order, now: Order, contract: Contract): ModifyMoved | undefined {
  const a = stateFromOrder(opened, contract);
  const b = stateFromOrder(now, contract);
  const moved = FIGURES.filter((f) => a[f] !== b[f] && typed[f] !== b[f]);
  const closed = isOpenOrder(opened) && !isOpenOrder(now);
  if (moved.length === 0 && !closed) return undefined;
  const state: OrderWindowState = { ...typed };
  for (const f of FIGURES) if (typed[f] === a[f] && b[f] !== undefined) (state as unknown as Record<Figure, unknown>)[f] = b[f];
  const shown = (f: Figure, v: unknown) => (f === "price" || f === "triggerPrice" ? (v ? formatPrice(Number(v), contract.exchange) : "none") : String(v));
  const changes = moved.map((f) => `${NAMES[f]} ${shown(f, a[f])} → ${shown(f, b[f])}`);
  if (closed) changes.push(`status ${opened.orderStatus} → ${now.orderStatus}`);
  return { state, changes };
}

/** What the window says: what moved, and that Enter now sends what it shows (or that there is nothing left to modify). */
export function orderMovedText(now: Order, changes: readonly string[]): string {
  const what = `This order changed since the window opened: ${changes.join(", ")}.`;
  if (!isOpenOrder(now)) return `${what} It is no longer open: there is nothing to modify.`;
  return `${what} The window now shows it (your own changes kept): check and press Enter again.`;
}
