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
 * which comes after the order's update). Only the GTT message knows which leg fired, so it always
 * tells the firing, once:
 * - the GTT message first (the order's "open" is held 500 ms, rules/orderUpdates.ts): its toast says
 *   the leg, the price that fired it and the order, and the order's placement toast is not said;
 * - an order's toast first (a marketable order fills at once, and "Filled … by GTT 5" is shown
 *   without a hold): the GTT message's toast follows it. It was dropped, and nothing said whether
 *   the target or the stop-loss had gone (FINDINGS-26 s4).
 * The order's later updates (a fill, a rejection, a cancel) are events of their own and say theirs.
 * A refused or lapsed GTT has no order: its toast is always said. Pure and per window: every window
 * hears the same messages in the same order, so each decides the same (only one shows toasts).
 */
export class GttFiringToasts {
  /** The GTT ids whose firing the GTT message has told, oldest first. */
  private readonly told = new Set<string>();

  /** Whether the toast of a shown order update is said (call only when it would be). */
  sayOrder(u: Pick<OrderUpdate, "orderTag" | "orderStatus" | "orderType" | "modified">): boolean {
    const id = gttIdOfTag(u.orderTag);
    return id === undefined || !(this.told.has(id) && PLACEMENT_WORDS.has(updateWord(u)));
  }

  /** Whether a GTT message's toast is said (call only when it would be). */
  sayGtt(m: Pick<GttEventMessage, "gttId" | "status">): boolean {
    if (m.status !== "TRIGGERED") return true;
    if (this.told.has(m.gttId)) return false;
    this.told.add(m.gttId);
    if (this.told.size > REMEMBERED) this.told.delete(this.told.values().next().value!);
    return true;
  }
}
