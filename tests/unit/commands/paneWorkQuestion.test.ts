import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";
import { commandContext } from "./context";

/**
 * One rule for every change that takes panes away (core/workspace/paneWork.ts): a layout preset
 * asked first, naming each pane and what it holds; opening a named workspace and "Replace this pane
 * with a chart" replaced a strategy's legs, a chart's own indicators or a chart grid's cells without
 * a word. Now each asks the same question: Enter (dialog.confirm) goes on, Esc (dialog.close) keeps.
 */

vi.stubEnv("VITE_BROKER_ORIGIN", "http://broker.test");
vi.stubGlobal("localStorage", new MemoryStorage());

const INFY = { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ" };
const leg = (token: number) => ({ token, symbol: `NIFTY26D15${24000 + token * 50}CE`, exchange: "NSEFO", optionType: "CE", strike: 24000 + token * 50, expiry: "2026-12-15", side: "BUY", lots: 1, lotSize: 75 });

// The broker's list of saved workspaces: "Plain", a watchlist and orders side by side (nothing of the trader's in it).
const plain = { root: { type: "split", id: "s0", direction: "row", ratio: 0.5, a: { type: "pane", id: "a", view: "watchlist" }, b: { type: "pane", id: "b", view: "orders" } }, focused: "a" };
vi.mock("../../../src/data/api/workspaces", () => ({
  listWorkspaces: () => Promise.resolve({ status: "Ok", message: "Success", result: [{ name: "Plain", body: JSON.stringify({ layout: plain }) }] }),
  saveWorkspace: vi.fn(),
  renameWorkspace: vi.fn(),
  deleteWorkspace: vi.fn(),
}));

let m: {
  workspace: typeof import("../../../src/data/stores/workspace");
  ui: typeof import("../../../src/data/stores/ui");
  registry: typeof import("../../../src/commands/all");
  tree: typeof import("../../../src/core/workspace/tree");
};

beforeAll(async () => {
  m = {
    registry: await import("../../../src/commands/all"),
    workspace: await import("../../../src/data/stores/workspace"),
    ui: await import("../../../src/data/stores/ui"),
    tree: await import("../../../src/core/workspace/tree"),
  };
});

const layout = () => m.workspace.layout$.peek();
const views = () => m.tree.panes(layout().root).map((p) => p.view);
const top = () => m.ui.overlay$.top.peek();
const ctx = (over: Parameters<typeof commandContext>[1] = {}) => {
  const t = top();
  const focused = m.tree.panes(layout().root).find((p) => p.id === layout().focused)!;
  return commandContext(focused.view, { focusedPaneId: focused.id, paneCount: m.tree.panes(layout().root).length, dialog: t.kind === "none" ? undefined : (t.kind as never), ...over });
};
const run = (id: string, args?: unknown, over?: Parameters<typeof commandContext>[1]) => m.registry.registry.run(id, ctx(over), args);
const settle = () => new Promise((r) => setTimeout(r, 0));

/** A watchlist (focused) beside a strategy with two legs: the strategy is pane 2. */
function strategyBeside(): void {
  m.workspace.workspace.replace({
    root: m.tree.split("row", m.tree.pane("watchlist", "w"), m.tree.pane("strategy", "s", { strategy: { underlying: { symbol: "NIFTY", exchange: "NSEFO", token: 26000 }, name: "NIFTY straddle", legs: [leg(1), leg(2)] } } as never)),
    focused: "w",
  } as never);
}

beforeEach(() => {
  while (top().kind !== "none") m.ui.closeOverlay();
});

describe("opening a named workspace over a pane holding work", () => {
  it("asks first, naming the pane and its work; Esc keeps the layout; Enter opens the workspace", async () => {
    strategyBeside();
    await run("workspace.line", { kind: "open", name: "Plain" });
    await settle();
    expect(top()).toMatchObject({
      kind: "confirm",
      title: "Switch to Workspace Plain?",
      lines: ["Workspace Plain closes a pane holding work that no pane of it keeps:", "Pane 2 Strategy: NIFTY straddle, 2 legs", "Enter switches and loses it; Esc keeps this layout."],
    });
    expect(views()).toEqual(["watchlist", "strategy"]);
    await run("dialog.close");
    expect(top().kind).toBe("none");
    expect(views()).toEqual(["watchlist", "strategy"]);
    await run("workspace.line", { kind: "open", name: "Plain" });
    await settle();
    await run("dialog.confirm");
    await settle();
    expect(views()).toEqual(["watchlist", "orders"]);
  });

  it("a layout of no work opens at once", async () => {
    m.workspace.workspace.replace({ root: m.tree.pane("watchlist", "w"), focused: "w" });
    await run("workspace.line", { kind: "open", name: "Plain" });
    await settle();
    expect(top().kind).toBe("none");
    expect(views()).toEqual(["watchlist", "orders"]);
  });
});

describe("a chart shown in a pane holding work", () => {
  it("over a chart grid's chosen cells: asks, naming the grid; Esc keeps it; Enter shows the chart", async () => {
    const grid = { size: 2, cells: [{ instrument: INFY }, { instrument: { ...INFY, token: 11536, tradingSymbol: "TCS-EQ" } }] };
    m.workspace.workspace.replace({ root: m.tree.pane("multichart", "g", { grid } as never), focused: "g" } as never);
    const selection = { kind: "instrument" as const, exchange: "NSEEQ" as const, token: "2885", symbol: "RELIANCE-EQ" };
    await run("chart.open.here", undefined, { selection: selection as never });
    expect(top()).toMatchObject({ kind: "confirm", title: "Switch to Chart of RELIANCE-EQ here?", lines: expect.arrayContaining(["Pane 1 Chart Grid: chart grid of 2: INFY-EQ, TCS-EQ"]) });
    await run("dialog.close");
    expect(views()).toEqual(["multichart"]);
    await run("chart.open.here", undefined, { selection: selection as never });
    await run("dialog.confirm");
    expect(views()).toEqual(["chart"]);
    expect(m.tree.panes(layout().root)[0]!.state?.instrument).toMatchObject({ tradingSymbol: "RELIANCE-EQ" });
  });

  it("over a watchlist (no work of the trader's in it): shows the chart at once", async () => {
    m.workspace.workspace.replace({ root: m.tree.pane("watchlist", "w"), focused: "w" });
    await run("chart.open.here", undefined, { selection: { kind: "instrument", exchange: "NSEEQ", token: "2885", symbol: "RELIANCE-EQ" } as never });
    expect(top().kind).toBe("none");
    expect(views()).toEqual(["chart"]);
  });
});
