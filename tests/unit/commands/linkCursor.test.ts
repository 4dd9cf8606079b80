import { beforeEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { cursors$, registerList } from "../../../src/commands/listCursor";
import { selections$, selectionOf } from "../../../src/commands/selection";
import { pane, split } from "../../../src/core/workspace/tree";
import { clearStatusLine } from "../../../src/data/stores/statusLine";
import { layout$, workspace } from "../../../src/data/stores/workspace";
import { commandContext } from "./context";

/**
 * Issue 32: "Choosing an instrument in any pane of a group (cursor move, …) retargets every pane of
 * that group." A watchlist whose cursor already rests on SBIN, linked to a colour with Alt+L, has
 * chosen SBIN for that colour: its chart shows SBIN at once, not after the next cursor move.
 */
const ROWS = { "NSEEQ:3045": { exchange: "NSEEQ", token: 3045, symbol: "SBIN-EQ" }, "NSEEQ:1594": { exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ" } } as const;
type Key = keyof typeof ROWS;

function showWatchlist(paneId: string): void {
  registerList(paneId, {
    name: "Watchlist 1",
    keys: Object.keys(ROWS),
    selectionOf: (k) => ({ kind: "instrument", ...ROWS[k as Key] }),
    labelOf: (k) => ROWS[k as Key].symbol,
  });
}
const cycle = (paneId: string, view: string) => registry.run("layout.link.cycle", commandContext(view, { focusedPaneId: paneId, selection: selectionOf(paneId) }));

beforeEach(() => {
  // A watchlist (w) beside a chart (c) that the trader put in the green group.
  layout$.set({ root: split("row", pane("watchlist", "w"), pane("chart", "c", { link: "green" })), focused: "w" });
  cursors$.set({});
  selections$.set({});
  clearStatusLine();
});

describe("linking a list whose cursor rests on an instrument", () => {
  it("gives the group that instrument, so the group's chart shows it at once", async () => {
    showWatchlist("w"); // the cursor rests on the first row, SBIN, with no move by the trader
    expect(workspace.linkOf("w")).toBe("none");
    expect(layout$.peek().groups?.green).toBeUndefined();
    // none → red → green: the watchlist joins the chart's group.
    await cycle("w", "watchlist");
    await cycle("w", "watchlist");
    expect(workspace.linkOf("w")).toBe("green");
    expect(layout$.peek().groups?.green).toEqual({ exchange: "NSEEQ", token: 3045, tradingSymbol: "SBIN-EQ" });
  });

  it("a chart joining a group takes the group's instrument and gives none of its own", async () => {
    layout$.set({ ...layout$.peek(), groups: { green: { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ" } } });
    await cycle("c", "chart"); // green → blue
    expect(workspace.linkOf("c")).toBe("blue");
    expect(layout$.peek().groups?.blue).toBeUndefined();
    expect(layout$.peek().groups?.green).toEqual({ exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ" });
  });
});
