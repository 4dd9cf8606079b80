import { beforeEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { cursorKey, cursors$, hasList, putCursorOn, registerList, rowLeaves, type PaneList } from "../../../src/commands/listCursor";
import { selectedPosition } from "../../../src/commands/defs/portfolio";
import { selections$, selectionOf } from "../../../src/commands/selection";
import { positionKey } from "../../../src/core/rules/positionKey";
import type { Position } from "../../../src/core/types";
import type { Order } from "../../../src/core/types/order";
import { orders$ } from "../../../src/data/stores/orders";
import { positions$ } from "../../../src/data/stores/portfolio";
import { clearStatusLine, statusLine$ } from "../../../src/data/stores/statusLine";
import { overlay$ } from "../../../src/data/stores/ui";
import { layout$ } from "../../../src/data/stores/workspace";
import { pane, split } from "../../../src/core/workspace/tree";
import { positionSelection } from "../../../src/panes/portfolio/selection";
import { commandContext } from "./context";

/**
 * Issue 28: "In Orders, cursor on RELIANCE, `m`, new price, Enter: the list re-sorts and the cursor
 * now sits on SBIN's SL order." At the commands level: the keys (j, i, x) run through the one
 * registry on the focused pane's selection, and a list re-sorted under the cursor leaves that
 * selection on the same row.
 */
const order = (orderNo: string, tradingSymbol: string, orderType = "LIMIT"): Order =>
  ({ orderNo, brokerOrderId: "", tradingSymbol, exchange: "NSEEQ", instrumentId: "1", orderStatus: "open", orderType, transactionType: "BUY", quantity: 10, price: 100 }) as unknown as Order;

/** The Orders grid's Pending list as OrdersView registers it: order numbers as keys, in the order shown. */
function showOrders(paneId: string, shown: Order[]): void {
  orders$.orders.set(shown);
  const find = (k: string) => shown.find((o) => o.orderNo === k)!;
  registerList(paneId, {
    name: "Pending",
    keys: shown.map((o) => o.orderNo),
    selectionOf: (k) => ({ kind: "order", orderNo: k, status: find(k).orderStatus }),
    labelOf: (k) => `${find(k).tradingSymbol} order ${k}`,
  });
}

const ctxOf = (paneId: string, view = "orders") => commandContext(view, { focusedPaneId: paneId, selection: selectionOf(paneId) });
const run = (id: string, paneId = "p1", view = "orders") => registry.run(id, ctxOf(paneId, view));

const SBIN_SL = order("251128000121", "SBIN-EQ", "SL");
const RELIANCE = order("251128000123", "RELIANCE-EQ");
const INFY = order("251128000125", "INFY-EQ");

beforeEach(() => {
  layout$.set({ root: split("row", pane("orders", "p1"), pane("orders", "p2")), focused: "p1" });
  cursors$.set({});
  selections$.set({});
  overlay$.set({ top: { kind: "none" } });
  clearStatusLine();
});

describe("the row cursor at the commands level", () => {
  it("a re-sort under the cursor leaves the pane's selection, and what `i` opens, on the same order", async () => {
    showOrders("p1", [SBIN_SL, RELIANCE, INFY]);
    expect(await run("list.cursor.down")).toBe(true); // j: from SBIN (row 0) to RELIANCE (row 1)
    expect(selectionOf("p1")).toEqual({ kind: "order", orderNo: RELIANCE.orderNo, status: "open" });

    // The modify goes through; the book comes back newest first: RELIANCE first, SBIN's SL now at row 1.
    showOrders("p1", [RELIANCE, INFY, SBIN_SL]);
    expect(selectionOf("p1")).toEqual({ kind: "order", orderNo: RELIANCE.orderNo, status: "open" });
    expect(cursorKey("p1")).toBe(RELIANCE.orderNo);
    await run("order.info");
    expect(overlay$.top.peek()).toEqual({ kind: "orderInfo", orderNo: RELIANCE.orderNo });
    // Nothing went, so nothing is said.
    expect(statusLine$.peek()).toBeNull();
  });

  it("the selection follows a change of the row's status under an unmoved cursor (what `m` may do depends on it)", () => {
    showOrders("p1", [SBIN_SL, RELIANCE]);
    showOrders("p1", [{ ...SBIN_SL, orderStatus: "trigger pending" } as Order, RELIANCE]);
    expect(selectionOf("p1")).toEqual({ kind: "order", orderNo: SBIN_SL.orderNo, status: "trigger pending" });
  });

  it("when the cursor's order leaves Pending, the cursor is on the order now in its place and the status line says so", () => {
    showOrders("p1", [SBIN_SL, RELIANCE, INFY]);
    void run("list.cursor.down");
    showOrders("p1", [SBIN_SL, INFY]); // RELIANCE filled
    expect(selectionOf("p1")).toEqual({ kind: "order", orderNo: INFY.orderNo, status: "open" });
    expect(statusLine$.peek()?.text).toBe("RELIANCE-EQ order 251128000123 is no longer in Pending: cursor on INFY-EQ order 251128000125");
  });

  it("two panes of one list keep two cursors, and only the focused pane's move is said", () => {
    showOrders("p1", [SBIN_SL, RELIANCE, INFY]);
    showOrders("p2", [SBIN_SL, RELIANCE, INFY]);
    void run("list.cursor.last", "p2"); // End in p2 (run with p2 as the focused pane of its context)
    expect(cursorKey("p1")).toBe(SBIN_SL.orderNo);
    expect(cursorKey("p2")).toBe(INFY.orderNo);

    // INFY goes: p2's cursor moves to the last row, but p2 is not the focused pane: nothing is said.
    showOrders("p2", [SBIN_SL, RELIANCE]);
    expect(cursorKey("p2")).toBe(RELIANCE.orderNo);
    expect(statusLine$.peek()).toBeNull();
  });

  it("a click puts the cursor on the row clicked by its key, whatever row number it has now", async () => {
    showOrders("p1", [SBIN_SL, RELIANCE, INFY]);
    await registry.run("list.cursor.to", ctxOf("p1"), { key: INFY.orderNo, paneId: "p1" });
    expect(selectionOf("p1")).toMatchObject({ orderNo: INFY.orderNo });
  });
});

describe("a row the trader takes out before the pane draws again (a watchlist `-` on a slow broker)", () => {
  // rowCursor.ts followRow: "when that row is gone, the row that now stands where it stood, else the last row".
  it("the cursor's row: the cursor is on the row now in its place, and the act is said with where the cursor went", () => {
    showOrders("p1", [SBIN_SL, RELIANCE, INFY]);
    rowLeaves("p1", SBIN_SL.orderNo, "Deleting SBIN-EQ");
    expect(cursorKey("p1")).toBe(RELIANCE.orderNo);
    expect(selectionOf("p1")).toMatchObject({ orderNo: RELIANCE.orderNo });
    expect(statusLine$.peek()?.text).toBe("Deleting SBIN-EQ: cursor on RELIANCE-EQ order 251128000123");
    // A second row before the redraw: counted from the list less the first.
    rowLeaves("p1", RELIANCE.orderNo, "Deleting RELIANCE-EQ");
    expect(cursorKey("p1")).toBe(INFY.orderNo);
  });

  it("another row than the cursor's: the cursor stays on its row and only the act is said", () => {
    showOrders("p1", [SBIN_SL, RELIANCE, INFY]);
    rowLeaves("p1", INFY.orderNo, "Deleting INFY-EQ");
    expect(cursorKey("p1")).toBe(SBIN_SL.orderNo);
    expect(statusLine$.peek()?.text).toBe("Deleting INFY-EQ");
  });

  it("the list the pane registered is still its own: unregistering it drops the list less the row", () => {
    const unregister = registerList("p1", { name: "Pending", keys: [SBIN_SL.orderNo], selectionOf: (k) => ({ kind: "order", orderNo: k, status: "open" }), labelOf: (k) => k });
    rowLeaves("p1", SBIN_SL.orderNo, "Deleting SBIN-EQ");
    expect(statusLine$.peek()?.text).toBe("Deleting SBIN-EQ: the list is empty");
    registerList("p1", { name: "Pending", keys: [RELIANCE.orderNo], selectionOf: (k) => ({ kind: "order", orderNo: k, status: "open" }), labelOf: (k) => k });
    unregister(); // an older registration's cleanup after a newer one: the newer stays
    expect(hasList("p1")).toBe(true);
    const last = registerList("p1", { name: "Pending", keys: [RELIANCE.orderNo, INFY.orderNo], selectionOf: (k) => ({ kind: "order", orderNo: k, status: "open" }), labelOf: (k) => k });
    rowLeaves("p1", INFY.orderNo, "Deleting INFY-EQ");
    last();
    expect(hasList("p1")).toBe(false);
  });
});

describe("a row on its way (a convert's quantity in its new product)", () => {
  it("the cursor goes onto it when the list shows it, and only then is the move said", () => {
    showOrders("p1", [SBIN_SL, RELIANCE]);
    putCursorOn("p1", INFY.orderNo, "cursor on INFY");
    expect(cursorKey("p1")).toBe(SBIN_SL.orderNo);
    expect(statusLine$.peek()).toBeNull();
    showOrders("p1", [INFY, SBIN_SL, RELIANCE]);
    expect(cursorKey("p1")).toBe(INFY.orderNo);
    expect(selectionOf("p1")).toMatchObject({ orderNo: INFY.orderNo });
    expect(statusLine$.peek()?.text).toBe("cursor on INFY");
  });

  it("a list without it leaves the cursor where it was and says nothing", () => {
    showOrders("p1", [SBIN_SL, RELIANCE]);
    putCursorOn("p1", INFY.orderNo, "cursor on INFY");
    showOrders("p1", [SBIN_SL, RELIANCE]);
    showOrders("p1", [INFY, SBIN_SL, RELIANCE]); // too late: only the next list is awaited
    expect(cursorKey("p1")).toBe(SBIN_SL.orderNo);
    expect(statusLine$.peek()).toBeNull();
  });
});

describe("a position's row", () => {
  const position = (product: string, type: string, tradingSymbol = "INFY-EQ", token = "1594"): Position =>
    ({ exchange: "NSEEQ", token, instrumentId: token, tradingSymbol, product, type, netQuantity: 5, lotsize: 1 }) as unknown as Position;
  const intraday = position("INTRADAY", "");
  const delivery = position("DELIVERY", "");
  const bo = position("INTRADAY", "BO");
  const nifty = position("NORMAL", "", "NIFTY26NOV24000CE", "35001");

  function showPositions(shown: Position[]): void {
    positions$.rows.set(shown);
    const find = (k: string) => shown.find((p) => positionKey(p) === k)!;
    const list: PaneList = { name: "Positions", keys: shown.map(positionKey), selectionOf: (k) => positionSelection(find(k)), labelOf: (k) => k };
    registerList("p1", list);
  }

  it("keeps INTRADAY apart from DELIVERY and a BO apart from both across a re-sort: `x`, `v` and `i` act on that one", async () => {
    showPositions([nifty, intraday, delivery, bo]);
    await run("list.cursor.down", "p1", "position"); // INFY INTRADAY
    showPositions([delivery, bo, intraday, nifty]);
    expect(selectedPosition(ctxOf("p1", "position"))).toBe(intraday);

    await run("list.cursor.up", "p1", "position"); // the BO position, shown just above
    showPositions([intraday, nifty, delivery, bo]);
    expect(selectedPosition(ctxOf("p1", "position"))).toBe(bo);
  });
});
