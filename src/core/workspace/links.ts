/**
 * Colour link groups (issue 32): panes in one colour follow one instrument. Choosing an instrument
 * in any pane of a group (a cursor move, a search choice, a command line) retargets every pane of
 * that group that shows an instrument; a pane in no group keeps its own. Pure rules, no React: the
 * store applies them, the pane title shows the colour, a saved layout keeps the groups.
 */
import { findPane, panes, type Layout, type PaneInstrument, type PaneNode, type PaneState } from "./tree";
import { isLink, LINK_COLOURS, LINK_CYCLE, type Link, type LinkColour } from "./linkColours";
import { contractUnderlying } from "../rules/contractName";

/**
 * The default group: what used to be "the active scrip". Depth and chart panes never given an
 * instrument of their own are in it, and a search choice made outside any group goes to it (as
 * choosing a scrip always moved the depth pane).
 */
export const DEFAULT_LINK: LinkColour = "red";

/** Each group's instrument, kept with the layout. */
export type GroupInstruments = Partial<Record<LinkColour, PaneInstrument>>;

/** The views that show one instrument, and so follow their group's (a watchlist or the orders only choose). */
export const FOLLOWING_VIEWS: ReadonlySet<string> = new Set(["chart", "depth", "optionchain", "timesales", "multichart"]);

/** The views that followed the active scrip before groups: in the default group until told otherwise. */
const FOLLOWED_ACTIVE: ReadonlySet<string> = new Set(["chart", "depth", "timesales", "multichart"]);

export function followsGroup(view: string): boolean {
  return FOLLOWING_VIEWS.has(view);
}

/** A pane's group: its own choice, else the default group for a depth or chart never given an instrument, else none. */
export function linkOf(p: Pick<PaneNode, "view" | "state">): Link {
  const l = p.state?.link;
  if (isLink(l)) return l;
  return FOLLOWED_ACTIVE.has(p.view) && !p.state?.instrument ? DEFAULT_LINK : "none";
}

/** The next group in the cycle after `l`. */
export function nextLink(l: Link): Link {
  return LINK_CYCLE[(LINK_CYCLE.indexOf(l) + 1) % LINK_CYCLE.length]!;
}

/** The instrument a pane shows: its group's while it is in one that has chosen, else its own. */
export function shownInstrument(layout: Pick<Layout, "groups">, p: Pick<PaneNode, "view" | "state">): PaneInstrument | undefined {
  const g = linkOf(p);
  return (g === "none" ? undefined : layout.groups?.[g]) ?? p.state?.instrument;
}

export interface Choice {
  /** The pane the instrument was chosen in (the cursor's, the search's, the command line's). */
  from: string;
  instrument: PaneInstrument;
  /**
   * A search choice, `d` or `c`: made in a pane of no group that shows no instrument (a watchlist,
   * the orders), it goes to the default group, as the active scrip did.
   */
  toDefault?: boolean;
}

/**
 * The panes a choice retargets: every pane of the chooser's group that shows an instrument; in no
 * group, the chooser itself if it shows one, else the default group's for a search choice.
 */
export function retargeted(layout: Layout, choice: Choice): string[] {
  const from = findPane(layout.root, choice.from);
  if (!from) return [];
  const g = linkOf(from);
  const all = panes(layout.root);
  const inGroup = (c: LinkColour) => all.filter((p) => followsGroup(p.view) && linkOf(p) === c).map((p) => p.id);
  if (g !== "none") return inGroup(g);
  // A pane of no group that shows an instrument (a chart, a grid) chose for itself: no group moves.
  if (followsGroup(from.view)) return [from.id];
  return choice.toDefault ? inGroup(DEFAULT_LINK) : [];
}

