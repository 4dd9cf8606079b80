import { describe, expect, it } from "vitest";
import { settleChoice, shownColumns } from "../../../src/core/workspace/columns";
import { GRID_COLUMNS } from "../../../src/core/workspace/gridColumns";
import { upgradeLayout } from "../../../src/core/workspace/savedLayout";
import { isLayout, pane, split, type Layout, type PaneNode } from "../../../src/core/workspace/tree";
import { defaultUserListName, listsOfTab, shownListOf, USER_WATCHLIST_IDS } from "../../../src/core/watchlist/lists";
import { DEFAULT_PANE_WATCH, readPaneWatch } from "../../../src/core/watchlist/paneWatch";
import { nextSort, sortScrips, type SortableScrip } from "../../../src/core/watchlist/sort";

// Lists as the broker answers them: the user lists (isEdit) first, then the predefined ones.
const lists = [
  { mwId: 302, isEdit: true, mwName: "Scalps" },
  { mwId: 303, isEdit: true, mwName: "Watchlist 2" },
  { mwId: 304, isEdit: true, mwName: "Watchlist 3" },
  { mwId: 1, isEdit: false, mwName: "NIFTY 50" },
  { mwId: 2, isEdit: false, mwName: "SENSEX" },
];

describe("several lists (issue 29: several lists, switched by number keys)", () => {
  it("seven user lists, 302 to 308; 302 keeps its old name, the others are named by their key", () => {
    expect(USER_WATCHLIST_IDS).toEqual([302, 303, 304, 305, 306, 307, 308]);
    expect(USER_WATCHLIST_IDS.map(defaultUserListName)).toEqual(["Watchlist", "Watchlist 2", "Watchlist 3", "Watchlist 4", "Watchlist 5", "Watchlist 6", "Watchlist 7"]);
  });

  it("a tab's lists: the user lists on Watchlist, the predefined ones on Predefined List", () => {
    expect(listsOfTab(lists, 0).map((l) => l.mwId)).toEqual([302, 303, 304]);
    expect(listsOfTab(lists, 1).map((l) => l.mwId)).toEqual([1, 2]);
  });

  it("a pane shows the list it chose on a tab, else the tab's default (302, 1); a choice from the other tab is not taken", () => {
    expect(shownListOf(lists, 0, 303)?.mwId).toBe(303);
    expect(shownListOf(lists, 0, undefined)?.mwId).toBe(302);
    expect(shownListOf(lists, 0, 2)?.mwId).toBe(302);
    expect(shownListOf(lists, 1, 2)?.mwId).toBe(2);
    expect(shownListOf(lists, 1, 999)?.mwId).toBe(1);
  });
});

