import { exitablePositions } from "../../core/rules/positions";
import type { BulkPlan } from "../../core/rules/bulkAction";
import { positions$ } from "../../data/stores/portfolio";
import { openOverlay } from "../../data/stores/ui";
import { armBulk, fireArmed } from "../bulk";
import { overlay$ } from "../../data/stores/ui";
import { planIsEmpty } from "../../core/rules/bulkAction";
import { command } from "../types";
import { signedIn } from "../when";
import { signedOut } from "../whyNot";


/** The plan of the bulk action armed on screen, when it has anything to send. */
function armedPlan(): BulkPlan | undefined {
  const top = overlay$.top.peek();
  return top.kind === "bulkAction" && !planIsEmpty(top.plan) ? top.plan : undefined;
}

/**
 * Issue 19's power tools. Armed bulk actions: each opens its preview (counts, instruments,
 * estimated value) armed for 3 s; Esc aborts, Enter sends now; the dialog runs bulk.send when the count ends; the
 * session log lists them. The order latency log.
 */
export const powerCommands = [
  command({
    id: "order.cancelAll",
    keys: ["shift+delete"],
    title: "Cancel all open orders",
    bulk: true,
    group: "Orders",
    keywords: ["bulk", "cancel everything"],
    when: signedIn,
    run: () => armBulk("cancelAll"),
  }),
  command({
    // "Position exit is enabled according to the count of long positions that are not BO or CO."
    // Its key works where the trader looks at the positions, Positions: on Holdings (where x sells the
    // holding) it is refused, never arming a market exit of every position (FINDINGS-30 §1).
    id: "position.exitAll",
    keys: ["shift+x"],
    scope: "positions",
    title: "Exit all positions",
    bulk: true,
    group: "Portfolio",
    keywords: ["square off all", "close all", "bulk"],
    whyNot: (ctx) => signedOut(ctx) ?? (exitablePositions(positions$.rows.peek()).length > 0 ? undefined : "Exit all: no long position to exit (BO and CO positions leave through their own legs)"),
    run: () => armBulk("exitAll"),
  }),
  command({
    id: "bulk.flattenAll",
    title: "Flatten all: cancel every open order and exit every position",
    bulk: true,
    group: "Portfolio",
    keywords: ["flat", "square off everything", "panic", "close all", "bulk"],
    when: signedIn,
    run: () => armBulk("flattenAll"),
  }),
  command({
    id: "bulk.send",
    title: "Send a bulk action (after its countdown)",
    group: "Orders",
    hidden: true,
    when: signedIn,
    run: async (_ctx, plan: BulkPlan) => {
      await fireArmed(plan);
    },
  }),
  command({
    // Issue 28: Enter during the countdown does what its button says, Send now; never a silent abort.
    // The preview was read, and Enter is the trader's yes, as in every confirmation; Esc aborts.
    id: "bulk.sendNow",
    keys: ["enter"],
    scope: "bulkAction",
    title: "Send the armed bulk action now",
    group: "Orders",
    hidden: true,
    when: (ctx) => signedIn(ctx) && armedPlan() !== undefined,
    run: () => {
      const plan = armedPlan();
      if (plan) return fireArmed(plan);
    },
  }),
  command({
    id: "bulk.log",
    title: "Session log of bulk actions",
    group: "Orders",
    keywords: ["history", "cancel all", "exit all", "flatten"],
    when: signedIn,
    run: () => {
      openOverlay({ kind: "sessionLog" });
    },
  }),
  command({
    // Issues 19 and 29: Enter to acknowledgement and to first update, typing and window time apart; the last 100 orders, p50 and p95.
    id: "orders.latency",
    title: "Order latency log",
    group: "Orders",
    keywords: ["latency", "speed", "keystroke", "acknowledgement", "p95"],
    when: signedIn,
    run: () => {
      openOverlay({ kind: "latency" });
    },
  }),
];
