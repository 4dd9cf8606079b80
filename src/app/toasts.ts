import toast from "react-hot-toast";
import { TOAST_MS } from "../data/config";
import { setToastSink, type Toast } from "../core/notify";

/**
 * The core's toasts through react-hot-toast, bottom right above the status bar (App.tsx), 4500 ms by default. The toast id is
 * its kind and text, so an identical toast replaces the one on screen instead of stacking; a toast
 * may name its own id (a trailing stop's moves: one toast per order, its figures updated in place).
 */
export function installToasts(): void {
  setToastSink((t: Toast) => {
    const id = t.id ?? `${t.kind}:${t.text}`;
    const opts = { id, duration: t.durationMs ?? TOAST_MS, className: `toast toast-${t.kind}` };
    if (t.kind === "success") toast.success(t.text, opts);
    else if (t.kind === "danger") toast.error(t.text, opts);
    else toast(t.text, opts);
  });
}
