import { describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { commandForKey, defaultKeymap } from "../../../src/commands/keymap";
import type { DialogId } from "../../../src/data/stores/ui";
import { pane, setView, type Layout } from "../../../src/core/workspace/tree";
import { commandContext } from "./context";

/** Which command a key runs where it was pressed (keymap.ts's rule: the narrowest live scope, then `when`). */
const runs = (key: string, view: string, dialog?: DialogId) => {
  const ctx = commandContext(view, { paneCount: 2 });
  const all = registry.all();
  return commandForKey(defaultKeymap(all), all, key, { view, dialog }, (c) => registry.whyNot(c, { ...ctx, dialog }) === undefined)?.id;
};

// Issue 29: "several lists, switched by number keys"; "`Esc` leaves the full-screen watchlist"; the chart's 1 to 5 stay the chart's.
describe("watchlist keys", () => {
  it("1 to 9 switch lists in a watchlist (and in the full-screen one); in a chart 1 is still its interval", () => {
    const keys = defaultKeymap(registry.all());
    expect(keys["watchlist.list.1"]).toEqual(["1"]);
    expect(keys["watchlist.list.9"]).toEqual(["9"]);
    expect(registry.get("watchlist.list.1")?.scope).toBe("watchlist");
    expect(registry.get("chart.interval.1m")?.scope).toBe("chart");
    expect(runs("1", "chart")).toBe("chart.interval.1m");
    // In Orders the key is nobody's.
    expect(runs("1", "orders")).toBeUndefined();
  });

  it("Esc leaves the full-screen watchlist; under a dialog Esc closes the dialog; in the watchlist pane Esc is not taken", () => {
    expect(runs("escape", "fullwl")).toBe("watchlist.fullscreen.leave");
    expect(runs("escape", "fullwl", "renameWatchlist")).toBe("dialog.close");
    expect(runs("escape", "watchlist")).toBeUndefined();
  });

  it("going full screen and back keeps the pane's tab, lists, columns and sort; another view starts afresh", () => {
    const watch = { lists: { "0": 303 }, columns: ["bid" as const], sort: { key: "ltp" as const, descending: true }, live: true };
    const layout: Layout = { root: pane("watchlist", "p1", { tab: 1, watch }), focused: "p1" };
    const full = setView(layout, "p1", "fullwl");
    expect(full.root).toMatchObject({ view: "fullwl", state: { tab: 1, watch } });
    expect(setView(full, "p1", "watchlist").root).toMatchObject({ view: "watchlist", state: { tab: 1, watch } });
    expect(setView(layout, "p1", "orders").root).toEqual({ type: "pane", id: "p1", view: "orders" });
  });
});
