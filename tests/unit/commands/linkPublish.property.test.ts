import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { cursors$, moveCursor, putCursorOn, registerList } from "../../../src/commands/listCursor";
import { selections$ } from "../../../src/commands/selection";
import type { Selection } from "../../../src/commands/types";
import { pane, split, type PaneInstrument } from "../../../src/core/workspace/tree";
import { clearStatusLine } from "../../../src/data/stores/statusLine";
import { layout$ } from "../../../src/data/stores/workspace";
import { commandContext } from "./context";

/**
 * Who chooses for a colour group. README, colour link groups: "Choosing an instrument in a linked
 * pane (moving a watchlist's or a position list's cursor, `/` search, …) retargets every chart,
 * depth, option chain … of that group". The rule built on it (commands/listCursor.ts): only the
 * trader's own act in a pane (a key or a click putting its cursor on a row) chooses for its group;
 * a pane placing its cursor by itself (a list loading or re-sorting, an option chain loading and
 * centring on the strike at the money, a convert's cursor following its quantity) never does.
 *
 * The model, from those words alone: the red group's instrument is the one named by the row of the
 * last trader act (Home: the list's first row as shown; End: its last; a click: the row clicked),
 * and nothing else moves it. Random sequences of trader acts and the panes' own placements run on
 * a red watchlist, a red option chain and a red positions list, beside a red chart.
 * Replay a failure with FC_SEED=<seed> (fast-check prints it).
 */
type PaneId = "w" | "oc" | "p";
const PANES: readonly PaneId[] = ["w", "oc", "p"];
const VIEW: Record<PaneId, string> = { w: "watchlist", oc: "optionchain", p: "position" };

interface Row {
  key: string;
  instrument: PaneInstrument;
  selection: Selection;
}

const share = (symbol: string, token: number): Row => ({
  key: `NSEEQ:${token}`,
  instrument: { exchange: "NSEEQ", token, tradingSymbol: symbol },
  selection: { kind: "instrument", exchange: "NSEEQ", token, symbol },
});
const WATCHLIST: Row[] = [share("INFY-EQ", 1594), share("RELIANCE-EQ", 2885), share("TCS-EQ", 11536), share("SBIN-EQ", 3045), share("HDFCBANK-EQ", 1333)];

/** A chain's rows: one per strike, each selecting its call (the chain's side). */
const chainOf = (underlying: string, base: number, step: number, firstToken: number): Row[] =>
  [0, 1, 2, 3, 4].map((i) => {
    const strike = base + i * step;
    const symbol = `${underlying}26DEC${strike}CE`;
    const token = firstToken + i;
    return { key: String(strike), instrument: { exchange: "NSEFO", token, tradingSymbol: symbol }, selection: { kind: "instrument", exchange: "NSEFO", token, symbol } };
  });
const CHAINS: Row[][] = [chainOf("INFY", 1500, 20, 50_000), chainOf("RELIANCE", 1300, 20, 51_000), chainOf("NIFTY", 24_400, 50, 52_000)];

const position = (symbol: string, token: number, product: string): Row => ({
  key: `NSEEQ:${token}:${product}`,
  instrument: { exchange: "NSEEQ", token, tradingSymbol: symbol },
  selection: { kind: "position", exchange: "NSEEQ", token, symbol, product },
});
const POSITIONS: Row[] = [position("SBIN-EQ", 3045, "INTRADAY"), position("SBIN-EQ", 3045, "DELIVERY"), position("ITC-EQ", 1660, "INTRADAY")];

/** The lists a pane may show: the watchlist and positions in any order (a re-sort, a refresh), the chain of any underlying. */
const listsOf = (p: PaneId): Row[][] => (p === "w" ? [WATCHLIST] : p === "oc" ? CHAINS : [POSITIONS]);

