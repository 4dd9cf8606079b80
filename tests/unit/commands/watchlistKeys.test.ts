import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Watchlist, WatchlistScrip } from "../../../src/data/api/watchlist";

/**
 * FINDINGS-27 s7, at the commands level: the watchlist's keys run through the one registry on the
 * focused pane's selection, with the list registered as WatchlistView registers it. The screen is
 * drawn again only when the test says (`draw`): a slow screen and a slow broker alike.
 */
const deleteScrips = vi.fn();
vi.mock("../../../src/data/api/watchlist", () => ({
  deleteScrips: (...a: unknown[]) => deleteScrips(...a),
  addScrips: vi.fn(),
  getAllWatchlists: vi.fn(),
  renameWatchlist: vi.fn(),
  sortWatchlist: vi.fn(),
}));

const { registry } = await import("../../../src/commands/all");
const { cursorKey, cursors$, moveCursor, putCursorOn, registerList } = await import("../../../src/commands/listCursor");
const { selections$, selectionOf } = await import("../../../src/commands/selection");
const { setToastSink } = await import("../../../src/core/notify");
const { currentList, paneWatch, rowsOf, setPaneWatch, sortPane, watchlists$ } = await import("../../../src/data/stores/watchlist");
const { layout$ } = await import("../../../src/data/stores/workspace");
const { pane } = await import("../../../src/core/workspace/tree");
const { clearStatusLine, statusLine$ } = await import("../../../src/data/stores/statusLine");
const { overlay$ } = await import("../../../src/data/stores/ui");
const { commandContext } = await import("./context");

const P = "w1";
const TOKENS: Record<string, number> = { INFY: 1594, TCS: 11536, SBIN: 3045, RELIANCE: 2885, ITC: 1660, HDFCBANK: 1333, AXISBANK: 5900, MARUTI: 10999 };
const LTP: Record<string, number> = { INFY: 1500, TCS: 3400, SBIN: 800, RELIANCE: 2900, ITC: 450, HDFCBANK: 1700, AXISBANK: 1100, MARUTI: 12000 };
const scrip = (name: string, sortingOrder: number): WatchlistScrip =>
  ({ exchange: "NSEEQ", token: TOKENS[name], tradingSymbol: `${name}-EQ`, sortingOrder, ltp: LTP[name], chg: 0, pchg: 0 }) as unknown as WatchlistScrip;
const list = (mwId: number, mwName: string, names: string[]): Watchlist =>
  ({ mwId, mwName, isEdit: true, scrips: names.map((n, i) => scrip(n, i + 1)) }) as unknown as Watchlist;
const LIST1 = list(302, "Watchlist", ["INFY", "TCS", "SBIN", "RELIANCE", "ITC", "HDFCBANK"]);
const LIST2 = list(303, "Watchlist 2", ["INFY", "AXISBANK", "MARUTI"]);

/** The rows the pane shows now, by symbol. */
const shown = () => rowsOf(currentList(0, P), watchlists$.peek(), P).map((s) => s.tradingSymbol.replace("-EQ", ""));
/** What WatchlistView registers after a render: the list shown, its own cursor's id, its rows in order. */
function draw(): void {
  const l = currentList(0, P)!;
  const rows = rowsOf(l, watchlists$.peek(), P);
  const find = (k: string) => rows.find((r) => `${r.exchange}:${r.token}` === k);
  registerList(P, {
    name: l.mwName,
    id: `watchlist ${l.mwId}`,
    view: "watchlist",
    keys: rows.map((r) => `${r.exchange}:${r.token}`),
    selectionOf: (k) => {
      const r = find(k);
      return r && { kind: "instrument", exchange: r.exchange, token: r.token, symbol: r.tradingSymbol };
    },
    labelOf: (k) => find(k)?.tradingSymbol ?? k,
  });
}
const run = (id: string) => registry.run(id, commandContext("watchlist", { focusedPaneId: P, selection: selectionOf(P) }));
const key = (name: string) => `NSEEQ:${TOKENS[name]}`;
const cursorOn = () => Object.entries(TOKENS).find(([, t]) => cursorKey(P) === `NSEEQ:${t}`)?.[0];

/** A broker answering when told: each delete waits for its `answer`. */
let pending: Array<{ mwId: number; token: number; answer: (ok: boolean) => void }>;
let toasts: string[];

beforeEach(() => {
  layout$.set({ root: pane("watchlist", P), focused: P });
  cursors$.set({});
  selections$.set({});
  overlay$.set({ top: { kind: "none" } });
  clearStatusLine();
  watchlists$.set({ lists: [LIST1, LIST2], loaded: true, shown: {}, byHand: [], leaving: [] });
  toasts = [];
  setToastSink((t) => toasts.push(t.text));
  pending = [];
  deleteScrips.mockReset();
  deleteScrips.mockImplementation((mwId: number, scrips: Array<{ token: number }>) => new Promise((resolve) => {
    const token = scrips[0]!.token;
    pending.push({
      mwId,
      token,
      answer: (ok) => {
        const l = watchlists$.lists.peek().find((x) => x.mwId === mwId)!;
        const held = l.scrips.some((s) => s.token === token);
        // The paper broker: a scrip the list does not hold is refused, "Invalid scrip".
        resolve(ok && held ? { status: "Ok", message: "Success", result: [{ mwId, scrips: l.scrips.filter((s) => s.token !== token) }] } : { status: "ECMW003", message: "Invalid scrip", result: [] });
      },
    });
  }));
  draw();
});

