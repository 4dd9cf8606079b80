import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chainUnderlying, choose, cycleLink, linkOf, retargeted, shownInstrument } from "../../../../src/core/workspace/links";
import { LINK_COLOURS, type Link } from "../../../../src/core/workspace/linkColours";
import { findPane, isLayout, pane, split, type Layout, type PaneInstrument } from "../../../../src/core/workspace/tree";

/**
 * Issue 32, colour link groups: "choosing an instrument in any pane of a group (cursor move, /
 * search, a command line) retargets every pane of that group: chart, depth, option chain … Panes
 * of no group keep their own instrument", and "the depth follows the active scrip rule becomes the
 * default group's rule". The model below is written from those words, event by event: each pane's
 * group and the instrument it shows, each group's last choice.
 */
const X: PaneInstrument = { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY" };
const INSTRUMENTS: PaneInstrument[] = [
  { exchange: "NSEEQ", token: 2885, tradingSymbol: "RELIANCE" },
  { exchange: "NSEEQ", token: 11536, tradingSymbol: "TCS" },
  { exchange: "NSEFO", token: 35001, tradingSymbol: "NIFTY25DEC24000CE" },
  X,
];

/** Watchlist (chooses, shows nothing), a chart and a depth never given an instrument, a chart of its own (INFY), an option chain. */
function start(): Layout {
  const root = split("row", split("column", pane("watchlist", "w"), pane("orders", "o")), split("column", split("row", pane("chart", "c1"), pane("chart", "c2", { instrument: X })), split("row", pane("depth", "d"), pane("optionchain", "oc"))));
  return { root, focused: "w" };
}
const IDS = ["w", "o", "c1", "c2", "d", "oc"] as const;
const FOLLOWS: Record<string, boolean> = { w: false, o: false, c1: true, c2: true, d: true, oc: true };
const CYCLE: Link[] = ["none", "red", "green", "blue", "yellow", "purple", "orange"];

interface Model {
  group: Record<string, Link>;
  shown: Record<string, PaneInstrument | undefined>;
  last: Partial<Record<Link, PaneInstrument>>;
}

function startModel(): Model {
  // Before any link key: a depth or chart never given an instrument is in the default group (red), everything else in none.
  return { group: { w: "none", o: "none", c1: "red", c2: "none", d: "red", oc: "none" }, shown: { c1: undefined, c2: X, d: undefined, oc: undefined }, last: {} };
}

type Op = { kind: "link"; pane: string } | { kind: "choose"; pane: string; instrument: number; toDefault: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("link" as const), pane: fc.constantFrom(...IDS) }),
  fc.record({ kind: fc.constant("choose" as const), pane: fc.constantFrom(...IDS), instrument: fc.integer({ min: 0, max: INSTRUMENTS.length - 1 }), toDefault: fc.boolean() }),
);

/** The model's step; returns the panes the choice retargeted. */
function step(m: Model, o: Op): string[] {
  if (o.kind === "link") {
    const g = CYCLE[(CYCLE.indexOf(m.group[o.pane]!) + 1) % CYCLE.length]!;
    m.group[o.pane] = g;
    // Joining a group that has chosen: its instrument; otherwise the pane shows what it showed.
    if (FOLLOWS[o.pane] && g !== "none" && m.last[g]) m.shown[o.pane] = m.last[g];
    return [];
  }
  const i = INSTRUMENTS[o.instrument]!;
  const g = m.group[o.pane]!;
  const hit = (c: Link) => IDS.filter((p) => FOLLOWS[p] && m.group[p] === c);
  let to: string[];
  if (g !== "none") {
    m.last[g] = i;
    to = hit(g);
  } else {
    to = FOLLOWS[o.pane] ? [o.pane] : [];
    if (o.toDefault) {
      m.last.red = i;
      to = [...new Set([...to, ...hit("red")])];
    }
  }
  for (const p of to) m.shown[p] = i;
  return to;
}

function apply(l: Layout, o: Op): Layout {
  if (o.kind === "link") return cycleLink(l, o.pane);
  return choose(l, { from: o.pane, instrument: INSTRUMENTS[o.instrument]!, toDefault: o.toDefault });
}

describe("colour link groups (issue 32)", () => {
  it("over any sequence of link keys and choices, every pane shows what the model says and each choice retargets exactly the model's panes", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const m = startModel();
        let l = start();
        for (const o of ops) {
          const expected = step(m, o);
          if (o.kind === "choose") expect(new Set(retargeted(l, { from: o.pane, instrument: INSTRUMENTS[o.instrument]!, toDefault: o.toDefault }))).toEqual(new Set(expected));
          l = apply(l, o);
          for (const id of IDS) {
            expect(linkOf(findPane(l.root, id)!)).toBe(m.group[id]);
            if (FOLLOWS[id]) expect(shownInstrument(l, findPane(l.root, id)!)).toEqual(m.shown[id]);
          }
          // Whatever happened, the layout still saves and loads.
          expect(isLayout(JSON.parse(JSON.stringify(l)))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a cursor move in a green watchlist retargets the green chart and depth, not the red chart or the unlinked one", () => {
    let l = start();
    l = cycleLink(cycleLink(l, "w"), "w"); // none -> red -> green
    l = cycleLink(l, "d"); // red -> green
    l = cycleLink(cycleLink(l, "oc"), "oc"); // none -> red -> green
    const nifty = INSTRUMENTS[2]!;
    expect(retargeted(l, { from: "w", instrument: nifty }).sort()).toEqual(["d", "oc"]);
    l = choose(l, { from: "w", instrument: nifty });
    expect(shownInstrument(l, findPane(l.root, "d")!)).toEqual(nifty);
    expect(shownInstrument(l, findPane(l.root, "c1")!)).toBeUndefined(); // red has chosen nothing
    expect(shownInstrument(l, findPane(l.root, "c2")!)).toEqual(X); // no group: its own
    // The chain of the group's contract is its underlying's.
    expect(chainUnderlying(shownInstrument(l, findPane(l.root, "oc")!)!.tradingSymbol)).toBe("NIFTY");
  });

  it("the link key cycles none, then six colours, then none again", () => {
    let l = start();
    const seen: Link[] = [];
    for (let n = 0; n < 7; n++) {
      l = cycleLink(l, "w");
      seen.push(linkOf(findPane(l.root, "w")!));
    }
    expect(seen).toEqual(["red", "green", "blue", "yellow", "purple", "orange", "none"]);
    expect(LINK_COLOURS.length).toBeGreaterThanOrEqual(6);
  });

  it("names a contract's underlying: BANKNIFTY25JANFUT is BANKNIFTY's, a share its own", () => {
    expect(chainUnderlying("BANKNIFTY25JANFUT")).toBe("BANKNIFTY");
    expect(chainUnderlying("INFY")).toBe("INFY");
    expect(chainUnderlying("BAJAJ-AUTO")).toBe("BAJAJ-AUTO");
  });
});
