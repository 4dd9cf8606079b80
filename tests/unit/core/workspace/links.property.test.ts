import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chainUnderlying, choose, cycleLink, linkOf, retargeted, shownInstrument } from "../../../../src/core/workspace/links";
import { LINK_COLOURS, type Link } from "../../../../src/core/workspace/linkColours";
import { findPane, isLayout, pane, split, type Layout, type PaneInstrument } from "../../../../src/core/workspace/tree";
import { strategyFollow, takeOffer, windowAfterChoice, type FollowingWindow } from "../../../../src/core/workspace/follow";
import type { OrderWindowMode } from "../../../../src/core/types/orderWindow";

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

/** Watchlist (chooses, shows nothing), a chart and a depth never given an instrument, a chart of its own (INFY), an option chain, an order window and a strategy linked red. */
function start(): Layout {
  const root = split(
    "row",
    split("column", pane("watchlist", "w"), split("row", pane("orders", "o"), pane("orderwindow", "ow", { link: "red" }))),
    split("column", split("row", pane("chart", "c1"), pane("chart", "c2", { instrument: X })), split("row", pane("depth", "d"), split("row", pane("optionchain", "oc"), pane("strategy", "st", { link: "red" })))),
  );
  return { root, focused: "w" };
}
const IDS = ["w", "o", "ow", "c1", "c2", "d", "oc", "st"] as const;
/** The panes that show a group's instrument as their own; the order window and the strategy follow by their own rules (below). */
const FOLLOWS: Record<string, boolean> = { w: false, o: false, ow: false, c1: true, c2: true, d: true, oc: true, st: false };
const CYCLE: Link[] = ["none", "red", "green", "blue", "yellow", "purple", "orange"];

interface Model {
  group: Record<string, Link>;
  shown: Record<string, PaneInstrument | undefined>;
  last: Partial<Record<Link, PaneInstrument>>;
}

function startModel(): Model {
  // Before any link key: a depth or chart never given an instrument is in the default group (red), everything else in none.
  return { group: { w: "none", o: "none", ow: "red", c1: "red", c2: "none", d: "red", oc: "none", st: "red" }, shown: { c1: undefined, c2: X, d: undefined, oc: undefined }, last: {} };
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
  } else if (FOLLOWS[o.pane]) {
    // A pane of no group that shows an instrument keeps its own: its choice moves no group.
    to = [o.pane];
  } else {
    // A search made outside any group (a watchlist, the orders) goes to the default group.
    to = [];
    if (o.toDefault) {
      m.last.red = i;
      to = hit("red");
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
    // A share as a watchlist shows it: its series is no part of its chain's name.
    expect(chainUnderlying("BHARTIARTL-EQ")).toBe("BHARTIARTL");
    expect(chainUnderlying("BAJAJ-AUTO-EQ")).toBe("BAJAJ-AUTO");
  });
});

/**
 * Issue 32's order window and strategy pane in a group, against the rule written down in
 * core/workspace/follow.ts: "never silently change the instrument of an order the trader is
 * editing". The model, from that rule: the open window is on an instrument; when its group's
 * instrument changes to another one, a new order nobody has touched (no field typed, no place sent
 * without an answer) moves to it; any other window stays where it is and holds an offer of the
 * group's instrument, which the switch key takes (a fresh new order on it); the group coming back
 * to the window's own instrument withdraws the offer. The strategy pane shows its group's underlying
 * while it has no legs; with legs on another underlying it keeps them and says so.
 */
const UNDERLYING: Record<string, string> = { RELIANCE: "RELIANCE", TCS: "TCS", NIFTY25DEC24000CE: "NIFTY", INFY: "INFY" };
const MODES: OrderWindowMode[] = ["new", "new", "modify", "repeat", "exit"];

interface Desk {
  window?: { on: PaneInstrument; mode: OrderWindowMode; touched: boolean; sent: boolean; offer?: PaneInstrument };
  legsOn?: string;
  legs: number;
}

type DeskOp = Op | { kind: "open"; instrument: number; mode: number } | { kind: "type" } | { kind: "send" } | { kind: "switch" } | { kind: "leg"; instrument: number } | { kind: "clear" };

const deskOp: fc.Arbitrary<DeskOp> = fc.oneof(
  { arbitrary: op, weight: 4 },
  fc.record({ kind: fc.constant("open" as const), instrument: fc.integer({ min: 0, max: INSTRUMENTS.length - 1 }), mode: fc.integer({ min: 0, max: MODES.length - 1 }) }),
  fc.record({ kind: fc.constant("type" as const) }),
  fc.record({ kind: fc.constant("send" as const) }),
  fc.record({ kind: fc.constant("switch" as const) }),
  fc.record({ kind: fc.constant("leg" as const), instrument: fc.integer({ min: 0, max: INSTRUMENTS.length - 1 }) }),
  fc.record({ kind: fc.constant("clear" as const) }),
);

