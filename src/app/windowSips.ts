import { onSipsChanged, refreshSips } from "../data/stores/alerts";
import { hearWindows, tellWindows } from "../feed/session";

/**
 * A SIP made or cancelled in one window shows in every window of the browser (a second tab's list
 * stayed as it was, and its Delete on the cancelled SIP was refused). The window that changed the
 * SIPs says so on the windows' shared channel, as watchlist edits go (windowWatchlists.ts); the
 * others read the list again from the broker, which keeps each SIP's state and last result.
 */
export function installWindowSips(): void {
  onSipsChanged(() => tellWindows({ t: "sips" }));
  hearWindows((m) => {
    // A window that never read its SIPs has nothing to change: its first read brings the same.
    if (m.t === "sips") void refreshSips({ ifLoaded: true });
  });
}
