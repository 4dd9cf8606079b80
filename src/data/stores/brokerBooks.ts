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
const booksOf = (clockMode: string, replayDate: string | undefined): string => (clockMode === "replay" ? `replay ${replayDate ?? ""}` : "live");

/** Asks the broker whose books it answers from now; undefined when it does not answer. */
export async function askBrokerBooks(): Promise<string | undefined> {
  const { health } = await fetchHealth(5000);
  return health ? booksOf(health.clockMode, health.replayDate) : undefined;
}

let answering: string | undefined;

/**
 * Told by each health answer. On a change of books (never on the first answer): the books the app
 * holds are forgotten (the `books` client states) and every pane mounts anew and loads its own.
 * The orders, positions and funds, not forgotten, are reloaded by the feed's reconnect to the
 * restarted broker (orderUpdates.ts); the risk desk is shown outside any pane (the header's
 * kill-switch badge), so it is asked for here.
 */
export function noteBrokerBooks(clockMode: string, replayDate: string | undefined): void {
  const now = booksOf(clockMode, replayDate);
  const was = answering;
  answering = now;
  if (was === undefined || was === now) return;
  resetBooksState();
  reloadAllPanes();
  emitSignal("risk.refresh");
}
