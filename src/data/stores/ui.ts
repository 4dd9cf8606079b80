import { observable } from "@legendapp/state";
import type { Dialogs } from "./dialogs";
import { forms$ } from "./forms";
import { clientState } from "./sessionReset";

/** A dialog's id, as ./dialogs.ts lists them with their props. */
export type DialogId = keyof Dialogs;

/** Which overlay is on top: a dialog with its props, or none. One at a time: Esc closes it and focus returns to the workspace. */
export type Overlay = { kind: "none" } | { [K in DialogId]: { kind: K } & Dialogs[K] }[DialogId];

// Wrapped in an object: legend-state types a union-valued root awkwardly, a union-valued field well.
export const overlay$ = observable<{ top: Overlay }>({ top: { kind: "none" } });
// A dialog of the last client (an order info, a confirmation) must not greet the next one.
clientState({ name: "overlay", holds: () => overlay$.peek(), reset: () => overlay$.set({ top: { kind: "none" } }) });

/** Opens a dialog; a form in it starts with no refusal left from its last opening (forms.ts). */
export function openOverlay(o: Overlay): void {
  if (o.kind !== "none") forms$[o.kind].delete();
  overlay$.set({ top: o });
}

/**
 * Closes the top overlay; with `kind`, only if that is what is on top (a late close must not
 * hit its successor). A dialog opened with a `then` (the dormant dialog, then the risk
 * disclosure) opens that one as it closes.
 */
export function closeOverlay(kind?: DialogId): void {
  const top = overlay$.top.peek();
  if (kind && top.kind !== kind) return;
  const then = (top as { then?: Overlay }).then;
  overlay$.set({ top: then ?? { kind: "none" } });
}

/** The window's width, kept by the app, read by route rules and `when` clauses. */
export const viewport$ = observable<{ width: number }>({ width: typeof window === "undefined" ? 1440 : window.innerWidth });

/** The header's user menu: open or not. A command opens it (user.menu) as the button does. */
export const userMenu$ = observable<{ open: boolean }>({ open: false });
clientState({ name: "userMenu", holds: () => userMenu$.peek(), reset: () => userMenu$.open.set(false) });
