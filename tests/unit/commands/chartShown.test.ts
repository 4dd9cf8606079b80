import { beforeAll, describe, expect, it, vi } from "vitest";
import type { CommandContext } from "../../../src/commands/types";
import { MemoryStorage } from "../../support/memoryStorage";
import { commandContext } from "./context";

/**
 * FINDINGS-25 s3: "the chart popped out / enlarged is the one on screen". A chart pane of its own
 * RELIANCE-EQ, linked red, shows the red group's USDINR26DECFUT (core/workspace/links.ts: "the
 * instrument a pane shows: its group's while it is in one that has chosen, else its own"); Alt+P
 * opened RELIANCE-EQ, and "Full chart page" embedded RELIANCE-EQ, both without the pane's SMA 20.
 */
vi.stubGlobal("localStorage", new MemoryStorage());

let ws: typeof import("../../../src/data/stores/workspace");
let tree: typeof import("../../../src/core/workspace/tree");
let chart: typeof import("../../../src/commands/defs/chart");
let registry: typeof import("../../../src/commands/all")["registry"];
let popout: typeof import("../../../src/core/charts/popout");
let target: typeof import("../../../src/core/workspace/indicatorTarget");
beforeAll(async () => {
  ws = await import("../../../src/data/stores/workspace");
  tree = await import("../../../src/core/workspace/tree");
  chart = await import("../../../src/commands/defs/chart");
  registry = (await import("../../../src/commands/all")).registry;
  popout = await import("../../../src/core/charts/popout");
  target = await import("../../../src/core/workspace/indicatorTarget");
});

const RELIANCE = { exchange: "NSEEQ", token: 1394, tradingSymbol: "RELIANCE-EQ" };
const USDINR = { exchange: "NSECURR", token: 9101, tradingSymbol: "USDINR26DECFUT" };

/** Positions (p) and the chart (c), both red; red's instrument USDINR26DECFUT; the chart focused. */
function linkedLayout(chartState: import("../../../src/core/workspace/tree").PaneState): CommandContext {
  ws.layout$.set({ root: tree.split("row", tree.pane("position", "p", { link: "red" }), tree.pane("chart", "c", chartState)), focused: "c", groups: { red: USDINR } });
  return commandContext("chart", { focusedPaneId: "c", panes: [{ id: "p", view: "position", n: 1, state: { link: "red" } }, { id: "c", view: "chart", n: 2, state: chartState }], paneCount: 2 });
}

describe("what is on screen is what is popped out and enlarged", () => {
  it("Alt+P on a linked chart pops out the group's instrument, with the pane's interval and indicators", () => {
    const ctx = linkedLayout({ instrument: RELIANCE, link: "red", interval: "5m", indicators: ["sma 20"] });
    const c = chart.chartToPopOut(ctx);
    expect(c).toMatchObject({ instrument: USDINR, interval: "5m", indicators: ["sma 20"] });
  });

  it("unlinked, the chart's own instrument; the window's address carries the indicators, and reads them back", () => {
    const ctx = linkedLayout({ instrument: RELIANCE, interval: "1m", indicators: ["sma 20", "ema 50"] });
    expect(chart.chartToPopOut(ctx)).toMatchObject({ instrument: RELIANCE });
    const path = popout.popoutChartPath({ exchange: "NSECURR", token: 9101, symbol: "USDINR26DECFUT", interval: "5m", indicators: ["sma 20", "ema 50"] });
    expect(path).toBe("/popoutchart?exchange=NSECURR&token=9101&symbol=USDINR26DECFUT&interval=5m&indicators=sma%2020%2Cema%2050");
    const q = new URLSearchParams(path.split("?")[1]);
    expect(popout.readPopoutChart((n) => q.get(n))).toEqual({ exchange: "NSECURR", token: 9101, symbol: "USDINR26DECFUT", interval: "5m", indicators: ["sma 20", "ema 50"] });
    // None given: the window draws the user's template, as the pane did.
    const bare = new URLSearchParams(popout.popoutChartPath({ exchange: "NSEEQ", token: 1394, symbol: "RELIANCE-EQ", interval: "1m" }).split("?")[1]);
    expect(popout.readPopoutChart((n) => bare.get(n))?.indicators).toBeUndefined();
  });

  it("Full chart page from a linked chart embeds the group's instrument with the pane's indicators", async () => {
    const ctx = linkedLayout({ instrument: RELIANCE, link: "red", indicators: ["sma 20"] });
    await registry.run("chart.page", ctx);
    const page = tree.panes(ws.layout$.peek().root).find((p) => p.view === "chartpage");
    expect(page?.state).toMatchObject({ instrument: USDINR, indicators: ["sma 20"] });
  });

  it("`chart add` names a linked chart by what it shows: the toast and the question say USDINR26DECFUT, not RELIANCE-EQ", () => {
    const c = { id: "c", view: "chart", n: 2, state: { instrument: RELIANCE, link: "red" as const, indicators: ["sma 20"] } };
    const other = { id: "d", view: "chart", n: 3, state: { instrument: RELIANCE } };
    expect(target.indicatorTarget([c], "c", { red: USDINR })).toMatchObject({ kind: "pane", paneId: "c", symbol: "USDINR26DECFUT", indicators: ["sma 20"] });
    expect(target.indicatorTarget([c, other], "w", { red: USDINR })).toBe("Which chart? Focus USDINR26DECFUT (Alt+2) or RELIANCE-EQ (Alt+3)");
  });
});
