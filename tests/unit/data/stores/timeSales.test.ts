import { beforeAll, describe, expect, it, vi } from "vitest";
import type { TapeSnapshot } from "../../../../src/core/rules/timeAndSales";
import { MemoryStorage } from "../../../support/memoryStorage";

/**
 * A time and sales pane's tape lives by its pane id, outside the component (the tiling remounts a
 * pane whenever it changes around it): kept while the pane is open, started afresh when its
 * instrument changes, gone when the pane closes or turns to another view.
 */
vi.stubEnv("VITE_BROKER_ORIGIN", "http://broker.test");
vi.stubGlobal("localStorage", new MemoryStorage());

let m: {
  workspace: typeof import("../../../../src/data/stores/workspace");
  tapes: typeof import("../../../../src/data/stores/timeSales");
  tree: typeof import("../../../../src/core/workspace/tree");
};

beforeAll(async () => {
  m = {
    workspace: await import("../../../../src/data/stores/workspace"),
    tapes: await import("../../../../src/data/stores/timeSales"),
    tree: await import("../../../../src/core/workspace/tree"),
  };
});

const INFY = "NSEEQ:1594";
const snap = (ltp: number, volume: number): TapeSnapshot => ({ ltp, volume, bid: ltp - 0.5, ask: ltp + 0.5, lastQty: 5, lastTradedTime: 36_000 + volume });
const settle = () => new Promise((r) => setTimeout(r, 10));

/** Two trades on INFY as pane `id` saw them. */
function twoTrades(id: string): void {
  for (const [p, v] of [[1500, 100], [1501, 105], [1499, 110]] as const) m.tapes.recordSnapshot(id, INFY, snap(p, v));
}

describe("time and sales tapes by pane", () => {
  it("kept over a layout change that leaves the pane (a remount reads the same quote again: no print)", async () => {
    const { workspace, layout$ } = m.workspace;
    layout$.set({ root: m.tree.split("row", m.tree.pane("timesales", "tA"), m.tree.pane("watchlist", "wA")), focused: "wA" });
    twoTrades("tA");
    expect(m.tapes.tapePrints("tA", INFY).map((p) => p.price)).toEqual([1499, 1501]);
    workspace.showBeside("chart", {});
    await settle();
    m.tapes.recordSnapshot("tA", INFY, snap(1499, 110));
    expect(m.tapes.tapePrints("tA", INFY)).toHaveLength(2);
  });

  it("another instrument: none of the old prints", () => {
    twoTrades("tB");
    m.tapes.recordSnapshot("tB", "NSEEQ:3045", snap(0, 0));
    expect(m.tapes.tapes$.peek()["tB"]).toBeUndefined();
    expect(m.tapes.tapePrints("tB", INFY)).toEqual([]);
  });

  it("gone when the pane closes or shows another view", async () => {
    const { workspace, layout$ } = m.workspace;
    layout$.set({ root: m.tree.split("row", m.tree.pane("timesales", "tC"), m.tree.split("row", m.tree.pane("timesales", "tD"), m.tree.pane("watchlist", "wD"))), focused: "tC" });
    twoTrades("tC");
    twoTrades("tD");
    workspace.closeFocused();
    await settle();
    expect("tC" in m.tapes.tapes$.peek()).toBe(false);
    expect(m.tapes.tapePrints("tD", INFY)).toHaveLength(2);
    workspace.focus("tD");
    workspace.openView("orders");
    expect("tD" in m.tapes.tapes$.peek()).toBe(false);
  });
});
