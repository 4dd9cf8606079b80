import { nextSortColumn, sortColumnsOf, type GridSort, type MarketListName, type SortColumn } from "../../core/rules/discover";
import { gridSortOf, marketListOf, setGridSort } from "../../data/stores/discover";
import { loadWatchlists, watchlists$ } from "../../data/stores/watchlist";
import { workspace } from "../../data/stores/workspace";
import { exploreEntries, EXPLORE_SECTIONS } from "../explore";
import { cursorKey } from "../listCursor";
import { registry } from "../registry";
import { paneTabs } from "../../data/stores/tabs";
import type { CommandId } from "../ids";
import { command } from "../types";
import { all, focusedOn, signedIn } from "../when";
import { needsRow, signedOut } from "../whyNot";

/** The market grids: Invest Equity, ETF and the F&O gainers & losers. */
export const MARKET_GRID_VIEWS = ["equity", "etf", "scanner"] as const;
const onGrid = all(signedIn, focusedOn(...MARKET_GRID_VIEWS));

/** A column's first press: the symbol A to Z, the distance from the 52-week low nearest first, other figures largest first (the distance from the high, at most 0, too: nearest first). */
const firstPress = (column: SortColumn): GridSort => ({ column, descending: column !== "symbol" && column !== "fromLow" });

/** The list the pane shows now (its view and tab). */
function paneList(paneId: string): MarketListName | undefined {
  const pane = workspace.allPanes().find((p) => p.id === paneId);
  return pane ? marketListOf(pane.view, paneTabs(pane, pane.view).tab) : undefined;
}

export const discoverCommands = [
  command({
    id: "discover.scanner.open",
    title: "F&O Gainers & Losers",
    group: "Discover",
    keywords: ["scanner", "futures", "gainers", "losers", "top"],
    explore: { section: "Products", line: "Near-month futures moving most today, up and down." },
    when: signedIn,
    run: () => workspace.openView("scanner"),
  }),
  command({
    id: "discover.sort.next",
    keys: ["o"],
    title: "Sort by the next column",
    group: "Discover",
    scope: "discover",
    keywords: ["order", "sort", "column"],
    when: onGrid,
    run: (ctx) => {
      const list = paneList(ctx.focusedPaneId!);
      if (!list) return;
      const now = gridSortOf(ctx.focusedPaneId!, list);
      setGridSort(ctx.focusedPaneId!, list, firstPress(now ? nextSortColumn(now.column, sortColumnsOf(list)) : "symbol"));
    },
  }),
  command({
    id: "discover.sort.reverse",
    keys: ["shift+o"],
    title: "Reverse the sort",
    group: "Discover",
    scope: "discover",
    keywords: ["order", "sort", "ascending", "descending"],
    whyNot: (ctx) => {
      const list = onGrid(ctx) ? paneList(ctx.focusedPaneId!) : undefined;
      return signedOut(ctx) ?? (list && gridSortOf(ctx.focusedPaneId!, list) === undefined ? "Reverse the sort: sort by a column first (o)" : undefined);
    },
    when: onGrid,
    run: (ctx) => {
      const list = paneList(ctx.focusedPaneId!);
      const now = list && gridSortOf(ctx.focusedPaneId!, list);
      if (list && now) setGridSort(ctx.focusedPaneId!, list, { ...now, descending: !now.descending });
    },
  }),
  command({
    // A click on a column's header: the first press sorts by it, the next reverses it.
    id: "discover.sort.by",
    title: "Sort by column",
    group: "Discover",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { paneId: string; column: SortColumn }) => {
      const list = paneList(a.paneId);
      if (!list) return;
      const now = gridSortOf(a.paneId, list);
      setGridSort(a.paneId, list, now?.column === a.column ? { ...now, descending: !now.descending } : firstPress(a.column));
    },
  }),
  command({
    // Issue 14: `a` on a market row adds it to the watchlist (the watchlist's own add command); elsewhere `a` adds to a basket.
    id: "discover.watchlist.add",
    keys: ["a"],
    title: "Add the row to the watchlist",
    group: "Discover",
    scope: "discover",
    keywords: ["watchlist", "market watch", "add"],
    when: onGrid,
    whyNot: (ctx) => signedOut(ctx) ?? (ctx.selection?.kind === "instrument" ? undefined : needsRow(ctx, "Add to watchlist", "an instrument", MARKET_GRID_VIEWS)),
    run: async (ctx) => {
      // The watchlist add needs the lists; a trader who never opened the watchlist has not loaded them.
      if (!watchlists$.loaded.peek()) await loadWatchlists();
      await registry.run("watchlist.add" satisfies CommandId, ctx);
    },
  }),
  command({
    id: "explore.open",
    keys: ["enter"],
    title: "Open the page or tool under the cursor",
    group: "Discover",
    scope: "explore",
    when: all(signedIn, focusedOn("explore")),
    run: async (ctx) => {
      const paneId = ctx.focusedPaneId!;
      const section = EXPLORE_SECTIONS[paneTabs(workspace.focusedPane()!, "explore").tab] ?? "Products";
      // The entry under the cursor, by its command id, and only if the tab still lists it.
      const id = cursorKey(paneId);
      const entry = exploreEntries(section, ctx).find((c) => c.id === id);
      if (entry) await registry.run(entry.id, ctx);
    },
  }),
];
