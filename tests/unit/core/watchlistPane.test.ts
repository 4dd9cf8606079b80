import { describe, expect, it } from "vitest";
import { DEFAULT_WATCH_COLUMNS, toggleColumn } from "../../../src/core/watchlist/columns";
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

describe("columns to choose (issue 29)", () => {
  it("a pane saved before columns could be chosen shows what it showed: Exc, Chg, %Chg", () => {
    expect(DEFAULT_WATCH_COLUMNS).toEqual(["exchange", "chg", "pchg"]);
    expect(readPaneWatch(undefined).columns).toEqual(["exchange", "chg", "pchg"]);
  });

  it("showing a column puts it at the end; hiding takes it out", () => {
    expect(toggleColumn(["exchange", "chg"], "oi")).toEqual(["exchange", "chg", "oi"]);
    expect(toggleColumn(["exchange", "chg", "oi"], "chg")).toEqual(["exchange", "oi"]);
  });
});

describe("a pane's saved watch settings are trusted field by field", () => {
  it("keeps what is well formed and drops the rest", () => {
    const saved = { lists: { "0": 303, "1": "x" }, columns: ["bid", "nope", "bid", "ask"], sort: { key: "volume", descending: true }, live: true };
    expect(readPaneWatch(saved)).toEqual({ lists: { "0": 303 }, columns: ["bid", "ask"], sort: { key: "volume", descending: true }, live: true });
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
