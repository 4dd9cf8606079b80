import { observable } from "@legendapp/state";
import { emitSignal } from "../../core/events";
import { fetchHealth } from "../api/health";
import { reloadAllPanes } from "./paneReload";
import { resetBooksState } from "./sessionReset";

/**
 * Whose books the broker answers from: the live paper market's, or one replayed day's (issue 35).
 * A replay keeps its orders, positions, GTTs, alerts and baskets in a database of its own, and
 * starting or leaving one restarts the broker on the other: what the app holds of the books it
 * left would be shown, and acted on by name, against books that no longer have it.
 */
// A run of a day has books of its own: replaying the same day again starts on empty ones (server/replay/mode.ts).
const booksOf = (clockMode: string, replayDate: string | undefined, replayRun?: string): string => (clockMode === "replay" ? `replay ${replayDate ?? ""} ${replayRun ?? ""}` : "live");

/** Asks the broker whose books it answers from now; undefined when it does not answer. */
export async function askBrokerBooks(): Promise<string | undefined> {
  const { health } = await fetchHealth(5000);
  return health ? booksOf(health.clockMode, health.replayDate, health.replayRun) : undefined;
}

let answering: string | undefined;

/**
 * The books the broker answers from, as last heard: "live", or "replay <date> <run>". A replay's books
 * number their orders afresh (2612070000001 again on the live date), so state kept by order number
 * keys it by these books too (latency.ts). "live" before the first answer: the app starts on live books.
 */
export const booksAnswering = (): string => answering ?? "live";

/**
 * booksAnswering as a value a pane reads and re-renders on: the first answer after a page load in a
 * replay changes no books for the app (nothing to forget, no pane remounted), but what a pane drew
 * from "live" before it, a strategy's held marks (heldBooks.ts), is the replay's to draw.
 */
export const booksAnswering$ = observable("live");
const onChange = new Set<() => void>();

/** Told after each change of books, once the books states are reset (the order budget learns this side's sends). */
export function onBrokerBooksChange(fn: () => void): () => void {
  onChange.add(fn);
  return () => onChange.delete(fn);
}

/**
 * Told by each health answer. On a change of books (never on the first answer): the books the app
 * holds are forgotten (the `books` client states) and every pane mounts anew and loads its own.
 * The orders, positions and funds, not forgotten, are reloaded by the feed's reconnect to the
 * restarted broker (orderUpdates.ts); the risk desk and the order rate budget are shown outside any
 * pane (the header's kill-switch badge, the status bar), so they are asked for here (the budget
 * through onBrokerBooksChange: importing orderBudget.ts here would make an import cycle).
 */
export function noteBrokerBooks(clockMode: string, replayDate: string | undefined, replayRun?: string): void {
  const now = booksOf(clockMode, replayDate, replayRun);
  const was = answering;
  answering = now;
  booksAnswering$.set(now);
  if (was === undefined || was === now) return;
  resetBooksState();
  reloadAllPanes();
  emitSignal("risk.refresh");
  for (const fn of onChange) fn();
}
