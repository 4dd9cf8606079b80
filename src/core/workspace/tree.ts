/**
 * The tiling layout as a binary split tree: pure functions, no React, so every operation is
 * unit-tested and the same tree is saved to local storage as plain JSON.
 */
import type { PaneStrategy } from "../strategy/legs";
import type { DeskRun } from "../strategy/run";
import type { PaneWatch } from "../watchlist/paneWatch";
import { isColumnChoice, type ColumnChoice } from "./columns";
import type { GroupInstruments } from "./links";
import { isLink, type Link } from "./linkColours";
import type { ChartGrid } from "./chartGrid";

export type Direction = "row" | "column"; // row: side by side; column: stacked

/** An instrument a pane is tied to (a depth pane's, later a chart's): the pane's own, not the app's. */
export interface PaneInstrument {
  exchange: string;
  token: number;
  tradingSymbol: string;
}

/**
 * What belongs to one pane instance and travels with it (split copies it, a saved layout keeps
 * it): the tab it shows and the instrument it is tied to. Row cursor and selection are kept per
 * pane too, but only for the page's life (they name rows of lists that reload).
 */
export interface PaneState {
  tab?: number;
  subTab?: number;
  instrument?: PaneInstrument;
  /** An option chain pane's underlying, expiry ("YYYY-MM-DD"; none: the nearest) and strike count. */
  chain?: PaneChain;
  /** A chart pane's interval ("1m", "5m", ...: src/core/charts/intervals.ts). */
  interval?: string;
  /** A chart pane's indicators, each as typed after `chart add` ("ema 20"; read through readSpecs). None: the user's template. */
  indicators?: string[];
  /** A watchlist pane's lists, columns and sort (src/core/watchlist/paneWatch.ts; read through readPaneWatch, which trusts nothing saved). */
  watch?: PaneWatch;
  /** A strategy pane's underlying and legs (src/core/strategy/legs.ts; read through readPaneStrategy, which trusts nothing saved). */
  strategy?: PaneStrategy;
  /** A strategy pane's last placement run, its keys and each leg's answer (src/core/strategy/run.ts; read through readDeskRun): kept with the legs so a reload sends no booked lot again. */
  strategyRun?: DeskRun;
  /** The trader's columns of each grid the pane shows, by grid id ("orders", "trades", ...): columns.ts. */
  columns?: Record<string, ColumnChoice>;
  /** The pane's colour link group (links.ts): none, or a colour whose instrument it follows. */
  link?: Link;
  /** A chart grid pane's cells, their instruments and intervals, and its syncs (chartGrid.ts; read through readChartGrid). */
  grid?: ChartGrid;
}

export interface PaneChain {
  symbol: string;
  /** The exchange the trader asked for (`chain USDINR BSE`); none, the one a trader of the underlying expects (rules/chainExchange.ts). */
  exchange?: string;
  expiry?: string;
  strikes?: number;
}

export type PaneNode = { type: "pane"; id: string; view: string; state?: PaneState };
export type SplitNode = { type: "split"; id: string; direction: Direction; ratio: number; a: LayoutNode; b: LayoutNode };
export type LayoutNode = PaneNode | SplitNode;

export interface Layout {
  root: LayoutNode;
  focused: string;
  /**
   * The pane drawn over the whole tiling (issue 29, "one key maximises the focused pane and
   * restores it"). The tree keeps every other pane, their places and ratios, to come back to.
   */
  maximised?: string;
  /** Each colour link group's instrument (links.ts): saved with the layout. */
  groups?: GroupInstruments;
  /** The panes shown in browser windows of their own (issue 32); the tiling keeps their place to bring them back to. */
  popped?: string[];
}

/**
 * A maximised pane holds while it has the focus: focusing, opening or splitting towards another
 * pane brings the tiling back, so the focused pane is always a seen one.
 */
export function keepMaximised(layout: Layout): Layout {
  if (!("maximised" in layout)) return layout;
  if (layout.maximised === layout.focused && findPane(layout.root, layout.maximised) && layout.root.type !== "pane") return layout;
  const { maximised: _, ...rest } = layout;
  return rest;
}

/** Maximises the focused pane, or restores the tiling when it is maximised. A lone pane has nothing to cover. */
export function toggleMaximised(layout: Layout): Layout {
  if (layout.maximised !== undefined) {
    const { maximised: _, ...rest } = layout;
    return rest;
  }
  return keepMaximised({ ...layout, maximised: layout.focused });
}

export const MIN_RATIO = 0.1;
export const MAX_RATIO = 0.9;

