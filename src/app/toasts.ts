import toast from "react-hot-toast";
import { TOAST_MS } from "../data/config";
import { setToastSink, type Toast } from "../core/notify";
import { ToastRepeats } from "../core/rules/toastRepeats";
import { toastMs } from "../core/rules/toastTime";

/**
 * The core's toasts through react-hot-toast, bottom right above the status bar (App.tsx), 4500 ms by default, longer
 * when the text takes longer to read (rules/toastTime.ts). The toast id is
 * its kind and text, so an identical toast replaces the one on screen instead of stacking, counting
 * its repeats ("… ×2", rules/toastRepeats.ts: of events, so a modify told by the window and by its
 * update counts once); a toast may name its own id (a trailing stop's moves:
 * one toast per order, its figures updated in place), and is then not counted. A "\n" in the text
 * starts a line (the library's message keeps them: white-space pre-line).
 */
export function installToasts(): void {
  const repeats = new ToastRepeats();
  setToastSink((t: Toast) => {
    const id = t.id ?? `${t.kind}:${t.text}`;
    const duration = toastMs(t.text, t.durationMs ?? TOAST_MS);
    const text = t.id ? t.text : repeats.text(id, t.text, Date.now(), duration, t.tells);
    // A toast of lines (a basket's legs, one a line) is as wide as a leg's line, not the library's 350 px that wrapped each in two.
    const opts = { id, duration, className: `toast toast-${t.kind}${t.text.includes("\n") ? " toast-lines" : ""}` };
    if (t.kind === "success") toast.success(text, opts);
    else if (t.kind === "danger") toast.error(text, opts);
    else toast(text, opts);
  });
}