describe("columns to choose (issue 29): the watchlist's old per-pane choice loads into the column chooser's", () => {
  /** A layout as an earlier build saved it: the watchlist pane's columns in its watch settings, the shown ones in the order picked. */
  const oldWatch = (columns: unknown) => ({ lists: { "0": 303 }, columns, sort: { key: "volume", descending: true }, live: true });
  const saved = (columns: unknown): Layout => {
    const watch = pane("watchlist", "w1", { watch: oldWatch(columns) as never });
    return { root: split("row", watch, pane("orders", "o1")), focused: "w1" };
  };
  const watchPane = (l: Layout) => (l.root.type === "split" ? (l.root.a as PaneNode) : (l.root as PaneNode));
  /** What the loaded pane draws: the choice settled as the grid does (gridColumns.tsx), the fold-numbers dropped. */
  const drawn = (l: Layout) => shownColumns(settleChoice(GRID_COLUMNS.watchlist, watchPane(l).state?.columns?.watchlist)).map((c) => c.id);

  it("the old saved layout is still a layout, and loads with its chosen columns in the order picked after Symbol and LTP", () => {
    const old = saved(["bid", "exchange", "oi", "weekHigh"]);
    expect(isLayout(old)).toBe(true);
    const loaded = upgradeLayout(old);
    expect(isLayout(loaded)).toBe(true);
    expect(drawn(loaded)).toEqual(["symbol", "ltp", "bid", "exchange", "oi", "weekHigh"]);
    // The rest of the watch settings stay; the old list of columns goes (the chooser's choice is the one place).
    expect(watchPane(loaded).state?.watch).toEqual({ lists: { "0": 303 }, sort: { key: "volume", descending: true }, live: true });
    // The other pane is as it was.
    expect(loaded.root.type === "split" && loaded.root.b).toEqual(old.root.type === "split" && old.root.b);
  });

  it("an old pane that showed no chosen column shows Symbol and LTP; unknown and repeated names are dropped", () => {
    expect(drawn(upgradeLayout(saved([])))).toEqual(["symbol", "ltp"]);
    expect(drawn(upgradeLayout(saved(["chg", "nope", "chg", "volume"])))).toEqual(["symbol", "ltp", "chg", "volume"]);
  });

  it("the columns it had fold as the old fit hid them (Exc first, then Chg, %Chg last); none is required", () => {
    const loaded = upgradeLayout(saved(["pchg", "chg", "exchange"]));
    expect(shownColumns(settleChoice(GRID_COLUMNS.watchlist, watchPane(loaded).state?.columns?.watchlist))).toEqual([
      { id: "symbol" }, { id: "ltp" }, { id: "pchg", fold: 3 }, { id: "chg", fold: 2 }, { id: "exchange", fold: 1 },
    ]);
  });

  it("a pane that already has the chooser's choice keeps it; a pane saved with no columns shows the grid's own: Symbol, LTP, Exc, Chg, %Chg", () => {
    const chosen = { order: GRID_COLUMNS.watchlist.map((c) => c.id), hidden: ["exchange", "chg", "pchg", "bid", "ask", "volume", "high", "low", "weekHigh", "weekLow"], optional: [] };
    const both = upgradeLayout({ root: pane("watchlist", "w1", { watch: oldWatch(["bid"]) as never, columns: { watchlist: chosen } }), focused: "w1" });
    expect(drawn(both)).toEqual(["symbol", "ltp", "oi"]);
    const none = upgradeLayout({ root: pane("watchlist", "w1", { watch: { lists: {}, sort: { key: "custom", descending: false }, live: false } }), focused: "w1" });
    expect(drawn(none)).toEqual(["symbol", "ltp", "exchange", "chg", "pchg"]);
    expect(readPaneWatch(undefined)).toEqual(DEFAULT_PANE_WATCH);
  });
});

describe("a pane's saved watch settings are trusted field by field", () => {
  it("keeps what is well formed and drops the rest", () => {
    const saved = { lists: { "0": 303, "1": "x" }, sort: { key: "volume", descending: true }, live: true };
    expect(readPaneWatch(saved)).toEqual({ lists: { "0": 303 }, sort: { key: "volume", descending: true }, live: true });
  });

  it("an unknown sort key or a non-boolean live falls back to the saved order, not live (off by default)", () => {
    expect(readPaneWatch({ sort: { key: "random", descending: true }, live: "yes" })).toEqual({ ...DEFAULT_PANE_WATCH, lists: {} });
    expect(DEFAULT_PANE_WATCH.live).toBe(false);
  });
});

describe("sort keys volume and OI", () => {
  const rows: Array<SortableScrip & { token: number }> = [
    { exchange: "NSEEQ", token: 1, tradingSymbol: "A", sortingOrder: 1, ltp: 1, pchg: 0, volume: 500, oi: 0 },
    { exchange: "NSEFO", token: 2, tradingSymbol: "B", sortingOrder: 2, ltp: 1, pchg: 0, volume: 9000, oi: 70 },
    { exchange: "NSEFO", token: 3, tradingSymbol: "C", sortingOrder: 3, ltp: 1, pchg: 0, volume: 500, oi: 300 },
  ];
  const order = (r: Array<{ token: number }>) => r.map((x) => x.token);

  it("highest first on the first press, ties in the saved order; pressed again, lowest first", () => {
    const v = nextSort({ key: "custom", descending: false }, "volume");
    expect(v).toEqual({ key: "volume", descending: true });
    expect(order(sortScrips(rows, v))).toEqual([2, 1, 3]);
    expect(order(sortScrips(rows, nextSort(v, "volume")))).toEqual([1, 3, 2]);
    expect(order(sortScrips(rows, nextSort({ key: "alpha", descending: false }, "oi")))).toEqual([3, 2, 1]);
  });
});
