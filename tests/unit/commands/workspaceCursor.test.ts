import { beforeEach, describe, expect, it } from "vitest";
import { cursorKey, cursors$, landCursorsAgain, moveCursor, registerList } from "../../../src/commands/listCursor";
import { selections$, selectionOf } from "../../../src/commands/selection";
import { pane, split, type PaneInstrument } from "../../../src/core/workspace/tree";
import { layout$, workspace } from "../../../src/data/stores/workspace";

/**
 * FINDINGS-25 s9: `workspace save W1` with the red group on USDINR26DECFUT, later `workspace W1`:
 * the red chart showed USDINR26DECFUT and the red Positions' cursor sat on the first row,
 * NIFTY26DECFUT, so `b` in the chart bought one instrument and `x` in Positions exited another.
 * The rule (core/rules/rowCursor.ts landingRow): a list of a colour group lands its cursor on the
 * row of the group's instrument when it has one, and its selection is that row's.
 */
const USDINR: PaneInstrument = { exchange: "NSECURR", token: 1201, tradingSymbol: "USDINR26DECFUT" };
const ROWS = {
  "NSEFO:35001:NRML": { exchange: "NSEFO", token: 35001, symbol: "NIFTY26DECFUT" },
  "MCXCOMM:2201:NRML": { exchange: "MCXCOMM", token: 2201, symbol: "CRUDEOIL26DECFUT" },
  "NSECURR:1201:NRML": { exchange: "NSECURR", token: 1201, symbol: "USDINR26DECFUT" },
} as const;
type Key = keyof typeof ROWS;

function showPositions(paneId: string, keys: readonly string[] = Object.keys(ROWS), view = "position"): () => void {
  return registerList(paneId, {
    name: "Positions",
    view,
    keys,
    selectionOf: (k) => ({ kind: "position", ...ROWS[k as Key], product: "NRML" }),
    labelOf: (k) => ROWS[k as Key].symbol,
  });
}

beforeEach(() => {
  // The saved W1: red Positions (p) beside a red chart (c), the red group on USDINR26DECFUT.
  layout$.set({ root: split("row", pane("position", "p", { link: "red" }), pane("chart", "c", { link: "red" })), focused: "p", groups: { red: USDINR } });
  cursors$.set({});
  selections$.set({});
});

describe("a linked list's cursor after a workspace opens", () => {
  it("a Positions pane the workspace opens lands on the row of its group's instrument, and selects it", () => {
    showPositions("p");
    expect(cursorKey("p")).toBe("NSECURR:1201:NRML");
    expect(selectionOf("p")).toMatchObject({ kind: "position", exchange: "NSECURR", token: 1201, symbol: "USDINR26DECFUT" });
  });

  it("a Positions pane already on screen (the same pane, its cursor since moved to the first row) goes back to the group's row", () => {
    showPositions("p");
    moveCursor("p", () => 0, "trader");
    // The trader's move chose NIFTY for red; the saved W1 brings red back to USDINR.
    layout$.set({ ...layout$.peek(), groups: { red: USDINR } });
    expect(cursorKey("p")).toBe("NSEFO:35001:NRML");
    landCursorsAgain(workspace.allPanes());
    expect(cursorKey("p")).toBe("NSECURR:1201:NRML");
    expect(selectionOf("p")).toMatchObject({ kind: "position", symbol: "USDINR26DECFUT" });
    // The pane placing its own cursor chooses nothing: the group is still W1's.
    expect(layout$.peek().groups?.red).toEqual(USDINR);
  });

  it("a list with no row of the group's instrument lands on its first row, as a list of no group", () => {
    showPositions("p", ["NSEFO:35001:NRML", "MCXCOMM:2201:NRML"]);
    expect(cursorKey("p")).toBe("NSEFO:35001:NRML");
  });

  it("a list in no group lands on its first row whatever the red group holds", () => {
    layout$.set({ root: split("row", pane("position", "p"), pane("chart", "c", { link: "red" })), focused: "p", groups: { red: USDINR } });
    showPositions("p");
    expect(cursorKey("p")).toBe("NSEFO:35001:NRML");
  });

  it("a pane the workspace shows in another view lands on its new list when that list is drawn, not on the list it showed before", () => {
    // Before the workspace: pane p showed another list (its rows of another view) with the cursor on the first row.
    const before = showPositions("p", ["MCXCOMM:2201:NRML", "NSEFO:35001:NRML"], "order");
    moveCursor("p", () => 0, "trader");
    layout$.set({ ...layout$.peek(), groups: { red: USDINR } });
    // The workspace is opened: p now shows Positions, but its old list is still registered (not yet redrawn).
    landCursorsAgain(workspace.allPanes());
    expect(cursorKey("p")).toBeUndefined();
    before();
    // Its Positions list is drawn: the first landing, on the group's row (not followed from the old list's place).
    showPositions("p");
    expect(cursorKey("p")).toBe("NSECURR:1201:NRML");
  });
});
