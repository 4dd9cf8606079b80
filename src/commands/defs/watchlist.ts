import type { Exchange } from "../../core/types/exchange";
import type { Watchlist, WatchlistScrip } from "../../data/api/watchlist";
import { tabsOf } from "../../data/stores/tabs";
import { openOverlay, closeOverlay } from "../../data/stores/ui";
import {
  addToWatchlist, currentList, moveRow, pressSort, removeFromWatchlist, renameList, rowsOf, saveCustomOrder, watchlists$,
} from "../../data/stores/watchlist";
import { clampCursor, listForTab, scripKey, WATCHLIST_TAB } from "../../core/watchlist/view";
import { quoteStore } from "../../feed/session";
import { select } from "../selection";
import type { Command, CommandContext } from "../types";

/** The full-screen watchlist shows the same lists and tabs as the watchlist page. */
export const WATCHLIST_VIEWS = ["watchlist", "fullwl"] as const;
const onWatchlist = (ctx: CommandContext) => ctx.clientCode !== undefined && (WATCHLIST_VIEWS as readonly string[]).includes(ctx.focusedView ?? "");
const shownList = (): Watchlist | undefined => currentList(tabsOf("watchlist").tab);
const shownRows = (): WatchlistScrip[] => rowsOf(shownList(), watchlists$.shown.peek());
/** "Predefined lists (isEdit false) cannot be edited": their editing commands are not offered. */
const onEditableList = (ctx: CommandContext) => onWatchlist(ctx) && shownList()?.isEdit === true;

export function selectRow(rows: readonly WatchlistScrip[], at: number): void {
  const r = rows[at];
  select(r ? { kind: "instrument", exchange: r.exchange, token: r.token, symbol: r.tradingSymbol } : undefined);
}

function moveCursor(to: (at: number, length: number) => number): void {
  const rows = shownRows();
  const at = clampCursor(to(watchlists$.cursor.peek(), rows.length), rows.length);
  watchlists$.cursor.set(at);
  selectRow(rows, at);
}

/** The live last price and percent of a row now, for a sort button (no subscription). */
const live = (exchange: Exchange, token: number) => {
  const q = quoteStore.quote(exchange, token);
  return { ltp: q.LastRate.peek(), pchg: q.pchg.peek() };
};

const sortCommand = (key: "alpha" | "percent" | "ltp" | "exchange", label: string): Command => ({
  id: `watchlist.sort.${key}`,
  title: `Watchlist: sort ${label}`,
  group: "Watchlist",
  keywords: ["sort", "order", label],
  when: onWatchlist,
  run: () => {
    const list = shownList();
    if (!list) return;
    pressSort(list, key, live);
    moveCursor((at) => at);
  },
});

/** The selected instrument, when it is a row of the shown list. */
function selectedRow(ctx: CommandContext): WatchlistScrip | undefined {
  const s = ctx.selection;
  if (s?.kind !== "instrument") return undefined;
  return shownList()?.scrips.find((r) => scripKey(r) === `${s.exchange}:${s.token}`);
}

export const watchlistCommands: Command[] = [
  { id: "watchlist.cursor.down", title: "Next watchlist row", group: "Watchlist", scope: "watchlist", hidden: true, when: onWatchlist, run: () => moveCursor((at) => at + 1) },
  { id: "watchlist.cursor.up", title: "Previous watchlist row", group: "Watchlist", scope: "watchlist", hidden: true, when: onWatchlist, run: () => moveCursor((at) => at - 1) },
  { id: "watchlist.cursor.first", title: "First watchlist row", group: "Watchlist", scope: "watchlist", hidden: true, when: onWatchlist, run: () => moveCursor(() => 0) },
  { id: "watchlist.cursor.last", title: "Last watchlist row", group: "Watchlist", scope: "watchlist", hidden: true, when: onWatchlist, run: () => moveCursor((_at, n) => n - 1) },
  {
    // A row click: the cursor goes there and the row becomes the selection.
    id: "watchlist.cursor.to",
    title: "Put the watchlist cursor on a row",
    group: "Watchlist",
    hidden: true,
    when: onWatchlist,
    run: (_ctx, args) => {
      const a = args as { at: number } | undefined;
      if (a) moveCursor(() => a.at);
    },
  },
  sortCommand("alpha", "A-Z"),
  sortCommand("percent", "(%)"),
  sortCommand("ltp", "LTP"),
  sortCommand("exchange", "Exc"),
  {
    id: "watchlist.order.save",
    title: "Watchlist: save order as custom order",
    group: "Watchlist",
    keywords: ["sort", "custom", "sortMwScrips"],
    when: onEditableList,
    run: async () => {
      const list = shownList();
      if (list) await saveCustomOrder(list);
    },
  },
  {
    id: "watchlist.row.moveUp",
    title: "Watchlist: move row up",
    group: "Watchlist",
    scope: "watchlist",
    keywords: ["custom order"],
    when: onEditableList,
    run: () => {
      const list = shownList();
      if (list) watchlists$.cursor.set(moveRow(list, watchlists$.cursor.peek(), -1));
    },
  },
  {
    id: "watchlist.row.moveDown",
    title: "Watchlist: move row down",
    group: "Watchlist",
    scope: "watchlist",
    keywords: ["custom order"],
    when: onEditableList,
    run: () => {
      const list = shownList();
      if (list) watchlists$.cursor.set(moveRow(list, watchlists$.cursor.peek(), 1));
    },
  },
  {
    // After choosing in the `/` search the instrument is the selection: this adds it to the user list.
    id: "watchlist.add",
    title: "Add to watchlist",
    group: "Watchlist",
    keywords: ["scrip", "market watch", "add"],
    when: (ctx) =>
      ctx.clientCode !== undefined && ctx.selection?.kind === "instrument" && !(onWatchlist(ctx) && tabsOf("watchlist").tab === WATCHLIST_TAB.predefined),
    run: async (ctx) => {
      const s = ctx.selection;
      const list = listForTab(watchlists$.lists.peek(), WATCHLIST_TAB.user);
      if (s?.kind !== "instrument" || !list) return;
      await addToWatchlist(list.mwId, { exchange: s.exchange as Exchange, token: s.token });
    },
  },
  {
    // Delete is cancel order (DESIGN.md section 3), so removing a row is `-` or Backspace.
    id: "watchlist.remove",
    title: "Remove from watchlist",
    group: "Watchlist",
    scope: "watchlist",
    keywords: ["delete", "scrip", "market watch"],
    when: (ctx) => onEditableList(ctx) && selectedRow(ctx) !== undefined,
    run: async (ctx) => {
      const list = shownList();
      const row = selectedRow(ctx);
      if (!list || !row) return;
      if (await removeFromWatchlist(list.mwId, { exchange: row.exchange, token: row.token })) moveCursor((at) => at);
    },
  },
  {
    id: "watchlist.rename",
    title: "Rename watchlist",
    group: "Watchlist",
    keywords: ["market watch", "name"],
    when: onEditableList,
    run: () => {
      const list = shownList();
      if (list) openOverlay({ kind: "renameWatchlist", mwId: list.mwId, name: list.mwName });
    },
  },
  {
    // The rename dialog's Enter; the dialog stays open with the broker's message when it refuses.
    id: "watchlist.rename.submit",
    title: "Rename watchlist to",
    group: "Watchlist",
    hidden: true,
    when: (ctx) => ctx.clientCode !== undefined,
    run: async (_ctx, args) => {
      const a = args as { mwId: number; name: string } | undefined;
      if (a && (await renameList(a.mwId, a.name))) closeOverlay("renameWatchlist");
    },
  },
];