describe("`-` on a broker that answers late (FINDINGS-27 s7a)", () => {
  it("two quick presses delete the cursor's row and then the row that took its place, as on a fast broker; no toast says 'not deleted'", async () => {
    putCursorOn(P, key("SBIN"), undefined, "trader");
    expect(cursorOn()).toBe("SBIN");

    const first = run("watchlist.remove");
    // The row leaves at once; the cursor is on the row that moved up into its place, and the status line says so.
    expect(shown()).toEqual(["INFY", "TCS", "RELIANCE", "ITC", "HDFCBANK"]);
    expect(cursorOn()).toBe("RELIANCE");
    expect(statusLine$.peek()?.text).toBe("Deleting SBIN-EQ from Watchlist: cursor on RELIANCE-EQ");
    // The second press comes before the broker answered, and before the screen was drawn again.
    const second = run("watchlist.remove");
    expect(pending.map((p) => p.token)).toEqual([TOKENS.SBIN, TOKENS.RELIANCE]);

    pending[0]!.answer(true);
    await first;
    pending[1]!.answer(true);
    await second;
    draw();
    expect(toasts).toEqual(["SBIN-EQ deleted from Watchlist", "RELIANCE-EQ deleted from Watchlist"]);
    expect(shown()).toEqual(["INFY", "TCS", "ITC", "HDFCBANK"]);
    expect(cursorOn()).toBe("ITC");
  });

  it("a delete the broker refuses brings the row back and says why; the cursor stays where the trader now is", async () => {
    putCursorOn(P, key("SBIN"), undefined, "trader");
    const done = run("watchlist.remove");
    draw();
    expect(shown()).not.toContain("SBIN");
    pending[0]!.answer(false);
    await done;
    draw();
    expect(shown()).toEqual(["INFY", "TCS", "SBIN", "RELIANCE", "ITC", "HDFCBANK"]);
    expect(toasts).toEqual(["SBIN-EQ not deleted from Watchlist: Invalid scrip"]);
    expect(cursorOn()).toBe("RELIANCE");
  });

  it("the last row's delete puts the cursor on the row above it", async () => {
    putCursorOn(P, key("HDFCBANK"), undefined, "trader");
    const done = run("watchlist.remove");
    expect(cursorOn()).toBe("ITC");
    pending[0]!.answer(true);
    await done;
  });
});

describe("a list switch keeps each list's own order by hand and its own cursor (FINDINGS-27 s7b, s7c)", () => {
  it("list 1 sorted by LTP, HDFCBANK moved up by hand, `2` then `1`: list 1 shows the moved order, not saved, under no sort", async () => {
    setPaneWatch(P, { sort: { key: "ltp", descending: true } });
    sortPane(P, LIST1, { key: "ltp", descending: true }, (_e, token) => ({ ltp: Object.entries(TOKENS).map(([n, t]) => (t === token ? LTP[n]! : 0)).reduce((a, b) => a + b), pchg: 0, volume: 0, oi: 0 }));
    draw();
    // Highest LTP first, by hand: RELIANCE 2900, TCS 3400 ... worked out: TCS, RELIANCE, HDFCBANK, INFY, SBIN, ITC.
    expect(shown()).toEqual(["TCS", "RELIANCE", "HDFCBANK", "INFY", "SBIN", "ITC"]);
    putCursorOn(P, key("HDFCBANK"), undefined, "trader");
    await run("watchlist.row.moveUp");
    draw();
    expect(shown()).toEqual(["TCS", "HDFCBANK", "RELIANCE", "INFY", "SBIN", "ITC"]);

    await run("watchlist.list.2");
    draw();
    expect(shown()).toEqual(["INFY", "AXISBANK", "MARUTI"]);
    await run("watchlist.list.1");
    draw();
    expect(shown()).toEqual(["TCS", "HDFCBANK", "RELIANCE", "INFY", "SBIN", "ITC"]);
    // Shown as made: in the custom sort the move set, nothing sent to the broker.
    expect(paneWatch(P).sort).toEqual({ key: "custom", descending: false });
    expect(watchlists$.shown.peek()[`${P}|302`]).toBeDefined();

    // "Saved order (no sort)" on list 1 drops it: the broker's saved order shows.
    await run("watchlist.sort.custom");
    draw();
    expect(shown()).toEqual(["INFY", "TCS", "SBIN", "RELIANCE", "ITC", "HDFCBANK"]);
  });

  it("End on list 1 (HDFCBANK), `2`, Home, `1`: the cursor is back on HDFCBANK; `2` again: on list 2's row it was left on", async () => {
    moveCursor(P, (_at, n) => n - 1, "trader");
    expect(cursorOn()).toBe("HDFCBANK");
    await run("watchlist.list.2");
    draw();
    // A list first shown in the pane: its cursor lands on its first row.
    expect(cursorOn()).toBe("INFY");
    moveCursor(P, () => 1, "trader");
    expect(cursorOn()).toBe("AXISBANK");
    moveCursor(P, () => 0, "trader");
    expect(cursorOn()).toBe("INFY");
    await run("watchlist.list.1");
    draw();
    expect(cursorOn()).toBe("HDFCBANK");
    expect(selectionOf(P)).toMatchObject({ kind: "instrument", token: TOKENS.HDFCBANK });
    moveCursor(P, () => 1, "trader");
    await run("watchlist.list.2");
    draw();
    expect(cursorOn()).toBe("INFY");
    await run("watchlist.list.1");
    draw();
    expect(cursorOn()).toBe("TCS");
  });
});
