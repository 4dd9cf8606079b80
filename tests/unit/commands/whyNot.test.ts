import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { chartToPopOut } from "../../../src/commands/defs/chart";
import { defaultKeymap, resolveKey, type KeyOutcome } from "../../../src/commands/keymap";
import { CommandRegistry } from "../../../src/commands/registry";
import type { Command, CommandContext, Selection, ShownPane } from "../../../src/commands/types";
import { genericWhyNot } from "../../../src/commands/whyNot";
import type { Order } from "../../../src/core/types/order";
import { orders$ } from "../../../src/data/stores/orders";
import { positions$ } from "../../../src/data/stores/portfolio";
import type { Position } from "../../../src/core/types/portfolio";
import { commandContext } from "./context";
import { isLive } from "../../../src/commands/scopes";

/**
 * Issue 28, "Nothing is silent": "A key whose command cannot run where it was pressed says why in
 * the status line (Alt+P with no chart focused: which pane to focus, or pop out the only chart on
 * screen)." The expected sentences are written here by hand from the issue's own example,
 * "Modify needs an order under the cursor: focus Orders (Alt+N)".
 */

const cmd = (id: string, extra: Partial<Command> = {}): Command => ({ id, title: id, group: "Test", run: () => {}, ...extra });

/** What a key press does in `ctx` with the app's own registry and default keys. */
function press(key: string, ctx: CommandContext): KeyOutcome {
  return resolveKey(defaultKeymap(registry.all()), registry.all(), key, { view: ctx.focusedView, dialog: ctx.dialog }, (c) => registry.keyWhyNot(c, ctx), (c) => genericWhyNot(c, ctx));
}
const said = (o: KeyOutcome) => (o.kind === "cannot" ? o.reason : o.kind === "run" ? `ran ${o.command.id}` : "nothing");

/** The Trading layout: watchlist (1) | orders (2) over positions (3) | depth (4), `focused` having the focus. */
function trading(focused: number, over: Partial<CommandContext> = {}): CommandContext {
  const panes: ShownPane[] = [
    { id: "p1", view: "watchlist", n: 1 },
    { id: "p2", view: "orders", n: 2 },
    { id: "p3", view: "position", n: 3 },
    { id: "p4", view: "depth", n: 4 },
  ];
  const f = panes[focused - 1]!;
  return commandContext(f.view, { focusedPaneId: f.id, panes, paneCount: 4, visibleViews: new Set(panes.map((p) => p.view)), ...over });
}

describe("the why-not rule (keymap.resolveKey, registry.whyNot)", () => {
  const keymap = { narrow: ["m"], broad: ["m"] };
  const place = { view: "orders", dialog: undefined };
  const narrow = (why: string | null | undefined) => cmd("narrow", { scope: "orders", whyNot: () => why });
  const broad = (why: string | null | undefined) => cmd("broad", { whyNot: () => why });
  const resolve = (cs: Command[], key = "m") => resolveKey(keymap, cs, key, place, (c) => c.whyNot?.({} as CommandContext), () => "fallback");

  it("runs the first command that can run, narrowest scope first", () => {
    expect(resolve([broad(undefined), narrow(undefined)])).toMatchObject({ kind: "run", command: { id: "narrow" } });
    expect(resolve([broad(undefined), narrow("no")])).toMatchObject({ kind: "run", command: { id: "broad" } });
  });

  it("when none can run, says the narrowest one's reason; null passes the word to the next; all null: the first's fallback", () => {
    expect(resolve([broad("broad's reason"), narrow("narrow's reason")])).toEqual({ kind: "cannot", command: expect.objectContaining({ id: "narrow" }), reason: "narrow's reason" });
    expect(resolve([broad("broad's reason"), narrow(null)])).toMatchObject({ kind: "cannot", reason: "broad's reason" });
    expect(resolve([broad(null), narrow(null)])).toMatchObject({ kind: "cannot", command: { id: "narrow" }, reason: "fallback" });
  });

  it("a key bound to nothing live here, or one the browser has its own use for, says nothing", () => {
    expect(resolve([cmd("elsewhere", { scope: "watchlist", whyNot: () => "no" })])).toEqual({ kind: "none" });
    const enter = resolveKey({ a: ["enter"] }, [cmd("a", { whyNot: () => "no" })], "enter", place, () => "no", () => "no");
    expect(enter).toEqual({ kind: "none" });
    const down = resolveKey({ a: ["arrowdown"] }, [cmd("a", { whyNot: () => "no" })], "ArrowDown", place, () => "no", () => "no");
    expect(down).toEqual({ kind: "none" });
  });

  it("a command with only `when` gets the generic sentence: its title and the pane it was pressed in", () => {
    const r = new CommandRegistry();
    const c = cmd("x", { title: "Next row", when: () => false });
    r.register(c);
    expect(r.whyNot(c, commandContext("funds"))).toBe("Next row is not available in Funds");
    expect(r.whyNot(c, commandContext("funds", { clientCode: undefined }))).toBe("Next row: sign in first");
    // Available: no reason at all; a declared reason makes the command unavailable by itself.
    expect(r.whyNot(cmd("y"), commandContext("funds"))).toBeUndefined();
    expect(r.isAvailable(cmd("z", { whyNot: () => "because" }), commandContext("funds"))).toBe(false);
  });
});

