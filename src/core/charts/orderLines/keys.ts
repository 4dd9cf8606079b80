import { TICKS_PER_SHIFT_STEP } from "./move";
import type { SelectionAction } from "./selection";

/**
 * The order lines' keys (issue 34, orders on the chart): one table, read by the app's command
 * registry (commands/defs/chartOrders.ts, where they can be rebound) and by the windows that have
 * no registry of their own for the chart (the charts host's full page, the pop-out chart:
 * panes/chart/orderLines/pageKeys.ts). Keys are in the keymap's spelling. `needs`: "lines" acts
 * when the chart has a movable line, "selected" when one is selected, "moved" when it was moved.
 */
export interface OrderLineKey {
  id: string;
  keys: readonly string[];
  title: string;
  action: SelectionAction;
  needs: "lines" | "selected" | "moved";
}

export const ORDER_LINE_STEP_KEYS = [
  { id: "chart.orders.next", keys: ["tab"], title: "Chart: select the next order line", action: { kind: "next" }, needs: "lines" },
  { id: "chart.orders.previous", keys: ["shift+tab"], title: "Chart: select the previous order line", action: { kind: "previous" }, needs: "lines" },
  { id: "chart.orders.up", keys: ["arrowup"], title: "Chart: move the selected order line a tick up", action: { kind: "move", ticks: 1 }, needs: "selected" },
  { id: "chart.orders.down", keys: ["arrowdown"], title: "Chart: move the selected order line a tick down", action: { kind: "move", ticks: -1 }, needs: "selected" },
  { id: "chart.orders.up.more", keys: ["shift+arrowup"], title: `Chart: move the selected order line ${TICKS_PER_SHIFT_STEP} ticks up`, action: { kind: "move", ticks: TICKS_PER_SHIFT_STEP }, needs: "selected" },
  { id: "chart.orders.down.more", keys: ["shift+arrowdown"], title: `Chart: move the selected order line ${TICKS_PER_SHIFT_STEP} ticks down`, action: { kind: "move", ticks: -TICKS_PER_SHIFT_STEP }, needs: "selected" },
] as const satisfies readonly OrderLineKey[];

/** Enter sends the one modify; Esc puts the line back (or deselects it). */
export const ORDER_LINE_SEND_KEY = { id: "chart.orders.send", keys: ["enter"], title: "Chart: modify the order to the moved line's price", action: { kind: "send" }, needs: "moved" } as const satisfies OrderLineKey;
export const ORDER_LINE_REVERT_KEY = { id: "chart.orders.revert", keys: ["escape"], title: "Chart: put the moved order line back (or deselect it)", action: { kind: "revert" }, needs: "selected" } as const satisfies OrderLineKey;

export const ORDER_LINE_KEYS: readonly OrderLineKey[] = [...ORDER_LINE_STEP_KEYS, ORDER_LINE_SEND_KEY, ORDER_LINE_REVERT_KEY];
