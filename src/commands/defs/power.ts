import { exitablePositions } from "../../core/rules/positions";
import type { BulkPlan } from "../../core/rules/bulkAction";
import { positions$ } from "../../data/stores/portfolio";
import { openOverlay } from "../../data/stores/ui";
import { armBulk, sendBulk } from "../bulk";
import type { Command, CommandContext } from "../types";
import { signedOut } from "../whyNot";

const signedIn = (ctx: CommandContext) => ctx.clientCode !== undefined;

/**
 * Issue 19's power tools. Armed bulk actions: each opens its preview (counts, instruments,
 * estimated value) armed for 3 s; Esc aborts; the dialog runs bulk.send when the count ends; the
 * session log lists them. The order latency log.
 */
export const powerCommands: Command[] = [
  {
    id: "order.cancelAll",
    keys: ["shift+delete"],
    title: "Cancel all open orders",
    group: "Orders",
    keywords: ["bulk", "cancel everything"],
    when: signedIn,
    run: () => armBulk("cancelAll"),
  },
  {
    // "Position exit is enabled according to the count of long positions that are not BO or CO."
    id: "position.exitAll",
    keys: ["shift+x"],
    scope: "portfolio",
    title: "Exit all positions",
    group: "Portfolio",
    keywords: ["square off all", "close all", "bulk"],
    whyNot: (ctx) => signedOut(ctx) ?? (exitablePositions(positions$.rows.peek()).length > 0 ? undefined : "Exit all: no long position to exit (BO and CO positions leave through their own legs)"),
    run: () => armBulk("exitAll"),
  },
  {
    id: "bulk.flattenAll",
    title: "Flatten all: cancel every open order and exit every position",
    group: "Portfolio",
    keywords: ["flat", "square off everything", "panic", "close all", "bulk"],
    when: signedIn,
    run: () => armBulk("flattenAll"),
  },
  {
    id: "bulk.send",
    title: "Send a bulk action (after its countdown)",
    group: "Orders",
    hidden: true,
    when: signedIn,
    run: (_ctx, args) => {
      const plan = args as BulkPlan | undefined;
      if (plan?.kind) return sendBulk(plan);
    },
  },
  {
    id: "bulk.log",
    title: "Session log of bulk actions",
    group: "Orders",
    keywords: ["history", "cancel all", "exit all", "flatten"],
    when: signedIn,
    run: () => openOverlay({ kind: "sessionLog" }),
  },
  {
    // Issue 19: keystroke to acknowledgement and to first update, the last 100 orders, p50 and p95.
    id: "orders.latency",
    title: "Order latency log",
    group: "Orders",
    keywords: ["latency", "speed", "keystroke", "acknowledgement", "p95"],
    when: signedIn,
    run: () => openOverlay({ kind: "latency" }),
  },
];
