import { readPaneStrategy } from "../strategy/legs";
import { viewTitle } from "../rules/pages";
import { readChartGrid } from "./chartGrid";
import { MIN_CHART, placeWithRoom, splitAcrossLonger, type Size } from "./place";
import { FULL_SCREEN_VIEW, panes, setView, type Layout, type PaneNode } from "./tree";

/**
 * What a pane holds that the trader built there and that no pane of another layout would hold
 * again: a strategy's legs, a chart's own indicators, a chart grid's cells. These live only in the
 * pane's state (the saved layout); a pane that leaves the layout takes them with it. Decided: a
 * view's tab, sort or columns, a chart's instrument and interval, an option chain's underlying are
 * one line or key away and are not asked about; a chart's drawings are the instrument's (kept by
 * the broker) and stay; baskets are the broker's.
 */
export interface PaneWork {
  /** The pane's id. */
  id: string;
  /** Its number in reading order (Alt+N). */
  no: number;
  view: string;
  /** What it holds, as the trader would name it ("INFY 5m: rsi 14, ema 20"). */
  what: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** What one pane holds that would be lost with it; undefined for a pane of nothing the trader built. */
export function workOf(p: PaneNode): string | undefined {
  const s = p.state;
  if (!s) return undefined;
  const strategy = readPaneStrategy(s.strategy);
  if (strategy && strategy.legs.length > 0) return `${strategy.name ?? strategy.underlying.symbol}, ${plural(strategy.legs.length, "leg")}`;
  const grid = readChartGrid(s.grid);
  if (grid) {
    const chosen = grid.cells.filter((c) => c.instrument || (c.indicators && c.indicators.length > 0));
    if (chosen.length > 0) return `chart grid of ${grid.size}: ${grid.cells.map((c) => c.instrument?.tradingSymbol ?? "—").join(", ")}`;
  }
  if (p.view === "chart" && s.indicators && s.indicators.length > 0) {
    const on = [s.instrument?.tradingSymbol, s.interval].filter(Boolean).join(" ");
    return `${on ? `${on}: ` : ""}${s.indicators.join(", ")}`;
  }
  return undefined;
}

/** The work the panes of `layout` hold, in reading order. */
export function workIn(layout: Layout): PaneWork[] {
  return panes(layout.root).flatMap((p, i) => {
    const what = workOf(p);
    return what === undefined ? [] : [{ id: p.id, no: i + 1, view: p.view, what }];
  });
}

/**
 * The work of `before` that `after` does not hold: a pane's work is kept when a pane of `after`
 * shows the same view with the same work (the Single pane preset keeps the focused pane's state
 * under a new id).
 */
export function lostWork(before: Layout, after: Layout): PaneWork[] {
  const kept = new Set(panes(after.root).flatMap((p) => {
    const w = workOf(p);
    return w === undefined ? [] : [`${p.view}\n${JSON.stringify(p.state)}`];
  }));
  const byId = new Map(panes(before.root).map((p) => [p.id, p]));
  return workIn(before).filter((w) => !kept.has(`${w.view}\n${JSON.stringify(byId.get(w.id)!.state)}`));
}

export interface LayoutQuestion {
  title: string;
  lines: string[];
  confirmLabel: string;
}

/**
 * The question a layout change that would lose work asks first (Enter switches, Esc keeps): the
 * same care as a strategy line over a filled strategy pane (core/strategy/replace.ts). undefined:
 * nothing is lost, switch at once.
 */
export function layoutQuestion(name: string, lost: readonly PaneWork[]): LayoutQuestion | undefined {
  if (lost.length === 0) return undefined;
  return {
    title: `Switch to ${name}?`,
    lines: [
      `${name} closes ${lost.length === 1 ? "a pane" : `${lost.length} panes`} holding work that no pane of it keeps:`,
      ...lost.map((w) => `Pane ${w.no} ${viewTitle(w.view)}: ${w.what}`),
      `Enter switches and loses ${lost.length === 1 ? "it" : "them"}; Esc keeps this layout.`,
    ],
    confirmLabel: "Switch layout",
  };
}

/** How a page was shown: where, and whether a pane was added for it. */
export interface Joined {
  layout: Layout;
  /** "shown": a pane already showed the page and took the focus (or had it); "added": a new pane shows it; "replaced": the focused pane shows it now. */
  how: "shown" | "added" | "replaced";
  /** The pane showing the page now. */
  pane: string;
}

/**
 * Where a page goes when it is opened (workspace.openView, "Go to X", a route) or a window is opened
 * on its address (workspace.joinOnAddress): one rule, the last step the caller's. The full-screen
 * watchlist gives way to its watchlist (a focused pane must be a seen one); the focused pane, if it
 * shows the page, keeps it; else a pane that shows it takes the focus. Else a new pane shows it: beside
 * the focused pane's place when that pane is out in a window of its own (which keeps its view), or,
 * with `otherwise` "room", where there is room for it (place.ts placeWithRoom: a window opened on an
 * address into the layout the trader's other windows share replaces no pane, FINDINGS-23 F1); with
 * "focused", the page replaces the focused pane's view (Go to X). Pure.
 */
export function showPage(layout: Layout, view: string, tiling: Size, otherwise: "focused" | "room"): Joined {
  let l = layout;
  const full = view === FULL_SCREEN_VIEW ? undefined : panes(l.root).find((p) => p.view === FULL_SCREEN_VIEW);
  if (full) l = setView(l, full.id, "watchlist");
  const all = panes(l.root);
  const showing = all.find((p) => p.id === l.focused && p.view === view) ?? all.find((p) => p.view === view);
  if (showing) return { layout: showing.id === l.focused ? l : { ...l, focused: showing.id }, how: "shown", pane: showing.id };
  if (otherwise === "focused" && !l.popped?.includes(l.focused)) return { layout: setView(l, l.focused, view), how: "replaced", pane: l.focused };
  const next = l.popped?.includes(l.focused) ? splitAcrossLonger(l, l.focused, view, tiling) : placeWithRoom(l, view, undefined, tiling, MIN_CHART);
  return { layout: next, how: "added", pane: next.focused };
}
