import { observable } from "@legendapp/state";
import type { Position } from "../../core/types";
import type { GttFormInit } from "./gtt";
import { onSessionReset } from "./sessionReset";

/** Which overlay is on top. One at a time: Esc closes it and focus returns to the workspace. */
export type Overlay =
  | { kind: "none" }
  | { kind: "palette"; initial: string }
  | { kind: "keymap" }
  | { kind: "search" }
  /** A confirmation runs a command when accepted, so that the confirmed action still goes through the one door. */
  | { kind: "confirm"; title: string; lines: string[]; confirmLabel: string; commandId: string; args?: unknown }
  /** Portfolio dialogs (trading-core section 2): convert position, position info; funds: add funds. */
  | { kind: "convertPosition"; position: Position }
  | { kind: "positionInfo"; position: Position }
  | { kind: "addFunds" }
  /** The order window as a dialog (its state lives in stores/orderWindow.ts). */
  | { kind: "orderWindow" }
  /** The order info dialog: Information and History tabs. */
  | { kind: "orderInfo"; orderNo: string }
  /** The GTT form (place or modify), its own overlay so the order window can embed it later. */
  | { kind: "gtt"; init: GttFormInit }
  /** Profile dialogs at login (section 6); `then` opens after this one closes. */
  | { kind: "dormant"; then?: Overlay }
  | { kind: "riskDisclosure"; then?: Overlay }
  | { kind: "changePassword" }
  /** Watchlist rename (at most 40 characters; the broker's message when it refuses). */
  | { kind: "renameWatchlist"; mwId: number; name: string };

// Wrapped in an object: legend-state types a union-valued root awkwardly, a union-valued field well.
export const overlay$ = observable<{ top: Overlay }>({ top: { kind: "none" } });
// A dialog of the last client (an order info, a confirmation) must not greet the next one.
onSessionReset(() => overlay$.set({ top: { kind: "none" } }));

export function openOverlay(o: Overlay): void {
  overlay$.set({ top: o });
}

/**
 * Closes the top overlay; with `kind`, only if that is what is on top (a late close must not
 * hit its successor). A queued dialog (dormant, then the risk disclosure) opens as the one
 * before it closes.
 */
export function closeOverlay(kind?: Overlay["kind"]): void {
  const top = overlay$.top.peek();
  if (kind && top.kind !== kind) return;
  const next: Overlay = (top.kind === "dormant" || top.kind === "riskDisclosure") && top.then ? top.then : { kind: "none" };
  overlay$.set({ top: next });
}

/** The window's width, kept by the app, read by route rules and `when` clauses. */
export const viewport$ = observable<{ width: number }>({ width: typeof window === "undefined" ? 1440 : window.innerWidth });
