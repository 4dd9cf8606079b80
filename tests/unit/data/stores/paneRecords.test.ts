import { internal } from "@legendapp/state";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../../support/memoryStorage";

const { getNode } = internal;

/**
 * What a pane instance keeps in the stores keyed by pane id (its option chain, its chain side,
 * its row cursor, its selection, its grid sort, its ideas filter) leaves with the pane (issue 18,
 * memory soak). Every preset and every close makes new pane ids; kept, each closed option chain
 * pane held its whole chain for the rest of the session, and a day of opening and closing panes
 * grew the heap without end.
 */
vi.stubEnv("VITE_BROKER_ORIGIN", "http://broker.test");
vi.stubGlobal("localStorage", new MemoryStorage());

let m: {
  workspace: typeof import("../../../../src/data/stores/workspace");
  chain: typeof import("../../../../src/data/stores/optionChain");
  discover: typeof import("../../../../src/data/stores/discover");
  ideas: typeof import("../../../../src/data/stores/ideas");
  selection: typeof import("../../../../src/commands/selection");
  cursor: typeof import("../../../../src/commands/listCursor");
  tree: typeof import("../../../../src/core/workspace/tree");
};

beforeAll(async () => {
  m = {
    workspace: await import("../../../../src/data/stores/workspace"),
    chain: await import("../../../../src/data/stores/optionChain"),
    discover: await import("../../../../src/data/stores/discover"),
    ideas: await import("../../../../src/data/stores/ideas"),
    selection: await import("../../../../src/commands/selection"),
    cursor: await import("../../../../src/commands/listCursor"),
    tree: await import("../../../../src/core/workspace/tree"),
  };
});

/** Fills every per-pane store for one pane, as its views would. */
function fill(paneId: string): void {
  m.chain.chains$[paneId]!.set({ key: "NIFTY|" });
  m.chain.chainSides$[paneId]!.set("PE");
  m.selection.select({ kind: "instrument", exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ" }, paneId);
  m.cursor.cursors$[paneId]!.set({ key: "NSEEQ:1594", at: 3 });
  m.discover.discover$.sorts[paneId]!.set({ key: "ltp", dir: "desc" } as never);
  m.ideas.ideas$.statusFilter[paneId]!.set("open" as never);
}

function keysOf(paneId: string): string[] {
  const held: Array<[string, object]> = [
    ["chain", m.chain.chains$.peek()],
    ["side", m.chain.chainSides$.peek()],
    ["selection", m.selection.selections$.peek()],
    ["cursor", m.cursor.cursors$.peek()],
    ["sort", m.discover.discover$.sorts.peek()],
    ["ideas filter", m.ideas.ideas$.statusFilter.peek()],
  ];
  return held.filter(([, rec]) => paneId in rec).map(([name]) => name);
}

/** After the layout change has been rendered away: the pruning waits for the closing panes' own clean-up. */
const settle = () => new Promise((r) => setTimeout(r, 10));

describe("per-pane records", () => {
  it("go when their pane is closed or replaced by a preset, and stay while it is open", async () => {
    const { workspace, layout$ } = m.workspace;
    layout$.set({ root: m.tree.split("row", m.tree.pane("optionchain", "pA"), m.tree.pane("watchlist", "pB")), focused: "pB" });
    fill("pA");
    fill("pB");
    await settle();
    expect(keysOf("pA")).toEqual(["chain", "side", "selection", "cursor", "sort", "ideas filter"]);

    // Alt+W on pA: pB stays, and keeps everything.
    workspace.focus("pA");
    workspace.closeFocused();
    await settle();
    expect(keysOf("pA")).toEqual([]);
    expect(keysOf("pB")).toEqual(["chain", "side", "selection", "cursor", "sort", "ideas filter"]);

    // A preset makes new panes: the old ones' records go.
    workspace.applyPreset("monitor");
    await settle();
    expect(keysOf("pB")).toEqual([]);
  });

  it("leave no observable node behind: legend-state keeps a node per key ever asked for, deleted or not", async () => {
    const { layout$, workspace } = m.workspace;
    layout$.set({ root: m.tree.split("row", m.tree.pane("optionchain", "pC"), m.tree.pane("watchlist", "pD")), focused: "pC" });
    fill("pC");
    fill("pD");
    // A chain cell observes one field of one strike: nodes down to it are made.
    m.chain.chains$["pC"]!.set({ key: "NIFTY|", chain: { strikes: [{ strike: 24000, ce: { ltp: 10 }, pe: { ltp: 12 } }] } as never });
    expect(m.chain.chains$["pC"]!.chain.strikes[0]!.pe.ltp.peek()).toBe(12);
    expect(getNode(m.chain.chains$).children?.has("pC")).toBe(true);
    workspace.closeFocused();
    await settle();
    expect(getNode(m.chain.chains$).children?.has("pC") ?? false).toBe(false);
    expect(getNode(m.selection.selections$).children?.has("pC") ?? false).toBe(false);
    expect(getNode(m.cursor.cursors$).children?.has("pC") ?? false).toBe(false);
    expect(getNode(m.chain.chains$).children?.has("pD")).toBe(true);
  });

  it("keep a dialog's (it belongs to no pane: its owner is 'app')", async () => {
    m.selection.select({ kind: "instrument", exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ" }, "app");
    m.workspace.workspace.applyPreset("trading");
    await settle();
    expect("app" in m.selection.selections$.peek()).toBe(true);
  });
});