type Op =
  | { kind: "show"; pane: PaneId; list: number; order: number[] }
  | { kind: "place"; pane: PaneId; at: number }
  | { kind: "placeOn"; pane: PaneId; at: number }
  | { kind: "home" | "end"; pane: PaneId }
  | { kind: "click"; pane: PaneId; at: number };

const paneArb = fc.constantFrom<PaneId>(...PANES);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("show" as const), pane: paneArb, list: fc.nat(2), order: fc.array(fc.nat(), { minLength: 5, maxLength: 5 }) }),
  fc.record({ kind: fc.constant("place" as const), pane: paneArb, at: fc.nat(4) }),
  fc.record({ kind: fc.constant("placeOn" as const), pane: paneArb, at: fc.nat(4) }),
  fc.record({ kind: fc.constantFrom("home" as const, "end" as const), pane: paneArb }),
  fc.record({ kind: fc.constant("click" as const), pane: paneArb, at: fc.nat(4) }),
);

/** The rows a pane shows: its list in the order given by sorting on the random numbers (a re-sort). */
function arrange(rows: Row[], order: number[]): Row[] {
  return rows.map((r, i) => ({ r, o: order[i] ?? 0, i })).sort((a, b) => a.o - b.o || a.i - b.i).map((x) => x.r);
}

function show(p: PaneId, rows: Row[]): void {
  const find = (k: string) => rows.find((r) => r.key === k);
  registerList(p, { name: VIEW[p], keys: rows.map((r) => r.key), selectionOf: (k) => find(k)?.selection, labelOf: (k) => find(k)?.instrument.tradingSymbol ?? k });
}

const ctxOf = (p: PaneId) => commandContext(VIEW[p], { focusedPaneId: p, panes: PANES.map((id, n) => ({ id, view: VIEW[id], n: n + 1 })), paneCount: 3 });

beforeEach(() => {
  cursors$.set({});
  selections$.set({});
  clearStatusLine();
});

describe("only the trader's act in a linked pane chooses for its group", () => {
  it("the red group's instrument is always the one the trader last chose, whatever the panes do by themselves", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 40 }), async (ops) => {
        cursors$.set({});
        selections$.set({});
        layout$.set({
          root: split("row", split("column", pane("watchlist", "w", { link: "red" }), pane("position", "p", { link: "red" })), split("column", pane("optionchain", "oc", { link: "red" }), pane("chart", "c", { link: "red" }))),
          focused: "w",
        });
        const shown: Record<PaneId, Row[]> = { w: WATCHLIST, oc: CHAINS[0]!, p: POSITIONS };
        // Each pane's list loads: the pane's own doing.
        for (const p of PANES) show(p, shown[p]);
        let red: PaneInstrument | undefined;
        expect(layout$.peek().groups?.red).toEqual(red);
        for (const o of ops) {
          const rows = shown[o.pane];
          if (o.kind === "show") {
            const lists = listsOf(o.pane);
            shown[o.pane] = arrange(lists[o.list % lists.length]!, o.order);
            show(o.pane, shown[o.pane]);
          } else if (o.kind === "place") {
            // As the chain centres its cursor on the strike at the money when it loads.
            moveCursor(o.pane, () => o.at % rows.length);
          } else if (o.kind === "placeOn") {
            // As a convert's cursor follows the quantity to its new row.
            putCursorOn(o.pane, rows[o.at % rows.length]!.key);
          } else if (o.kind === "home" || o.kind === "end") {
            await registry.run(o.kind === "home" ? "list.cursor.first" : "list.cursor.last", ctxOf(o.pane));
            red = (o.kind === "home" ? rows[0] : rows[rows.length - 1])!.instrument;
          } else if (o.kind === "click") {
            const row = rows[o.at % rows.length]!;
            await registry.run("list.cursor.to", ctxOf(o.pane), { key: row.key, paneId: o.pane });
            red = row.instrument;
          }
          expect(layout$.peek().groups?.red).toEqual(red);
        }
      }),
      { numRuns: 150 },
    );
  });
});
