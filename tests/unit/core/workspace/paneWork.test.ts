import { describe, expect, it } from "vitest";
import { layoutQuestion, lostWork, showPage, workIn, workOf } from "../../../../src/core/workspace/paneWork";
import { PRESETS } from "../../../../src/core/workspace/presets";
import { pane, panes, split, type Layout } from "../../../../src/core/workspace/tree";
import type { PaneStrategy } from "../../../../src/core/strategy/legs";

/**
 * FINDINGS-23 F1 and F5: a second window opened on an address put its page over the focused pane
 * (a chart with four indicators) in every window; "Layout: Trading" closed a strategy pane with
 * an unplaced leg and a chart's indicators at once. The expected values are worked out by hand
 * from the layouts below.
 */

const INFY = { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ" };
const condor: PaneStrategy = {
  underlying: { symbol: "NIFTY", exchange: "NSEFO", token: 26000, isIndex: true },
  name: "NIFTY iron condor",
  legs: [
    { token: 1, symbol: "NIFTY26D1524150PE", exchange: "NSEFO", optionType: "PE", strike: 24150, expiry: "2026-12-15", side: "BUY", lots: 1, lotSize: 75 },
    { token: 2, symbol: "NIFTY26D1524350PE", exchange: "NSEFO", optionType: "PE", strike: 24350, expiry: "2026-12-15", side: "SELL", lots: 1, lotSize: 75 },
    { token: 3, symbol: "NIFTY26D1524550PE", exchange: "NSEFO", optionType: "PE", strike: 24550, expiry: "2026-12-15", side: "BUY", lots: 2, lotSize: 75 },
  ],
};
const ind = ["rsi 14", "ema 20", "bb 20 2", "vwap"];

/** The finding's workspace: chain | strategy | orders over positions | depth, and the INFY 5m chart (pane 6, focused). */
function finding(): Layout {
  const root = split(
    "row",
    split("row", pane("optionchain", "chain", { chain: { symbol: "NIFTY" } }), pane("strategy", "strat", { strategy: condor })),
    split("row", split("column", pane("orders", "ord"), pane("position", "pos")), split("column", pane("depth", "dep"), pane("chart", "ch", { instrument: INFY, interval: "5m", indicators: ind }))),
  );
  return { root, focused: "ch" };
}

describe("what a pane holds that would be lost with it", () => {
  it("a strategy's legs, a chart's own indicators; not a chain's underlying, orders or depth", () => {
    expect(workIn(finding())).toEqual([
      { id: "strat", no: 2, view: "strategy", what: "NIFTY iron condor, 3 legs" },
      { id: "ch", no: 6, view: "chart", what: "INFY-EQ 5m: rsi 14, ema 20, bb 20 2, vwap" },
    ]);
  });

  it("a chart on the user's template (no indicators of its own), an empty strategy pane: nothing", () => {
    expect(workOf(pane("chart", "c", { instrument: INFY, interval: "5m" }))).toBeUndefined();
    expect(workOf(pane("chart", "c", { instrument: INFY, indicators: [] }))).toBeUndefined();
    expect(workOf(pane("strategy", "s", { strategy: { ...condor, legs: [] } }))).toBeUndefined();
    expect(workOf(pane("watchlist", "w", { tab: 1 }))).toBeUndefined();
  });

  it("a strategy unnamed is named by its underlying; a chart grid with a chosen cell counts", () => {
    const { name: _, ...unnamed } = condor;
    expect(workOf(pane("strategy", "s", { strategy: { ...unnamed, legs: condor.legs.slice(0, 1) } }))).toBe("NIFTY, 1 leg");
    const grid = { size: 2 as const, cells: [{ instrument: INFY }, {}], focus: 0, sync: { interval: false, crosshair: false } };
    expect(workOf(pane("chart", "g", { grid } as never))).toBe("chart grid of 2: INFY-EQ, —");
  });
});

describe("Layout presets over the finding's workspace", () => {
  const trading = PRESETS.find((p) => p.id === "trading")!;
  const single = PRESETS.find((p) => p.id === "single")!;

  it("Trading (watchlist | orders over positions | depth) closes the strategy and the chart: both asked about, by pane", () => {
    const before = finding();
    const lost = lostWork(before, trading.build(1680));
    expect(lost.map((w) => w.id)).toEqual(["strat", "ch"]);
    expect(layoutQuestion("Layout: Trading", lost)).toEqual({
      title: "Switch to Layout: Trading?",
      lines: [
        "Layout: Trading closes 2 panes holding work that no pane of it keeps:",
        "Pane 2 Strategy: NIFTY iron condor, 3 legs",
        "Pane 6 Chart: INFY-EQ 5m: rsi 14, ema 20, bb 20 2, vwap",
        "Enter switches and loses them; Esc keeps this layout.",
      ],
      confirmLabel: "Switch layout",
    });
  });

  it("Single pane keeps the focused chart (its state under a new id): only the strategy is asked about", () => {
    const before = finding();
    const focused = panes(before.root).find((p) => p.id === "ch")!;
    const lost = lostWork(before, single.build(1680, focused));
    expect(lost.map((w) => `${w.no} ${w.view}`)).toEqual(["2 strategy"]);
    expect(layoutQuestion("Layout: Single pane", lost)?.lines[0]).toBe("Layout: Single pane closes a pane holding work that no pane of it keeps:");
  });

  it("a workspace of no work switches without a question", () => {
    const plain: Layout = { root: split("row", pane("watchlist", "w"), pane("chart", "c", { instrument: INFY })), focused: "w" };
    expect(lostWork(plain, trading.build(1680))).toEqual([]);
    expect(layoutQuestion("Layout: Trading", [])).toBeUndefined();
  });
});

describe("a window opened on an address joins the shared layout", () => {
  const tiling = { w: 1680, h: 940 };

  it("/home with no Home pane: a new pane, every pane kept as it was; no pane of 420 px can give 480, so a band along the bottom", () => {
    const before = finding();
    const j = showPage(before, "home", tiling, "room");
    expect(j.how).toBe("added");
    const after = panes(j.layout.root);
    // 6 panes + Home; the chart and its indicators where they were.
    expect(after.map((p) => p.view)).toEqual(["optionchain", "strategy", "orders", "position", "depth", "chart", "home"]);
    for (const p of panes(before.root)) expect(after.find((q) => q.id === p.id)).toEqual(p);
    expect(j.layout.focused).toBe(j.pane);
    expect(after[6]!.id).toBe(j.pane);
    // Every pane is 0.25 × 1680 = 420 px wide (< 480): the new pane takes 40 % of the height under the whole tiling.
    expect(j.layout.root).toMatchObject({ type: "split", direction: "column", ratio: 0.6, a: before.root, b: { view: "home" } });
  });

  it("/home with a wide pane: taken from the widest (Orders, 1,176 px), not from the focused watchlist", () => {
    const before: Layout = { root: split("row", pane("watchlist", "w"), pane("orders", "o"), 0.3), focused: "w" };
    const j = showPage(before, "home", tiling, "room");
    expect(j.layout.root).toMatchObject({ a: { id: "w", view: "watchlist" }, b: { type: "split", direction: "row", a: { id: "o" }, b: { view: "home" } } });
    expect(j.layout.focused).toBe(j.pane);
  });

  it("/main/orders with an Orders pane: that pane takes the focus, nothing else changes", () => {
    const before = finding();
    const j = showPage(before, "orders", tiling, "room");
    expect(j).toEqual({ layout: { ...before, focused: "ord" }, how: "shown", pane: "ord" });
  });

  it("the address of the focused pane's page: the layout as it is", () => {
    const before = finding();
    const j = showPage(before, "chart", tiling, "room");
    expect(j.layout).toBe(before);
    expect(j.how).toBe("shown");
  });
});
