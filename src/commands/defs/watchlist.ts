import type { Exchange } from "../../core/types/exchange";
import type { Watchlist, WatchlistScrip } from "../../data/api/watchlist";
import { paneTabs, tabsOf } from "../../data/stores/tabs";
import { workspace } from "../../data/stores/workspace";
import { cursorKey, rowLeaves } from "../listCursor";
import { openOverlay } from "../../data/stores/ui";
import { submitDialog } from "../form";
import {
  addToWatchlist, currentList, moveRow, paneWatch, removeFromWatchlist, renameList, saveCustomOrder, setPaneWatch, showList, sortPane, watchlists$, type LiveValues,
} from "../../data/stores/watchlist";
import { listForTab, scripKey, WATCHLIST_TAB } from "../../core/watchlist/view";
import { listsOfTab } from "../../core/watchlist/lists";
import { nextSort, type WatchlistSort } from "../../core/watchlist/sort";
import { watchColumn, WATCH_COLUMN_IDS, type WatchColumn } from "../../core/watchlist/columns";
import { showOrHideColumn } from "../../data/stores/columns";
import { quoteStore } from "../../feed/session";
import { goTo } from "../goTo";
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
/** The focused pane's id (a watchlist command runs only with a watchlist pane focused). */
const focusedId = (): string => workspace.focusedPane()?.id ?? "";
/** The list the focused watchlist pane shows. */
const shownList = (): Watchlist | undefined => currentList(shownTab(), focusedId());
/** "Predefined lists (isEdit false) cannot be edited": their editing commands are not offered. */
const onEditableList = (ctx: CommandContext) => onWatchlist(ctx) && shownList()?.isEdit === true;
/** In a focused watchlist, the keys that edit it say so on a predefined list. */
const editWhyNot = (ctx: CommandContext, doing: string) => signedOut(ctx) ?? (onEditableList(ctx) ? undefined : `${doing}: ${shownList()?.mwName ?? "this list"} is predefined and cannot be edited`);

/** Moving a row needs an editable list and a row under the cursor (none is, while a search choice holds the selection). */
const moveWhyNot = (ctx: CommandContext) =>
  editWhyNot(ctx, "Move row") ?? (ctx.focusedPaneId !== undefined && cursorKey(ctx.focusedPaneId) ? undefined : needsRow(ctx, "Move row", "a row", WATCHLIST_VIEWS));

/** What a watchlist row selects: its instrument, so b/s/d/g act on it. */
export function instrumentSelection(r: WatchlistScrip): Selection {
  return { kind: "instrument", exchange: r.exchange, token: r.token, symbol: r.tradingSymbol };
}

/** The live figures of a row now, for a sort (no subscription). */
export const liveValues: LiveValues = (exchange: Exchange, token: number) => {
  const q = quoteStore.quote(exchange, token).peek();
  return { ltp: q.LastRate, pchg: q.pchg, volume: q.volume, oi: q.openinterest };
};

/** Sets the focused pane's sort and orders its list by it now. */
function applySort(sort: WatchlistSort, live?: boolean): void {
  const id = focusedId();
  setPaneWatch(id, live === undefined ? { sort } : { sort, live });
  const list = shownList();
  if (list) sortPane(id, list, sort, liveValues);
}

const SORT_LABEL = { alpha: "A-Z", percent: "(%)", ltp: "LTP", exchange: "Exc", volume: "Volume", oi: "OI" } as const;

const sortCommand = <const Key extends keyof typeof SORT_LABEL>(key: Key) =>
  command({
    id: `watchlist.sort.${key}` as const,
    title: `Watchlist: sort ${SORT_LABEL[key]}`,
    group: "Watchlist",
    keywords: ["sort", "order", SORT_LABEL[key]],
    when: onWatchlist,
    // The cursor holds its instrument's key (core/rules/rowCursor.ts): it stays on that instrument wherever the sort puts it.
    run: () => applySort(nextSort(paneWatch(focusedId()).sort, key)),
  });

/** Number key N shows the Nth list of the pane's tab (1 to 7 the user lists, as Kite's; on Predefined List its lists). */
const listCommand = <const N extends 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9>(n: N) =>
  command({
    id: `watchlist.list.${n}` as const,
    keys: [String(n)],
    title: `Watchlist: show list ${n}`,
    group: "Watchlist",
    scope: "watchlist",
    keywords: ["switch", "market watch", "number"],
    whyNot: (ctx) => {
      const out = signedOut(ctx);
      if (out) return out;
      if (!onWatchlist(ctx)) return `Show list ${n}: focus a watchlist first`;
      const lists = listsOfTab(watchlists$.lists.peek(), shownTab());
      return n <= lists.length ? undefined : `Show list ${n}: this tab has ${lists.length} list${lists.length === 1 ? "" : "s"}`;
    },
    run: () => {
      const tab = shownTab();
      const target = listsOfTab(watchlists$.lists.peek(), tab)[n - 1];
      // The list's own unsaved order by hand, else the pane's sort from this moment's prices; its cursor is its own (listCursor.ts).
      if (target) showList(focusedId(), tab, target, liveValues);
    },
  });

/**
 * Shows or hides one column of the focused watchlist pane from the palette: the column chooser's
 * Space (Alt+C, commands/defs/columns.ts) on that column, the same choice saved with the pane.
 */
