import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { defaultKeymap, resolveKey, type KeyOutcome } from "../../../src/commands/keymap";
import { SCOPES, type ScopeDef } from "../../../src/commands/scopes";
import type { AnyCommand, CommandContext, Selection, ShownPane } from "../../../src/commands/types";
import { genericWhyNot } from "../../../src/commands/whyNot";
import type { Holding, Position } from "../../../src/core/types/portfolio";
import { orders$ } from "../../../src/data/stores/orders";
import { holdings$, positions$ } from "../../../src/data/stores/portfolio";
import { commandContext } from "./context";

/**
 * FINDINGS-30 §5: "the key list names where a key works"; `?` said "i Position info in positions,
 * holdings, home" and Holdings refused i. DESIGN.md section 3: "a portfolio key does nothing in the
 * watchlist" (keys are scoped to their panes). So, for every command whose key the portfolio panes
 * catch, with each pane showing what it shows (a position under the cursor in Positions, a holding
 * in Holdings, summaries and no rows in Home): the panes its `?` words name are exactly the panes
 * where its key runs. FINDINGS-30 §1: Shift+X on Holdings arms nothing and says where it works.
 */

const PORTFOLIO_VIEWS = ["position", "holdings", "home"] as const;
/** `?`'s name for each pane, written by hand from the pane headers. */
const WORDS: Record<(typeof PORTFOLIO_VIEWS)[number], string> = { position: "positions", holdings: "holdings", home: "home" };

// A long INFY INTRADAY position bought today, and INFY held for delivery: something for every key to act on.
const infyIntraday = { exchange: "NSEEQ", token: "1594", tradingSymbol: "INFY-EQ", product: "INTRADAY", type: "NORMAL", netQuantity: 10, lotsize: 1, buyQuantity: 10, sellQuantity: 0 } as unknown as Position;
const infyHeld = { product: "DELIVERY", nseInstrumentId: "1594", nseTradingSymbol: "INFY-EQ", bseInstrumentId: "", bseTradingSymbol: "", totalQuantity: 5, averageTradedPrice: 1500, t1Quantity: 0, ltp: 1520, closePrice: 1510 } as unknown as Holding;
const onPosition: Selection = { kind: "position", exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ", product: "INTRADAY", type: "NORMAL" };
const onHolding: Selection = { kind: "holding", exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ" };

/** The three portfolio panes on screen (Positions 1, Holdings 2, Home 3), `view` focused with its pane's own selection. */
function focused(view: (typeof PORTFOLIO_VIEWS)[number]): CommandContext {
  const panes: ShownPane[] = PORTFOLIO_VIEWS.map((v, i) => ({ id: `p${i + 1}`, view: v, n: i + 1 }));
  const selection = view === "position" ? onPosition : view === "holdings" ? onHolding : undefined;
  return commandContext(view, { focusedPaneId: `p${PORTFOLIO_VIEWS.indexOf(view) + 1}`, panes, paneCount: 3, visibleViews: new Set(PORTFOLIO_VIEWS), selection });
}

function press(key: string, ctx: CommandContext): KeyOutcome {
  const all = registry.all();
  return resolveKey(defaultKeymap(all), all, key, { view: ctx.focusedView, dialog: ctx.dialog }, (c) => registry.keyWhyNot(c, ctx), (c) => genericWhyNot(c, ctx));
}

/** The commands with a key that some portfolio pane catches. */
const caught = registry.all().filter((c) => {
  const def: ScopeDef = SCOPES[c.scope ?? "global"];
  return (c.keys?.length ?? 0) > 0 && [...(def.views ?? []), ...(def.refusedIn ?? [])].some((v) => (PORTFOLIO_VIEWS as readonly string[]).includes(v));
});
const whereOf = (c: AnyCommand) => (SCOPES[c.scope ?? "global"] as ScopeDef).where ?? "";

describe("the portfolio keys work where `?` says they do (FINDINGS-30 §1, §5)", () => {
  beforeEach(() => {
    positions$.rows.set([infyIntraday]);
    holdings$.set({ rows: [infyHeld], loaded: true } as never);
    orders$.loaded.set(true);
  });
  afterEach(() => {
    positions$.rows.set([]);
    holdings$.set({ rows: [], loaded: false } as never);
  });

  it("covers x, v, i, e and Shift+X", () => {
    expect(caught.map((c) => c.id).sort()).toEqual(["holdings.export", "portfolio.exit", "position.convert", "position.exitAll", "position.info"]);
  });

  for (const c of caught) {
    it(`${c.id}: its key runs in exactly the panes its \`?\` words name`, () => {
      const key = c.keys![0]!;
      const named = PORTFOLIO_VIEWS.filter((v) => new RegExp(`\\b${WORDS[v]}\\b`).test(whereOf(c)));
      const runs = PORTFOLIO_VIEWS.filter((v) => {
        const o = press(key, focused(v));
        return o.kind === "run" && o.command.id === c.id;
      });
      expect(runs.length).toBeGreaterThan(0);
      expect(named).toEqual(runs);
      // Where it does not run, it says why (nothing is silent), and runs no other command.
      for (const v of PORTFOLIO_VIEWS.filter((x) => !runs.includes(x))) expect(press(key, focused(v)).kind).toBe("cannot");
    });
  }

  it("`?` words: x in positions and holdings; i, v and Shift+X in positions; e in holdings and home", () => {
    const where = (id: string) => whereOf(registry.get(id)!);
    expect(where("portfolio.exit")).toBe("in positions, holdings");
    expect(where("position.info")).toBe("in positions");
    expect(where("position.convert")).toBe("in positions");
    expect(where("position.exitAll")).toBe("in positions");
    expect(where("holdings.export")).toBe("in holdings, home");
  });

  it("Shift+X on Holdings (where x sells the holding) is refused with where it works; it arms nothing", () => {
    expect(press("shift+x", focused("holdings"))).toMatchObject({ kind: "cannot", reason: "Exit all positions works in Positions: focus Positions (Alt+1)" });
    expect(press("shift+x", focused("home"))).toMatchObject({ kind: "cannot", reason: "Exit all positions works in Positions: focus Positions (Alt+1)" });
    expect(press("shift+x", focused("position"))).toMatchObject({ kind: "run" });
  });

  it("i and v on Holdings, e on Positions say where they work", () => {
    expect(press("i", focused("holdings"))).toMatchObject({ kind: "cannot", reason: "Position info works in Positions: focus Positions (Alt+1)" });
    expect(press("v", focused("holdings"))).toMatchObject({ kind: "cannot", reason: "Convert position works in Positions: focus Positions (Alt+1)" });
    expect(press("e", focused("position"))).toMatchObject({ kind: "cannot", reason: "Export holdings to CSV works in Holdings or Home: focus Holdings (Alt+2) or Home (Alt+3)" });
  });
});
