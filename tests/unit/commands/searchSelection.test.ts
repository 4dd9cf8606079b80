import { beforeEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { cursorKey, cursors$, holdsSelection, registerList } from "../../../src/commands/listCursor";
import { selections$, selectionOf } from "../../../src/commands/selection";
import type { Selection } from "../../../src/commands/types";
import { pane, split } from "../../../src/core/workspace/tree";
import type { Position } from "../../../src/core/types";
import { positions$ } from "../../../src/data/stores/portfolio";
import { clearStatusLine, statusLine$ } from "../../../src/data/stores/statusLine";
import { overlay$ } from "../../../src/data/stores/ui";
import { layout$ } from "../../../src/data/stores/workspace";
import { commandContext } from "./context";

/**
 * What is selected is what is acted on, after a `/` search in a list pane. README's keys: "b / s
 * buy / sell the selected instrument, position or holding"; issue 32: "choosing an instrument in
 * any pane of a group (cursor move, / search, a command line) retargets every pane of that group".
 * The rule (commands/listCursor.ts), from which each expectation below is worked out: a `/` choice
 * the list has a row of puts the cursor on that row and the row's selection is the pane's; one it
 * has no row of is the pane's selection and the cursor does not hold it (no highlight, no row for
 * the keys) until the cursor moves, or the list comes to show that instrument's row.
 */

type Row = { key: string; sel: Selection; label: string };
const instrument = (exchange: string, token: number, symbol: string): Selection => ({ kind: "instrument", exchange, token, symbol });
const TCS = instrument("NSEEQ", 11536, "TCS-EQ");
const INFY = instrument("NSEEQ", 1594, "INFY-EQ");
const ITC = instrument("NSEEQ", 1660, "ITC-EQ");
const HDFCBANK = instrument("NSEEQ", 1333, "HDFCBANK-EQ");
const RELIANCE = instrument("NSEEQ", 2885, "RELIANCE-EQ");

/** A watchlist's rows as WatchlistView registers them: exchange:token keys, each selecting its instrument. */
const watchRows = (...sels: Selection[]): Row[] => sels.map((s) => ({ key: s.kind === "instrument" ? `${s.exchange}:${s.token}` : "", sel: s, label: s.kind === "instrument" ? s.symbol : "" }));

function show(paneId: string, name: string, rows: Row[]): void {
  registerList(paneId, { name, keys: rows.map((r) => r.key), selectionOf: (k) => rows.find((r) => r.key === k)?.sel, labelOf: (k) => rows.find((r) => r.key === k)?.label ?? k });
}

const ctxOf = (paneId: string, view: string) => commandContext(view, { focusedPaneId: paneId, selection: selectionOf(paneId) });
/** `/`, the instrument typed, Enter: what the search dialog runs. */
async function searchAndChoose(paneId: string, view: string, s: Selection): Promise<void> {
  if (s.kind !== "instrument") throw new Error("a search chooses an instrument");
  expect(await registry.run("instrument.choose", ctxOf(paneId, view), { exchange: s.exchange, token: s.token, tradingSymbol: s.symbol })).toBe(true);
}
const press = (id: string, paneId: string, view: string) => registry.run(id, ctxOf(paneId, view));
const whyNot = (id: string, paneId: string, view: string) => registry.whyNot(registry.all().find((c) => c.id === id)!, ctxOf(paneId, view));

beforeEach(() => {
  // A watchlist (w) and the positions (p), and a chart (c) in the green group.
  layout$.set({ root: split("row", split("column", pane("watchlist", "w"), pane("position", "p")), pane("chart", "c", { link: "green" })), focused: "w" });
  cursors$.set({});
  selections$.set({});
  positions$.rows.set([]);
  overlay$.set({ top: { kind: "none" } });
  clearStatusLine();
});

describe("a / choice in a watchlist", () => {
  it("of an instrument the list has no row of: the keys act on it, and the cursor holds no row until it moves", async () => {
    show("w", "Watchlist 1", watchRows(TCS, INFY));
    expect(selectionOf("w")).toEqual(TCS); // the cursor rests on the first row
    await searchAndChoose("w", "watchlist", HDFCBANK);
    // b and s read the pane's selection: HDFCBANK, as typed.
    expect(selectionOf("w")).toEqual(HDFCBANK);
    // TCS's row is not highlighted (the highlight shows only while the cursor holds the selection) and no key acts on it.
    expect(holdsSelection("w")).toBe(false);
    expect(cursorKey("w")).toBeUndefined();
    // A list update (a tick's re-registration) under the unmoved cursor leaves the choice alone.
    show("w", "Watchlist 1", watchRows(TCS, INFY));
    expect(selectionOf("w")).toEqual(HDFCBANK);
    // j moves from the row the cursor was last shown on (TCS, row 0) to row 1: INFY, selected and held.
    await press("list.cursor.down", "w", "watchlist");
    expect(selectionOf("w")).toEqual(INFY);
    expect(holdsSelection("w")).toBe(true);
    expect(cursorKey("w")).toBe("NSEEQ:1594");
  });

  it("of an instrument the list shows: the cursor goes onto its row", async () => {
    show("w", "Watchlist 1", watchRows(TCS, INFY, ITC));
    await searchAndChoose("w", "watchlist", ITC);
    expect(cursorKey("w")).toBe("NSEEQ:1660");
    expect(selectionOf("w")).toEqual(ITC);
    expect(holdsSelection("w")).toBe(true);
  });

  it("of an instrument then added with +: the cursor goes onto the row added, nothing said", async () => {
    show("w", "Watchlist 1", watchRows(TCS, INFY));
    await press("list.cursor.down", "w", "watchlist"); // the cursor on INFY
    await searchAndChoose("w", "watchlist", ITC);
    expect(holdsSelection("w")).toBe(false);
    // The broker's answer to the add: the list now shows ITC after INFY.
    show("w", "Watchlist 1", watchRows(TCS, INFY, ITC));
    expect(cursorKey("w")).toBe("NSEEQ:1660");
    expect(selectionOf("w")).toEqual(ITC);
    expect(statusLine$.peek()).toBeNull();
  });

  it("in a linked watchlist: the group takes the searched instrument, and a move back onto the same row gives the group that row's", async () => {
    layout$.set({ ...layout$.peek(), root: split("row", pane("watchlist", "w", { link: "green" }), pane("chart", "c", { link: "green" })) });
    show("w", "Watchlist 1", watchRows(TCS, INFY));
    await searchAndChoose("w", "watchlist", HDFCBANK);
    expect(layout$.peek().groups?.green).toEqual({ exchange: "NSEEQ", token: 1333, tradingSymbol: "HDFCBANK-EQ" });
    // Home: the cursor was on row 0 and stays there, but it is a move: TCS is chosen again, for the pane and its group.
    await press("list.cursor.first", "w", "watchlist");
    expect(selectionOf("w")).toEqual(TCS);
    expect(layout$.peek().groups?.green).toEqual({ exchange: "NSEEQ", token: 11536, tradingSymbol: "TCS-EQ" });
  });
});

describe("a / choice in Positions", () => {
  const option = { exchange: "NSEFO", token: "43210", tradingSymbol: "NIFTY26D0824800CE", product: "NORMAL", netQuantity: 75 } as unknown as Position;
  const reliance = { exchange: "NSEEQ", token: "2885", tradingSymbol: "RELIANCE-EQ", product: "INTRADAY", netQuantity: 1 } as unknown as Position;
  const positionRow = (p: Position): Row => ({
    key: `${p.exchange}:${p.token}:${p.product}`,
    sel: { kind: "position", exchange: p.exchange, token: Number(p.token), symbol: p.tradingSymbol, product: p.product },
    label: `${p.tradingSymbol} ${p.product} position`,
  });

  it("of an instrument with no position: s sells it, and x says no row is under the cursor and why", async () => {
    positions$.rows.set([option]);
    layout$.set({ ...layout$.peek(), focused: "p" });
    show("p", "Positions", [positionRow(option)]);
    expect(selectionOf("p")).toEqual(positionRow(option).sel);
    await searchAndChoose("p", "position", RELIANCE);
    expect(selectionOf("p")).toEqual(RELIANCE);
    expect(holdsSelection("p")).toBe(false);
    expect(whyNot("order.sell", "p", "position")).toBeUndefined();
    expect(whyNot("portfolio.exit", "p", "position")).toBe("Exit needs a position or holding under the cursor: none is under it in Positions since / chose RELIANCE-EQ; j or k puts it back on a row");
    // k: the cursor, last on the option (row 0), stays there and holds the selection again: x is about the option.
    await press("list.cursor.up", "p", "position");
    expect(selectionOf("p")).toEqual(positionRow(option).sel);
    expect(whyNot("portfolio.exit", "p", "position")).toBeUndefined();
  });

  it("of an instrument with a position: the cursor goes onto that position, and x exits it", async () => {
    positions$.rows.set([option, reliance]);
    layout$.set({ ...layout$.peek(), focused: "p" });
    show("p", "Positions", [positionRow(option), positionRow(reliance)]);
    await searchAndChoose("p", "position", RELIANCE);
    expect(cursorKey("p")).toBe("NSEEQ:2885:INTRADAY");
    expect(selectionOf("p")).toEqual(positionRow(reliance).sel);
    expect(whyNot("portfolio.exit", "p", "position")).toBeUndefined();
  });
});

describe("a / choice in a list whose rows name no instrument (Orders)", () => {
  it("leaves the cursor and drops it; the order's status changing under it does not take the choice back", async () => {
    layout$.set({ ...layout$.peek(), root: pane("orders", "o"), focused: "o" });
    const order = (status: string): Row[] => [{ key: "251128000123", sel: { kind: "order", orderNo: "251128000123", status }, label: "RELIANCE-EQ order 251128000123" }];
    show("o", "Pending", order("open"));
    await searchAndChoose("o", "orders", RELIANCE);
    expect(selectionOf("o")).toEqual(RELIANCE);
    expect(whyNot("order.modify", "o", "orders")).toBe("Modify needs an order under the cursor: none is under it in Orders since / chose RELIANCE-EQ; j or k puts it back on a row");
    show("o", "Pending", order("complete"));
    expect(selectionOf("o")).toEqual(RELIANCE);
    expect(holdsSelection("o")).toBe(false);
  });
});