describe("the app's keys say why", () => {
  it("m on the watchlist names the Orders pane and its key (the issue's own sentence)", () => {
    expect(said(press("m", trading(1)))).toBe("Modify needs an order under the cursor: focus Orders (Alt+2)");
  });

  it("m in Orders with no row under the cursor says so there; on a finished order it says why that order cannot be modified", () => {
    expect(said(press("m", trading(2)))).toBe("Modify needs an order under the cursor: none is under it in Orders");
    orders$.orders.set([{ orderNo: "N1", exchange: "NSEEQ", instrumentId: "1594", tradingSymbol: "INFY-EQ", transactionType: "BUY", orderStatus: "complete" } as Order]);
    const done: Selection = { kind: "order", orderNo: "N1", status: "complete" };
    expect(said(press("m", trading(2, { selection: done })))).toBe("Modify: BUY INFY-EQ is complete; only an open or pending order can be modified");
    expect(said(press("Delete", trading(2, { selection: done })))).toBe("Cancel: BUY INFY-EQ is complete; only an open or pending order can be cancelled");
    // r on the same order repeats it: it can run.
    expect(said(press("r", trading(2, { selection: done })))).toBe("ran order.repeat");
  });

  it("m on the Orders pane's GTT tab is the GTT's to explain; on its other tabs the order's", () => {
    const onGttTab = trading(2);
    onGttTab.panes = onGttTab.panes.map((p) => (p.view === "orders" ? { ...p, state: { tab: 3 } } : p));
    expect(said(press("m", onGttTab))).toBe("Modify GTT needs a GTT under the cursor: none is under it in Orders");
    expect(said(press("m", trading(2)))).toBe("Modify needs an order under the cursor: none is under it in Orders");
  });

  it("b and d with nothing under the cursor name where instruments are, and the search", () => {
    expect(said(press("b", trading(2)))).toBe("Buy needs an instrument, position or holding under the cursor: focus Watchlist (Alt+1) or Positions (Alt+3), or search one with /");
    expect(said(press("d", trading(3)))).toBe("Depth needs an instrument under the cursor: focus Watchlist (Alt+1), or search one with /");
  });

  it("a pane is named by its own Alt number, counted over every pane (the property's shrunken case: Alerts 1, Watchlist 2)", () => {
    const panes: ShownPane[] = [
      { id: "p1", view: "alerts", n: 1 },
      { id: "p2", view: "watchlist", n: 2 },
    ];
    const ctx = commandContext("alerts", { focusedPaneId: "p1", panes, paneCount: 2, visibleViews: new Set(["alerts", "watchlist"]) });
    expect(said(press("b", ctx))).toBe("Buy needs an instrument, position or holding under the cursor: focus Watchlist (Alt+2), or search one with /");
  });

  it("x on Home with no row under its cursor also names the Positions pane on screen (FINDINGS-24 §1: the trader read where to go)", () => {
    const panes = [
      { id: "p1", view: "home", n: 1 },
      { id: "p2", view: "orders", n: 2 },
      { id: "p3", view: "position", n: 3 },
    ];
    const ctx = commandContext("home", { focusedPaneId: "p1", panes, paneCount: 3, visibleViews: new Set(panes.map((p) => p.view)) });
    // Home shows summaries, no rows: x is caught there only to say where it works (FINDINGS-30 §5).
    expect(said(press("x", ctx))).toBe("Exit selected position or holding works in Positions or Holdings: focus Positions (Alt+3)");
  });

  it("x on a BO position says it leaves through its own legs; with no row, that none is under the cursor", () => {
    expect(said(press("x", trading(3)))).toBe("Exit needs a position or holding under the cursor: none is under it in Positions");
    positions$.rows.set([{ exchange: "NSEEQ", token: "1594", tradingSymbol: "INFY-EQ", product: "INTRADAY", type: "BO", netQuantity: 10 } as Position]);
    // The row cursor names a BO position by its book (rules/positionKey.ts): the selection carries its type.
    const bo: Selection = { kind: "position", exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ", product: "INTRADAY", type: "BO" };
    expect(said(press("x", trading(3, { selection: bo })))).toBe("Exit: INFY-EQ INTRADAY is a BO position; it leaves through its own legs (cancel or exit them in Orders)");
    positions$.rows.set([]);
  });

  it("layout keys say what stops them", () => {
    expect(said(press("alt+w", commandContext("home")))).toBe("Close pane: there is only one pane");
    expect(said(press("alt+5", trading(1)))).toBe("Focus pane 5: there are 4 panes");
    expect(said(press("alt+backslash", trading(1, { mobile: true })))).toBe("A phone shows one pane at a time");
    expect(said(press("bracketright", commandContext("alerts")))).toBe("Next tab: Alerts has no tabs");
    // FINDINGS-30 #3: Funds' one tab INR Balance holds the row Equity | F&O, and ] steps it; it is never told it has no tabs.
    expect(said(press("bracketright", commandContext("funds")))).toBe("ran tab.next");
    expect(said(press("bracketleft", commandContext("funds")))).toBe("ran tab.previous");
    // The silent build's shrunken case: a signed-out press of a in the watchlist.
    expect(said(press("a", commandContext("watchlist", { clientCode: undefined })))).toBe("Sign in first");
  });
});

describe("Alt+P: the focused chart, else the only chart on screen, else which to focus", () => {
  const chartPane = (id: string, n: number, tradingSymbol: string): ShownPane => ({ id, view: "chart", n, state: { instrument: { exchange: "NSEEQ", token: n, tradingSymbol }, interval: "5m" } });
  const withPanes = (panes: ShownPane[], focused: string) =>
    commandContext(panes.find((p) => p.id === focused)!.view, { focusedPaneId: focused, panes, paneCount: panes.length, visibleViews: new Set(panes.map((p) => p.view)) });
  const wl: ShownPane = { id: "w", view: "watchlist", n: 1 };

  it("with no chart on screen it says how to open one", () => {
    expect(said(press("alt+p", withPanes([wl], "w")))).toBe("Pop out needs a chart on screen: c on a row opens one, or type chart INFY in Ctrl+K");
  });

  it("with one chart on screen and the focus elsewhere it pops that one out", () => {
    const ctx = withPanes([wl, chartPane("c", 2, "INFY-EQ")], "w");
    expect(said(press("alt+p", ctx))).toBe("ran chart.popout");
    expect(chartToPopOut(ctx)).toMatchObject({ pane: { id: "c" }, instrument: { tradingSymbol: "INFY-EQ" }, interval: "5m" });
  });

  it("with two charts and neither focused it names both with their keys; the focused one is popped out", () => {
    const both = [wl, chartPane("c1", 2, "INFY-EQ"), chartPane("c2", 3, "TCS-EQ")];
    expect(said(press("alt+p", withPanes(both, "w")))).toBe("Pop out which chart? Focus INFY-EQ (Alt+2) or TCS-EQ (Alt+3)");
    expect(chartToPopOut(withPanes(both, "c2"))).toMatchObject({ instrument: { tradingSymbol: "TCS-EQ" } });
  });
});

/**
 * Over generated layouts, selections and places: a press is never silent when a live command is
 * bound (unless it is a browser key), a reason is given only for a command that cannot run, and a
 * reason that names "Alt+N" names a pane that is on screen, under its own name.
 */
describe("property: every key press runs, or says a true why", () => {
  const VIEWS = ["watchlist", "orders", "position", "holdings", "home", "funds", "depth", "chart", "ideas", "baskets", "optionchain", "equity", "alerts"] as const;
  const TITLES: Record<string, string> = { watchlist: "Watchlist", orders: "Orders", position: "Positions", holdings: "Holdings", home: "Home", funds: "Funds", depth: "Market Depth", chart: "Chart", ideas: "Ideas", baskets: "Baskets", optionchain: "Option Chain", equity: "Invest Equity", alerts: "Alerts" };
  const selection = fc.option(
    fc.constantFrom<Selection>(
      { kind: "instrument", exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ" },
      { kind: "order", orderNo: "N1", status: "open" },
      { kind: "order", orderNo: "N1", status: "complete" },
      { kind: "gtt", gttId: "g1" },
      { kind: "basket", basketId: 1 },
      { kind: "basket", basketId: 1, scripId: 7 },
      { kind: "idea", ideaId: 3 },
      { kind: "alert", alertId: 2, active: true },
    ),
    { nil: undefined },
  );
  const context = fc
    .record({
      views: fc.array(fc.constantFrom(...VIEWS), { minLength: 1, maxLength: 5 }),
      focus: fc.nat(),
      selection,
      signedIn: fc.boolean(),
      mobile: fc.boolean(),
    })
    .map(({ views, focus, selection: sel, signedIn, mobile }): CommandContext => {
      const panes: ShownPane[] = views.map((view, i) => ({ id: `p${i + 1}`, view, n: i + 1 }));
      const f = panes[focus % panes.length]!;
      return commandContext(f.view, {
        focusedPaneId: f.id,
        panes,
        paneCount: panes.length,
        visibleViews: new Set(views),
        selection: sel,
        mobile,
        ...(signedIn ? {} : { clientCode: undefined }),
      });
    });
  const keys = [...new Set(Object.values(defaultKeymap(registry.all())).flat())];
  // keymap.ts's BROWSER_KEYS that commands are bound to (Tab: a chart's order lines, issue 34).
  const BROWSER = new Set(["enter", "escape", "tab", "arrowup", "arrowdown", "arrowleft", "arrowright", "home", "end"]);

  it("holds for every default key", () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    orders$.orders.set([{ orderNo: "N1", exchange: "NSEEQ", instrumentId: "1594", tradingSymbol: "INFY-EQ", transactionType: "BUY", orderStatus: "open" } as Order]);
    fc.assert(
      fc.property(context, fc.constantFrom(...keys), (ctx, key) => {
        const o = press(key, ctx);
        if (o.kind === "run") {
          expect(registry.isAvailable(o.command, ctx)).toBe(true);
          return;
        }
        if (o.kind === "none") {
          // Silent only for a browser key, or a key no command takes where it was pressed.
          const live = registry.all().filter((c) => defaultKeymap([c])[c.id]?.includes(key) && isLive(c.scope ?? "global", key, { view: ctx.focusedView, dialog: ctx.dialog }));
          expect(BROWSER.has(key) || live.length === 0, `${key} in ${ctx.focusedView} said nothing`).toBe(true);
          return;
        }
        expect(registry.isAvailable(o.command, ctx)).toBe(false);
        expect(o.reason.trim().length).toBeGreaterThan(0);
        // "focus Watchlist (Alt+1) or Positions (Alt+3)": each key names a pane on screen, by its header's name (a chart by its instrument).
        for (const m of o.reason.matchAll(/([^,:()]+?) \(Alt\+(\d)\)/g)) {
          const p = ctx.panes.find((x) => x.n === Number(m[2]));
          expect(p, `${o.reason} names Alt+${m[2]}`).toBeDefined();
          if (p!.view !== "chart") expect(m[1]!.trim().endsWith(TITLES[p!.view]!), `${o.reason}: Alt+${m[2]} is ${p!.view}`).toBe(true);
        }
      }),
      { seed, numRuns: 500 },
    );
  });
});
