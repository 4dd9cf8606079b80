import { keyOfEvent, normalizeKey } from "../../../commands/keyNames";
import { ORDER_LINE_KEYS, type OrderLineKey } from "../../../core/charts/orderLines/keys";
import type { ChartLine } from "../../../core/charts/orderLines/lines";
import type { OrderLinesController } from "./controller";

/** Sends one moved line's modify; settles when it is answered (whatever the answer). */
export type SendLineMove = (move: { line: ChartLine; price: number }) => Promise<void>;

/** Enter (or the bar's Modify): the one modify of the moved line, then the selection is free again. */
export async function sendSelected(c: OrderLinesController, send: SendLineMove): Promise<void> {
  const move = c.act({ kind: "send" }).send;
  if (!move) return;
  try {
    await send(move);
  } finally {
    c.act({ kind: "answered" });
  }
}

function applies(k: OrderLineKey, c: OrderLinesController): boolean {
  const s = c.selection();
  if (k.needs === "lines") return c.lines().some((l) => l.target);
  if (k.needs === "selected") return s.selected !== null;
  return s.selected !== null && s.pending !== null;
}

/**
 * The order lines' keys on a window with no command registry for its chart (the charts host's
 * full chart page, the pop-out chart): the same table as the app's chart commands
 * (core/charts/orderLines/keys.ts), read by the keymap's own rules. A key acts only where the app's
 * command would (a Tab with no movable line stays the browser's); while a modify is in flight,
 * every one of them is held. Answers the removal of the listener.
 */
export function bindOrderLineKeys(target: Window, c: OrderLinesController, send: SendLineMove): () => void {
  const byKey = new Map<string, OrderLineKey>(ORDER_LINE_KEYS.flatMap((k) => k.keys.map((key) => [normalizeKey(key), k] as const)));
  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof Element && e.target.closest("input, textarea, select, [contenteditable], [role=dialog]")) return;
    const key = keyOfEvent(e);
    const k = key === undefined ? undefined : byKey.get(key);
    if (!k) return;
    if (c.selection().sending !== null) return void e.preventDefault();
    if (!applies(k, c)) return;
    if (k.action.kind === "send") {
      e.preventDefault();
      void sendSelected(c, send);
      return;
    }
    // Tab past the last line (Shift+Tab before the first) deselects and leaves: the browser's own Tab goes on.
    if (!c.act(k.action).leave) e.preventDefault();
  };
  target.addEventListener("keydown", onKey);
  return () => target.removeEventListener("keydown", onKey);
}