const same = (a?: PaneInstrument, b?: PaneInstrument) => !!a && !!b && a.token === b.token && a.exchange === b.exchange;

describe("the order window and the strategy pane follow their link group (issue 32)", () => {
  it("over any sequence, the window moves only while untouched, else holds the offer, and the strategy keeps its legs", () => {
    fc.assert(
      fc.property(fc.array(deskOp, { maxLength: 50 }), (ops) => {
        const m = startModel();
        const d: Desk = { legs: 0 };
        let l = start();
        let w: FollowingWindow | undefined;
        let legs = { legs: 0 } as { underlying?: string; legs: number };
        for (const o of ops) {
          if (o.kind === "link" || o.kind === "choose") {
            const before = m.last[m.group.ow!];
            step(m, o);
            const groupBefore = linkOf(findPane(l.root, "ow")!);
            const had = groupBefore === "none" ? undefined : l.groups?.[groupBefore];
            l = apply(l, o);
            // The model: the window's group chose another instrument than it had.
            const g = m.group.ow!;
            const now = g === "none" ? undefined : m.last[g];
            if (o.kind === "choose" && d.window && now && !same(now, before)) {
              if (same(d.window.on, now)) delete d.window.offer;
              else if (d.window.mode === "new" && !d.window.touched && !d.window.sent) d.window = { on: now, mode: "new", touched: false, sent: false };
              else d.window.offer = now;
            }
            // The system: what the follower does on the same change (commands/orderWindowFollow.ts).
            const link = linkOf(findPane(l.root, "ow")!);
            const chosen = link === "none" ? undefined : l.groups?.[link];
            if (o.kind === "choose" && w && chosen && !same(chosen, had)) w = windowAfterChoice(w, chosen);
          } else if (o.kind === "open") {
            const on = INSTRUMENTS[o.instrument]!;
            d.window = { on, mode: MODES[o.mode]!, touched: false, sent: false };
            w = { instrument: on, mode: MODES[o.mode]!, edited: false, pending: false };
          } else if (o.kind === "type") {
            if (d.window) d.window.touched = true;
            if (w) w = { ...w, edited: true };
          } else if (o.kind === "send") {
            if (d.window) d.window.sent = true;
            if (w) w = { ...w, pending: true };
          } else if (o.kind === "switch") {
            if (d.window?.offer) d.window = { on: d.window.offer, mode: "new", touched: false, sent: false };
            if (w) w = takeOffer(w);
          } else if (o.kind === "leg") {
            // A leg from the chain: on an empty strategy, or one on the same underlying (addToStrategy refuses others).
            const u = UNDERLYING[INSTRUMENTS[o.instrument]!.tradingSymbol]!;
            if (d.legs === 0 || d.legsOn === u) {
              d.legs++;
              d.legsOn = u;
              legs = { underlying: u, legs: legs.legs + 1 };
            }
          } else {
            d.legs = 0;
            legs = { ...legs, legs: 0 };
          }
          // The window is where the model says, and holds the model's offer.
          expect(w?.instrument).toEqual(d.window?.on);
          expect(w?.offer).toEqual(d.window?.offer);
          if (w && d.window) expect(w.mode === "new" && !w.edited && !w.pending).toBe(d.window.mode === "new" && !d.window.touched && !d.window.sent);
          // The strategy pane: its group's underlying while it has no legs; legs on another underlying stay, said.
          const g = m.group.st!;
          const groupI = g === "none" ? undefined : m.last[g];
          const f = strategyFollow(legs, groupI && findPane(l.root, "st") && linkOf(findPane(l.root, "st")!) === g ? groupI : undefined);
          const u = groupI ? UNDERLYING[groupI.tradingSymbol] : undefined;
          const shownUnderlying = f.kind === "retarget" ? f.underlying : legs.underlying;
          if (u && d.legs === 0) expect(shownUnderlying).toBe(u);
          else if (d.legs > 0) expect(shownUnderlying).toBe(d.legsOn);
          expect(f.kind === "kept").toBe(!!u && d.legs > 0 && u !== d.legsOn);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("a window the trader typed into keeps INFY when its green group moves to TCS, and says so until Alt+G", () => {
    const tcs = INSTRUMENTS[1]!;
    const typed: FollowingWindow = { instrument: X, mode: "new", edited: true, pending: false };
    const kept = windowAfterChoice(typed, tcs);
    expect(kept.instrument).toEqual(X);
    expect(kept.offer).toEqual(tcs);
    expect(takeOffer(kept)).toEqual({ instrument: tcs, mode: "new", edited: false, pending: false });
    // Untouched, it moves at once.
    expect(windowAfterChoice({ ...typed, edited: false }, tcs).instrument).toEqual(tcs);
    // A modify is the order's instrument: never moved.
    expect(windowAfterChoice({ ...typed, edited: false, mode: "modify" }, tcs).instrument).toEqual(X);
  });
});
