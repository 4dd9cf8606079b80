import type { OrderUpdate } from "../types/orderUpdate";
import { updateWord } from "./orderToast";
import { gttIdOfTag, type GttEventMessage } from "./gttEvent";

/** The words of an update that says an order was placed (orderToast.ts updateWord), as a GTT's firing places it. */
const PLACEMENT_WORDS: ReadonlySet<string> = new Set(["Placed", "Trigger pending", "AMO placed"]);

/** How many firings are remembered: far more than a toast's life ever sees. */
const REMEMBERED = 200;

/**
 * One firing, one toast. A GTT whose order was placed is told twice on the order topic: by its
 * order's updates ("Placed: … by GTT 5", orderToast.ts) and by the broker's GTT message (gttEvent.ts,
 * which comes after the order's update). Whichever toast is said first tells the firing:
 * - the GTT message first (the order's "open" is held 500 ms, rules/orderUpdates.ts): its toast says
 *   the price that fired it and the order's number, and the order's placement toast is not said;
 * - an order's toast first (a marketable order fills at once, and "Filled … by GTT 5" is shown
 *   without a hold): the GTT message says nothing more.
 * The order's later updates (a fill, a rejection, a cancel) are events of their own and say theirs.
 * A refused or lapsed GTT has no order: its toast is always said. Pure and per window: every window
 * hears the same messages in the same order, so each decides the same (only one shows toasts).
 */
export class GttFiringToasts {
  /** By GTT id: who told its firing. */
  private readonly told = new Map<string, "gtt" | "order">();

  /** Whether the toast of a shown order update is said (call only when it would be). */
  sayOrder(u: Pick<OrderUpdate, "orderTag" | "orderStatus" | "orderType" | "modified">): boolean {
    const id = gttIdOfTag(u.orderTag);
    if (id === undefined) return true;
    const by = this.told.get(id);
    if (by === "gtt" && PLACEMENT_WORDS.has(updateWord(u))) return false;
    if (by === undefined) this.remember(id, "order");
    return true;
  }

  /** Whether a GTT message's toast is said (call only when it would be). */
  sayGtt(m: Pick<GttEventMessage, "gttId" | "status">): boolean {
    if (m.status !== "TRIGGERED") return true;
    if (this.told.has(m.gttId)) return false;
    this.remember(m.gttId, "gtt");
    return true;
  }

  private remember(id: string, by: "gtt" | "order"): void {
    this.told.set(id, by);
    if (this.told.size > REMEMBERED) this.told.delete(this.told.keys().next().value!);
  }
}