const columnCommand = <const C extends WatchColumn>(column: C) =>
  command({
    id: `watchlist.column.${column}` as const,
    title: `Watchlist: show or hide ${watchColumn(column).title}`,
    group: "Watchlist",
    keywords: ["column", "columns", watchColumn(column).label],
    when: onWatchlist,
    run: () => showOrHideColumn(focusedId(), "watchlist", column),
  });

/**
 * Moves the row under the cursor in the order shown. A hand-made order is no sort's: the pane's
 * sort becomes the custom one (the LTP button stayed lit over rows no longer by price), and live
 * re-sort goes off so it is not re-sorted under the trader's hand. The moved order stays shown
 * (custom re-sorts nothing) until saved or another sort is chosen.
 */
function moveShown(ctx: CommandContext, delta: -1 | 1): void {
  const list = shownList();
  const key = cursorKey(ctx.focusedPaneId!);
  if (!list || !key) return;
  const watch = paneWatch(focusedId());
  if (watch.live || watch.sort.key !== "custom") setPaneWatch(focusedId(), { live: false, sort: { key: "custom", descending: false } });
  moveRow(focusedId(), list, key, delta);
}

/** The user list + adds to: the one a watchlist pane shows on its Watchlist tab (the focused one, else the first on screen), else the default list. */
function targetUserList(): Watchlist | undefined {
  const focused = workspace.focusedPane();
  const pane = focused && (WATCHLIST_VIEWS as readonly string[]).includes(focused.view) ? focused : workspace.shownPanes().find((p) => (WATCHLIST_VIEWS as readonly string[]).includes(p.view));
  return pane ? currentList(WATCHLIST_TAB.user, pane.id) : listForTab(watchlists$.lists.peek(), WATCHLIST_TAB.user);
}

/** The selected instrument, when it is a row of the shown list. */
function selectedRow(ctx: CommandContext): WatchlistScrip | undefined {
  const s = ctx.selection;
  if (s?.kind !== "instrument") return undefined;
  return shownList()?.scrips.find((r) => scripKey(r) === `${s.exchange}:${s.token}`);
}

export const watchlistCommands = [
  sortCommand("alpha"),
  sortCommand("percent"),
  sortCommand("ltp"),
  sortCommand("exchange"),
  sortCommand("volume"),
  sortCommand("oi"),
  command({
    id: "watchlist.sort.custom",
    title: "Watchlist: saved order (no sort)",
    group: "Watchlist",
    keywords: ["sort", "custom", "unsorted"],
    when: onWatchlist,
    run: () => applySort({ key: "custom", descending: false }, false),
  }),
  command({
    // Off by default: a row that jumps from under the cursor costs orders. The cursor stays on its instrument either way.
    id: "watchlist.sort.live",
    title: "Watchlist: live re-sort on or off",
    group: "Watchlist",
    keywords: ["sort", "live", "re-sort", "auto"],
    when: onWatchlist,
    run: () => {
      const id = focusedId();
      setPaneWatch(id, { live: !paneWatch(id).live });
    },
  }),
  listCommand(1),
  listCommand(2),
  listCommand(3),
  listCommand(4),
  listCommand(5),
  listCommand(6),
  listCommand(7),
  listCommand(8),
  listCommand(9),
  ...WATCH_COLUMN_IDS.map(columnCommand),
  command({
    // Esc leaves the full-screen watchlist (issue 29); under a dialog Esc is the dialog's (scope "watchlist" is not live there).
    id: "watchlist.fullscreen.leave",
    keys: ["escape"],
    title: "Leave the full-screen watchlist",
    group: "Watchlist",
    scope: "watchlist",
    keywords: ["full screen", "fullwl", "exit", "restore"],
    when: all(signedIn, focusedOn("fullwl")),
    run: () => goTo("watchlist"),
  }),
  command({
    id: "watchlist.order.save",
    title: "Watchlist: save order as custom order",
    group: "Watchlist",
    keywords: ["sort", "custom", "sortMwScrips"],
    when: onEditableList,
    run: async () => {
      const list = shownList();
      // Saved, the list shows its custom order: the store sets the pane's sort back to it with the broker's answer.
      if (list) await saveCustomOrder(focusedId(), list);
    },
  }),
  command({
    id: "watchlist.row.moveUp",
    keys: ["shift+arrowup"],
    title: "Watchlist: move row up",
    group: "Watchlist",
    scope: "watchlist",
    keywords: ["custom order"],
    whyNot: (ctx) => moveWhyNot(ctx),
    run: (ctx) => {
      moveShown(ctx, -1);
    },
  }),
  command({
    id: "watchlist.row.moveDown",
    keys: ["shift+arrowdown"],
    title: "Watchlist: move row down",
    group: "Watchlist",
    scope: "watchlist",
    keywords: ["custom order"],
    whyNot: (ctx) => moveWhyNot(ctx),
    run: (ctx) => {
      moveShown(ctx, 1);
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
      const list = targetUserList();
      if (s?.kind !== "instrument" || !list) return;
      await addToWatchlist(list.mwId, { exchange: s.exchange as Exchange, token: s.token }, s.symbol);
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
      const paneId = focusedId();
      if (!list || !row) return;
      // Decided: what a fast broker shows, whatever the latency: the row leaves at once (removeFromWatchlist) and the cursor
      // follows as on any row that leaves a list (listCursor.ts rowLeaves), so a second `-` deletes the row now seen in its place.
      rowLeaves(paneId, scripKey(row), `Deleting ${row.tradingSymbol} from ${list.mwName}`);
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
