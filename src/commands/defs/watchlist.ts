import type { Exchange } from "../../core/types/exchange";
import type { Watchlist, WatchlistScrip } from "../../data/api/watchlist";
import { paneTabs, tabsOf } from "../../data/stores/tabs";
import { workspace } from "../../data/stores/workspace";
import { cursorKey } from "../listCursor";
import { openOverlay } from "../../data/stores/ui";
import { submitDialog } from "../form";
import {
  addToWatchlist, currentList, moveRow, pressSort, removeFromWatchlist, renameList, saveCustomOrder, watchlists$,
} from "../../data/stores/watchlist";
import { listForTab, scripKey, WATCHLIST_TAB } from "../../core/watchlist/view";
import { quoteStore } from "../../feed/session";
import { command, type CommandContext, type Selection } from "../types";
import { all, focusedOn, signedIn } from "../when";
import { needsInstrument, needsRow, signedOut } from "../whyNot";

/** The full-screen watchlist shows the same lists and tabs as the watchlist page. */
export const WATCHLIST_VIEWS = ["watchlist", "fullwl"] as const;
const onWatchlist = all(signedIn, focusedOn(...WATCHLIST_VIEWS));
/** The tab of the focused watchlist pane (its own; the full-screen watchlist has one too). */
const shownTab = (): number => {
  const focused = workspace.focusedPane();
  return focused ? paneTabs(focused, "watchlist").tab : tabsOf("watchlist").tab;
};
/** The list the focused watchlist pane shows. */
const shownList = (): Watchlist | undefined => currentList(shownTab());
/** "Predefined lists (isEdit false) cannot be edited": their editing commands are not offered. */
const onEditableList = (ctx: CommandContext) => onWatchlist(ctx) && shownList()?.isEdit === true;
/** In a focused watchlist, the keys that edit it say so on a predefined list. */
const editWhyNot = (ctx: CommandContext, doing: string) => signedOut(ctx) ?? (onEditableList(ctx) ? undefined : `${doing}: ${shownList()?.mwName ?? "this list"} is predefined and cannot be edited`);

/** What a watchlist row selects: its instrument, so b/s/d/g act on it. */
export function instrumentSelection(r: WatchlistScrip): Selection {
  return { kind: "instrument", exchange: r.exchange, token: r.token, symbol: r.tradingSymbol };
}

/** The live last price and percent of a row now, for a sort button (no subscription). */
const live = (exchange: Exchange, token: number) => {
  const q = quoteStore.quote(exchange, token);
  return { ltp: q.LastRate.peek(), pchg: q.pchg.peek() };
};

const sortCommand = <const Key extends "alpha" | "percent" | "ltp" | "exchange">(key: Key, label: string) =>
  command({
  id: `watchlist.sort.${key}` as const,
  title: `Watchlist: sort ${label}`,
  group: "Watchlist",
  keywords: ["sort", "order", label],
  when: onWatchlist,
  run: () => {
    const list = shownList();
    if (!list) return;
    // The cursor stays on its row number; the pane's selection follows the row now there.
    pressSort(list, key, live);
  },
  });

/** The selected instrument, when it is a row of the shown list. */
function selectedRow(ctx: CommandContext): WatchlistScrip | undefined {
  const s = ctx.selection;
  if (s?.kind !== "instrument") return undefined;
  return shownList()?.scrips.find((r) => scripKey(r) === `${s.exchange}:${s.token}`);
}

export const watchlistCommands = [
  sortCommand("alpha", "A-Z"),
  sortCommand("percent", "(%)"),
  sortCommand("ltp", "LTP"),
  sortCommand("exchange", "Exc"),
  command({
    id: "watchlist.order.save",
    title: "Watchlist: save order as custom order",
    group: "Watchlist",
    keywords: ["sort", "custom", "sortMwScrips"],
    when: onEditableList,
    run: async () => {
      const list = shownList();
      if (list) await saveCustomOrder(list);
    },
  }),
  command({
    id: "watchlist.row.moveUp",
    keys: ["shift+arrowup"],
    title: "Watchlist: move row up",
    group: "Watchlist",
    scope: "watchlist",
    keywords: ["custom order"],
    whyNot: (ctx) => editWhyNot(ctx, "Move row"),
    run: (ctx) => {
      const list = shownList();
      const key = cursorKey(ctx.focusedPaneId!);
      if (list && key) moveRow(list, key, -1);
    },
  }),
  command({
    id: "watchlist.row.moveDown",
    keys: ["shift+arrowdown"],
    title: "Watchlist: move row down",
    group: "Watchlist",
    scope: "watchlist",
    keywords: ["custom order"],
    whyNot: (ctx) => editWhyNot(ctx, "Move row"),
    run: (ctx) => {
      const list = shownList();
      const key = cursorKey(ctx.focusedPaneId!);
      if (list && key) moveRow(list, key, 1);
    },
  }),
  command({
    // After choosing in the `/` search the instrument is the selection: this adds it to the user list.
    id: "watchlist.add",
    keys: ["shift+equal"],
    scope: "outsideChart",
    title: "Add to watchlist",
    group: "Watchlist",
    keywords: ["scrip", "market watch", "add"],
    whyNot: (ctx) =>
      signedOut(ctx) ??
      (ctx.selection?.kind !== "instrument"
        ? needsInstrument(ctx, "Add to watchlist")
        : onWatchlist(ctx) && shownTab() === WATCHLIST_TAB.predefined
          ? "Add to watchlist: this row is in a predefined list; + adds from search (/) or another pane"
          : undefined),
    run: async (ctx) => {
      const s = ctx.selection;
      const list = listForTab(watchlists$.lists.peek(), WATCHLIST_TAB.user);
      if (s?.kind !== "instrument" || !list) return;
      await addToWatchlist(list.mwId, { exchange: s.exchange as Exchange, token: s.token });
    },
  }),
  command({
    // Delete is cancel order (DESIGN.md section 3), so removing a row is `-` or Backspace.
    id: "watchlist.remove",
    keys: ["minus", "backspace"],
    title: "Remove from watchlist",
    group: "Watchlist",
    scope: "watchlist",
    keywords: ["delete", "scrip", "market watch"],
    whyNot: (ctx) => editWhyNot(ctx, "Remove") ?? (selectedRow(ctx) ? undefined : needsRow(ctx, "Remove", "a row", WATCHLIST_VIEWS)),
    run: async (ctx) => {
      const list = shownList();
      const row = selectedRow(ctx);
      if (!list || !row) return;
      // The cursor keeps its row number; the pane's selection follows the row that moves up into it.
      await removeFromWatchlist(list.mwId, { exchange: row.exchange, token: row.token });
    },
  }),
  command({
    id: "watchlist.rename",
    title: "Rename watchlist",
    group: "Watchlist",
    keywords: ["market watch", "name"],
    when: onEditableList,
    run: () => {
      const list = shownList();
      if (list) openOverlay({ kind: "renameWatchlist", mwId: list.mwId, name: list.mwName });
    },
  }),
  command({
    // The rename dialog's Enter; the dialog stays open with the broker's message when it refuses.
    id: "watchlist.rename.submit",
    title: "Rename watchlist to",
    group: "Watchlist",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { mwId: number; name: string }) => submitDialog("renameWatchlist", () => renameList(a.mwId, a.name)),
  }),
];