let counter = 0;
/** Pane and split ids: unique within a page life and across saved layouts. */
export function newId(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}`;
}

export function pane(view: string, id = newId("p"), state?: PaneState): PaneNode {
  return state ? { type: "pane", id, view, state } : { type: "pane", id, view };
}

export function split(direction: Direction, a: LayoutNode, b: LayoutNode, ratio = 0.5): SplitNode {
  return { type: "split", id: newId("s"), direction, ratio, a, b };
}

/** Leaves in reading order (left to right, top to bottom): pane N of Alt+N. */
export function panes(node: LayoutNode): PaneNode[] {
  return node.type === "pane" ? [node] : [...panes(node.a), ...panes(node.b)];
}

export function findPane(node: LayoutNode, id: string): PaneNode | undefined {
  return panes(node).find((p) => p.id === id);
}

function mapNode(node: LayoutNode, fn: (n: LayoutNode) => LayoutNode | undefined): LayoutNode {
  const replaced = fn(node);
  if (replaced) return replaced;
  if (node.type === "pane") return node;
  return { ...node, a: mapNode(node.a, fn), b: mapNode(node.b, fn) };
}

/**
 * Splits the pane `id` in two; the new pane shows `view` (the same view, with the same tab and
 * instrument, by default) and takes focus. `state` gives the new pane's own state instead.
 */
export function splitPane(layout: Layout, id: string, direction: Direction, view?: string, state?: PaneState): Layout {
  const target = findPane(layout.root, id);
  if (!target) return layout;
  const same = view === undefined || view === target.view;
  const fresh = pane(view ?? target.view, undefined, state ?? (same ? target.state : undefined));
  const root = mapNode(layout.root, (n) => (n.type === "pane" && n.id === id ? split(direction, n, fresh) : undefined));
  return { ...layout, root, focused: fresh.id };
}

/** Closes a pane; its sibling takes the parent's place. The last pane cannot be closed. */
export function closePane(layout: Layout, id: string): Layout {
  if (layout.root.type === "pane") return layout;
  const order = panes(layout.root).map((p) => p.id);
  const remove = (n: LayoutNode): LayoutNode => {
    if (n.type === "pane") return n;
    if (n.a.type === "pane" && n.a.id === id) return n.b;
    if (n.b.type === "pane" && n.b.id === id) return n.a;
    return { ...n, a: remove(n.a), b: remove(n.b) };
  };
  const root = remove(layout.root);
  if (layout.focused !== id) return { ...layout, root };
  // Focus moves to the pane that stood before the closed one, as in an editor's tab strip.
  const i = order.indexOf(id);
  const left = panes(root).map((p) => p.id);
  return { ...layout, root, focused: order.slice(0, i).reverse().find((x) => left.includes(x)) ?? left[0]! };
}

/** Shows another view in a pane: the pane's state belonged to the old view and goes with it. */
export function setView(layout: Layout, id: string, view: string): Layout {
  return {
    ...layout,
    root: mapNode(layout.root, (n) => (n.type === "pane" && n.id === id ? (n.view === view ? n : keepsState(n.view, view) && n.state ? { type: "pane", id: n.id, view, state: n.state } : { type: "pane", id: n.id, view }) : undefined)),
  };
}

/** The full-screen watchlist is its watchlist pane made full screen: going in and out keeps the pane's tab, lists, columns and sort. */
function keepsState(from: string, to: string): boolean {
  const pair = new Set([from, to]);
  return pair.has("watchlist") && pair.has(FULL_SCREEN_VIEW);
}

/** Merges `patch` into one pane's state; an unchanged state returns the same layout. */
export function setPaneState(layout: Layout, id: string, patch: PaneState): Layout {
  const target = findPane(layout.root, id);
  if (!target) return layout;
  const next = { ...target.state, ...patch };
  if (JSON.stringify(next) === JSON.stringify(target.state ?? {})) return layout;
  return { ...layout, root: mapNode(layout.root, (n) => (n.type === "pane" && n.id === id ? { ...n, state: next } : undefined)) };
}

/**
 * The panes a trader can see: on a phone only the focused one; a full-screen watchlist covers
 * every other pane, and so does a maximised one; otherwise all of them. What is not seen subscribes nothing and refreshes nothing.
 */
export function shownPanes(layout: Layout, opts: { mobile: boolean }): PaneNode[] {
  const all = panes(layout.root);
  if (opts.mobile) return all.filter((p) => p.id === layout.focused);
  const full = all.find((p) => p.view === FULL_SCREEN_VIEW);
  if (full) return [full];
  const max = all.find((p) => p.id === layout.maximised);
  return max ? [max] : all;
}

/** The view that covers the whole workspace while any pane shows it. */
export const FULL_SCREEN_VIEW = "fullwl";

export function setRatio(layout: Layout, splitId: string, ratio: number): Layout {
  const r = Math.min(MAX_RATIO, Math.max(MIN_RATIO, ratio));
  return { ...layout, root: mapNode(layout.root, (n) => (n.type === "split" && n.id === splitId ? { ...n, ratio: r } : undefined)) };
}

/**
 * Keyboard resize, as tmux's resize-pane: moves the divider of the nearest enclosing split of
 * the matching direction towards `side` (right and down raise the ratio, left and up lower it).
 */
export function resizeFocused(layout: Layout, side: "left" | "right" | "up" | "down", step = 0.05): Layout {
  const direction: Direction = side === "left" || side === "right" ? "row" : "column";
  const enclosing = splitsAbove(layout.root, layout.focused).reverse().find((s) => s.direction === direction);
  if (!enclosing) return layout;
  return setRatio(layout, enclosing.id, enclosing.ratio + (side === "right" || side === "down" ? step : -step));
}

/** The splits from the root down to the pane `id`. */
function splitsAbove(node: LayoutNode, id: string): SplitNode[] {
  if (node.type === "pane") return [];
  if (findPane(node.a, id)) return [node, ...splitsAbove(node.a, id)];
  if (findPane(node.b, id)) return [node, ...splitsAbove(node.b, id)];
  return [];
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Each pane's rectangle in the unit square: what Ctrl+Arrow navigation measures. */
export function rects(node: LayoutNode, r: Rect = { x: 0, y: 0, w: 1, h: 1 }): Map<string, Rect> {
  if (node.type === "pane") return new Map([[node.id, r]]);
  const out = new Map<string, Rect>();
  const [ra, rb]: [Rect, Rect] =
    node.direction === "row"
      ? [{ ...r, w: r.w * node.ratio }, { ...r, x: r.x + r.w * node.ratio, w: r.w * (1 - node.ratio) }]
      : [{ ...r, h: r.h * node.ratio }, { ...r, y: r.y + r.h * node.ratio, h: r.h * (1 - node.ratio) }];
  for (const [k, v] of rects(node.a, ra)) out.set(k, v);
  for (const [k, v] of rects(node.b, rb)) out.set(k, v);
  return out;
}

/** The pane beside the focused one in a direction: it must overlap on the other axis; nearest edge wins. */
export function neighbour(layout: Layout, side: "left" | "right" | "up" | "down"): string | undefined {
  const all = rects(layout.root);
  const from = all.get(layout.focused);
  if (!from) return undefined;
  const eps = 1e-9;
  let best: { id: string; dist: number; overlap: number } | undefined;
  for (const [id, r] of all) {
    if (id === layout.focused) continue;
    let dist: number;
    let overlap: number;
    if (side === "left" || side === "right") {
      dist = side === "right" ? r.x - (from.x + from.w) : from.x - (r.x + r.w);
      overlap = Math.min(from.y + from.h, r.y + r.h) - Math.max(from.y, r.y);
    } else {
      dist = side === "down" ? r.y - (from.y + from.h) : from.y - (r.y + r.h);
      overlap = Math.min(from.x + from.w, r.x + r.w) - Math.max(from.x, r.x);
    }
    if (dist < -eps || overlap <= eps) continue;
    if (!best || dist < best.dist - eps || (Math.abs(dist - best.dist) <= eps && overlap > best.overlap)) best = { id, dist, overlap };
  }
  return best?.id;
}

/** A saved layout is trusted only if it has the right shape; anything else falls back to a preset. */
export function isLayout(x: unknown): x is Layout {
  if (!x || typeof x !== "object") return false;
  const l = x as Layout;
  const ok = (n: unknown): boolean => {
    if (!n || typeof n !== "object") return false;
    const node = n as LayoutNode;
    if (node.type === "pane") return typeof node.id === "string" && typeof node.view === "string" && (node.state === undefined || isPaneState(node.state));
    return (
      node.type === "split" &&
      typeof node.id === "string" &&
      (node.direction === "row" || node.direction === "column") &&
      typeof node.ratio === "number" &&
      node.ratio >= MIN_RATIO &&
      node.ratio <= MAX_RATIO &&
      ok(node.a) &&
      ok(node.b)
    );
  };
  return ok(l.root) && typeof l.focused === "string" && findPane(l.root, l.focused) !== undefined && (l.maximised === undefined || typeof l.maximised === "string");
}

function isPaneState(x: unknown): x is PaneState {
  if (!x || typeof x !== "object") return false;
  const s = x as PaneState;
  const count = (n: unknown) => n === undefined || (typeof n === "number" && Number.isInteger(n) && n >= 0);
  const i = s.instrument;
  const instrumentOk = i === undefined || (typeof i === "object" && i !== null && typeof i.exchange === "string" && typeof i.token === "number" && typeof i.tradingSymbol === "string");
  const columnsOk = s.columns === undefined || (typeof s.columns === "object" && s.columns !== null && Object.values(s.columns).every(isColumnChoice));
  return count(s.tab) && count(s.subTab) && (s.link === undefined || isLink(s.link)) && instrumentOk && (s.interval === undefined || typeof s.interval === "string") && columnsOk;
}