/** The layout after a choice: the chooser's group takes the instrument; a pane of no group takes it as its own. */
export function choose(layout: Layout, choice: Choice): Layout {
  const from = findPane(layout.root, choice.from);
  if (!from) return layout;
  const g = linkOf(from);
  const i = choice.instrument;
  if (g !== "none") return { ...layout, groups: { ...layout.groups, [g]: i } };
  if (followsGroup(from.view)) return withPaneState(layout, from.id, { instrument: i });
  return choice.toDefault ? { ...layout, groups: { ...layout.groups, [DEFAULT_LINK]: i } } : layout;
}

/**
 * The state of a pane a choice in `from` opens (`c`, `d`, time and sales): it joins `from`'s
 * group, as IBKR's and TradingView's do, so it follows the cursor that opened it; opened from a
 * pane of no group, the instrument is its own.
 */
export function openedFrom(from: Pick<PaneNode, "view" | "state"> | undefined, state: PaneState): PaneState {
  const g = from ? linkOf(from) : "none";
  return g === "none" ? state : { ...state, link: g };
}

/**
 * The state a pane already on screen takes when re-pointed at an instrument (`c` with a chart
 * open): a group the trader gave it (Alt+L, "none" too) stays theirs; one never given a group is
 * opened afresh, `state` saying its group (openedFrom).
 */
export function repointed(p: Pick<PaneNode, "view" | "state">, state: PaneState): PaneState {
  const own = p.state?.link;
  return followsGroup(p.view) && state.instrument && isLink(own) ? { ...state, link: own } : state;
}

/**
 * Puts a pane in group `link`. A pane keeps the instrument it showed as its own, so unlinking a
 * chart, or linking it to a colour that has chosen nothing yet, does not make it jump.
 */
export function setLink(layout: Layout, id: string, link: Link): Layout {
  const p = findPane(layout.root, id);
  if (!p) return layout;
  // What it showed becomes its own: leaving a group, or joining one that has chosen nothing yet, it shows the same instrument.
  const shown = shownInstrument(layout, p);
  const patch: PaneState = { link };
  if (shown && followsGroup(p.view)) patch.instrument = shown;
  return withPaneState(layout, id, patch);
}

/** The link key: the focused pane's next group. */
export function cycleLink(layout: Layout, id: string): Layout {
  const p = findPane(layout.root, id);
  return p ? setLink(layout, id, nextLink(linkOf(p))) : layout;
}

function withPaneState(layout: Layout, id: string, patch: PaneState): Layout {
  const swap = (n: Layout["root"]): Layout["root"] => {
    if (n.type === "pane") return n.id === id ? { ...n, state: { ...n.state, ...patch } } : n;
    return { ...n, a: swap(n.a), b: swap(n.b) };
  };
  return { ...layout, root: swap(layout.root) };
}

/** Saved groups are trusted colour by colour: a malformed instrument or an unknown colour is dropped. */
export function readGroups(x: unknown): GroupInstruments | undefined {
  if (!x || typeof x !== "object") return undefined;
  const out: GroupInstruments = {};
  for (const c of LINK_COLOURS) {
    const i = (x as Record<string, unknown>)[c] as Partial<PaneInstrument> | undefined;
    if (i && typeof i.exchange === "string" && typeof i.token === "number" && typeof i.tradingSymbol === "string") out[c] = { exchange: i.exchange, token: i.token, tradingSymbol: i.tradingSymbol };
  }
  return out;
}

/**
 * An option chain's underlying for a chosen instrument: a contract names its underlying before its
 * expiry, monthly or weekly ("BANKNIFTY25DECFUT", "NIFTY26D0824500CE" -> the index's; the forms are
 * core/rules/contractName.ts); a share or index is its own, without its NSE series
 * ("BHARTIARTL-EQ" -> "BHARTIARTL", the name its chain and strategy go by; a hyphen of the name
 * stays, "BAJAJ-AUTO").
 */
export function chainUnderlying(tradingSymbol: string): string {
  const upper = tradingSymbol.toUpperCase().trim();
  return contractUnderlying(upper) ?? upper.replace(/\s+50$/, "").replace(/-(EQ|BE|BZ|SM|ST)$/, "");
}
