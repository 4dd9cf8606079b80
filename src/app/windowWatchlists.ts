import { applyOtherWindowAnswer, onWatchlistAnswer } from "../data/stores/watchlist";
import { hearWindows, tellWindows } from "../feed/session";

/**
 * A watchlist edit made in one window shows in every window of the browser at once (an add in tab
 * B showed in tab A only after a reload, and A's saved order then left out B's scrip). The window
 * that made the edit tells the broker's answer on the windows' shared channel, the feed group's
 * (feed/shared.ts), which carries only this client's windows; the others show that same answer.
 * Why not the broker: it pushes no watchlist change on its feed, and the answer is already here,
 * so no window asks again. Another browser reads the lists when its watchlist pane next loads.
 */
export function installWindowWatchlists(): void {
  onWatchlistAnswer((answer) => tellWindows({ t: "watchlist", answer }));
  hearWindows((m) => {
    if (m.t === "watchlist") applyOtherWindowAnswer(m.answer);
  });
}
