import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../support/memoryStorage";
import { commandContext } from "./context";

/**
 * FINDINGS-23 F1 and F5, as one rule over any sequence: a pane's work (a strategy's legs, a
 * chart's own indicators) never leaves the shared layout unless the trader accepted a question that
 * named it. The steps are the trader's: add a chart with indicators or a strategy with legs, open
 * another window on an address (the route of that window's first address: workspace.joinOnAddress,
 * applied by every window of the browser through the storage event), choose a layout preset from
 * the palette (the registry's command), Enter on the question, Esc on it.
 *
 * The model is written from the presets' own words (presets.ts): every preset builds fresh panes
 * with nothing of the trader's in them, except Single pane, which keeps the focused pane with its
 * state. It keeps each work the trader made, by a label of the test's own, and which pane holds it
 * is read from the real layout (as fills come from the broker).
 */

vi.stubEnv("VITE_BROKER_ORIGIN", "http://broker.test");
vi.stubGlobal("localStorage", new MemoryStorage());

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

const INFY = { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ" };
const leg = (token: number, lots: number) => ({ token, symbol: `NIFTY26D15${24000 + token * 50}CE`, exchange: "NSEFO", optionType: "CE", strike: 24000 + token * 50, expiry: "2026-12-15", side: "BUY", lots, lotSize: 75 });

/** A work the trader made: its own tag (`n`) is kept in the state, so the test finds it without the code's rule. */
type Work = { kind: "chart"; n: number } | { kind: "strategy"; n: number };

class Model {
  /** The works in the layout now. */
  works: Work[] = [];
  /** The preset whose question is open. */
  asked: string | undefined;
  next = 1;
}
type Real = Record<string, never>;

const layout = () => m.workspace.layout$.peek();
const ctx = () => {
  const t = m.ui.overlay$.top.peek();
  return commandContext("chart", { paneCount: m.tree.panes(layout().root).length, dialog: t.kind === "none" ? undefined : (t.kind as never) });
};
const run = (id: string, args?: unknown) => m.registry.registry.run(id, ctx(), args);
const top = () => m.ui.overlay$.top.peek();

/** The pane holding a work, found by the tag the test put in it (a chart's indicator period, a strategy's first token). */
function holder(w: Work) {
  return m.tree.panes(layout().root).find((p) =>
    w.kind === "chart" ? p.view === "chart" && p.state?.indicators?.[0] === `ema ${w.n}` : p.view === "strategy" && (p.state?.strategy?.legs[0] as { token?: number } | undefined)?.token === 1000 + w.n,
  );
}

function agree(model: Model): void {
  for (const w of model.works) expect(holder(w), `${w.kind} ${w.n} is in the layout`).toBeDefined();
  expect(top().kind === "confirm").toBe(model.asked !== undefined);
}

class AddChart implements fc.AsyncCommand<Model, Real> {
  check = (model: Readonly<Model>) => model.asked === undefined;
  async run(model: Model): Promise<void> {
    const n = model.next++;
    // A chart pane split off the focused one, then `chart add ema n rsi 14` in it.
    m.workspace.workspace.split("row", "chart");
    m.workspace.workspace.setPaneState(layout().focused, { instrument: INFY, interval: "5m", indicators: [`ema ${n}`, "rsi 14"] });
    model.works.push({ kind: "chart", n });
    agree(model);
  }
  toString = () => "addChartWithIndicators";
}

class AddStrategy implements fc.AsyncCommand<Model, Real> {
  check = (model: Readonly<Model>) => model.asked === undefined;
  async run(model: Model): Promise<void> {
    const n = model.next++;
    m.workspace.workspace.split("row", "strategy");
    m.workspace.workspace.setPaneState(layout().focused, { strategy: { underlying: { symbol: "NIFTY", exchange: "NSEFO", token: 26000, isIndex: true }, legs: [leg(1000 + n, 2), leg(7, 1)] } as never });
    model.works.push({ kind: "strategy", n });
    agree(model);
  }
  toString = () => "addStrategyWithLegs";
}

class OpenWindowOn implements fc.AsyncCommand<Model, Real> {
  constructor(readonly view: string) {}
  check = (model: Readonly<Model>) => model.asked === undefined;
  async run(model: Model): Promise<void> {
    const before = m.tree.panes(layout().root);
    m.workspace.workspace.joinOnAddress(this.view);
    const after = m.tree.panes(layout().root);
    // Every pane that was there is there as it was; the page is in the focused pane.
    for (const p of before) expect(after.find((q) => q.id === p.id)).toEqual(p);
    expect(after.find((p) => p.id === layout().focused)?.view).toBe(this.view);
    agree(model);
  }
  toString = () => `openWindowOn(${this.view})`;
}

class Preset implements fc.AsyncCommand<Model, Real> {
  constructor(readonly id: string) {}
  check = (model: Readonly<Model>) => model.asked === undefined;
  async run(model: Model): Promise<void> {
    const focused = m.tree.panes(layout().root).find((p) => p.id === layout().focused);
    const keeps = (w: Work) => this.id === "single" && holder(w)?.id === focused?.id;
    const lost = model.works.filter((w) => !keeps(w));
    await run(`layout.preset.${this.id}`);
    if (lost.length > 0) {
      model.asked = this.id;
      const t = top();
      // The question names each pane it would close.
      const lines = t.kind === "confirm" ? t.lines.join("\n") : "";
      for (const w of lost) expect(lines).toContain(w.kind === "chart" ? `ema ${w.n}` : "Strategy: NIFTY, 2 legs");
    }
    agree(model);
  }
  toString = () => `preset(${this.id})`;
}

class Confirm implements fc.AsyncCommand<Model, Real> {
  check = (model: Readonly<Model>) => model.asked !== undefined;
  async run(model: Model): Promise<void> {
    const focused = m.tree.panes(layout().root).find((p) => p.id === layout().focused);
    const single = model.asked === "single";
    model.works = model.works.filter((w) => single && holder(w)?.id === focused?.id);
    model.asked = undefined;
    await run("dialog.confirm");
    agree(model);
  }
  toString = () => "confirm (Enter)";
}

class Cancel implements fc.AsyncCommand<Model, Real> {
  check = (model: Readonly<Model>) => model.asked !== undefined;
  async run(model: Model): Promise<void> {
    await run("dialog.close");
    model.asked = undefined;
    agree(model);
  }
  toString = () => "cancel (Esc)";
}

const commands = [
  fc.constant(new AddChart()),
  fc.constant(new AddStrategy()),
  fc.constantFrom("home", "orders", "chart", "holdings", "strategy").map((v) => new OpenWindowOn(v)),
  fc.constantFrom("trading", "investing", "monitor", "single").map((id) => new Preset(id)),
  fc.constant(new Confirm()),
  fc.constant(new Cancel()),
];

describe("windows and layout presets never drop a pane's work unasked", () => {
  it("any sequence of adding work, opening windows on addresses, presets, Enter and Esc", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 20 }), (cmds) =>
        fc.asyncModelRun(() => {
          m.ui.closeOverlay();
          m.workspace.workspace.replace({ root: m.tree.pane("watchlist", "w0"), focused: "w0" });
          return { model: new Model(), real: {} };
        }, cmds),
      ),
      { numRuns: 150 },
    );
  });

  it("the finding's sequence: a chart with indicators, Layout: Trading, Esc keeps it, Enter loses it", async () => {
    m.workspace.workspace.replace({ root: m.tree.pane("watchlist", "w0"), focused: "w0" });
    m.workspace.workspace.split("row", "chart");
    const chart = layout().focused;
    m.workspace.workspace.setPaneState(chart, { instrument: INFY, interval: "5m", indicators: ["rsi 14", "ema 20", "bb 20 2", "vwap"] });
    await run("layout.preset.trading");
    expect(top()).toMatchObject({ kind: "confirm", title: "Switch to Layout: Trading?", lines: expect.arrayContaining(["Pane 2 Chart: INFY-EQ 5m: rsi 14, ema 20, bb 20 2, vwap"]) });
    await run("dialog.close");
    expect(m.tree.panes(layout().root).some((p) => p.id === chart)).toBe(true);
    await run("layout.preset.trading");
    await run("dialog.confirm");
    expect(m.tree.panes(layout().root).map((p) => p.view)).toEqual(["watchlist", "orders", "position", "depth"]);
  });
});
