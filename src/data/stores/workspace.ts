import { observable } from "@legendapp/state";
import { readUserItem } from "../userStorage";
import { DEFAULT_PRESET, PRESETS } from "../../core/workspace/presets";
import { placeWithRoom, type Size } from "../../core/workspace/place";
import { upgradeLayout } from "../../core/workspace/savedLayout";
import { lostWork, showPage, type Joined, type PaneWork } from "../../core/workspace/paneWork";
import {
  closePane,
  isLayout,
  neighbour,
  panes,
  resizeFocused,
  setPaneState,
  setRatio,
  setView,
  shownPanes,
  splitPane,
  type Direction,
  type Layout,
  type LayoutNode,
  type PaneNode,
  type PaneState,
  FULL_SCREEN_VIEW,
  keepMaximised,
  toggleMaximised,
} from "../../core/workspace/tree";
import { isMobileWidth } from "../../core/rules/routes";
import { choose, cycleLink, DEFAULT_LINK, linkOf, repointed, retargeted, setLink, type Choice } from "../../core/workspace/links";
import { gridsFollow } from "../../core/workspace/gridLinks";
import type { Link } from "../../core/workspace/linkColours";
import { isExchange } from "../../core/types/exchange";
import { activeScrip$, setActiveScrip } from "./activeScrip";
import { FIRST_CHART } from "../../core/charts/firstChart";
import { viewport$ } from "./ui";
import { dropClosedPanes } from "./paneRecords";
import { ownedByUser, saveOwn, signedInClient } from "./ownedByUser";
import { userKey } from "../userStorage";
import { sayInStatusLine } from "./statusLine";
import { viewTitle } from "../../core/rules/pages";

/**
 * The tiling workspace. Routes and panes are two views of this one state: opening a route
 * focuses the pane showing its page (or shows the page in the focused pane), and focusing a
 * pane changes the route. The signed-in user's own (data/userStorage.ts): saved under their client
 * code on every change, theirs again at their next sign-in, the default preset for anyone else.
 */
export const layout$ = observable<Layout>(presetLayout(DEFAULT_PRESET));

/**
 * After a layout change, what the panes that left it kept in the per-pane stores goes. On the next
 * task, not at once: the closing panes' own clean-up (their effects) runs first, when React renders the change.
 */
let dropping: ReturnType<typeof setTimeout> | undefined;
layout$.onChange(() => {
  dropping ??= setTimeout(() => {
    dropping = undefined;
    dropClosedPanes(new Set(panes(layout$.peek().root).map((p) => p.id)));
  }, 0);
});

/** A layout as its user sees it: the panes and splits, without the ids a preset makes afresh each time. */
function shapeOf(n: LayoutNode): unknown {
  return n.type === "pane" ? { view: n.view, state: n.state ?? null } : { direction: n.direction, ratio: n.ratio, a: shapeOf(n.a), b: shapeOf(n.b) };
}

/**
 * Whether the layout on screen is one saved before (by this window, another window of the browser,
 * or an earlier session): the user's, shared by their windows. A fresh default preset is nobody's work yet.
 */
let layoutSaved = false;
export function layoutIsShared(): boolean {
  return layoutSaved;
}

ownedByUser("layout", () => shapeOf(layout$.root.peek()), (client) => {
  const saved = client === undefined ? undefined : readUserItem<unknown>(client, "layout", undefined);
  layoutSaved = isLayout(saved);
  layout$.set(isLayout(saved) ? keepMaximised(upgradeLayout(saved)) : presetLayout(DEFAULT_PRESET));
});

/**
 * Every window of this browser shows one layout (issue 32): a change saved by another window (a
 * group's instrument, a pane popped out or back) arrives here through the storage event.
 */
if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    const client = signedInClient();
    if (client === undefined || e.key !== userKey(client, "layout") || e.newValue === null) return;
    let saved: unknown;
    try {
      saved = JSON.parse(e.newValue);
    } catch {
      return;
    }
    if (!isLayout(saved)) return;
    layoutSaved = true;
    const had = new Set(panes(layout$.peek().root).map((p) => p.id));
    const next = keepMaximised(upgradeLayout(saved));
    layout$.set(next);
    // A pane another window added (a window opened on an address, a split there) appears here too: said, not silent.
    const all = panes(next.root);
    const added = all.filter((p) => !had.has(p.id));
    if (added.length === 1 && all.length === had.size + 1) sayInStatusLine(`Another window opened ${viewTitle(added[0]!.view)} in a new pane ${all.indexOf(added[0]!) + 1}`);
  });
}

/** The pane this window shows alone when it is a pane's own window (/popout?pane=…); undefined in the main window. */
let windowPane: string | undefined;
export function setWindowPane(id: string): void {
  windowPane = id;
}
export function inPaneWindow(): string | undefined {
  return windowPane;
}

/** The tiling's size on screen in px, kept by the tiling itself: where a pane that needs room is placed measures by it. */
export const tilingSize$ = observable<Size>({ w: 0, h: 0 });

/** The tiling's size, or the window's while no tiling has been drawn yet (a sign-in's landing route comes before it). */
function tilingOrWindow(): Size {
  const t = tilingSize$.peek();
  if (t.w > 0 || typeof window === "undefined") return t;
  return { w: window.innerWidth, h: window.innerHeight };
}

let onFocusedView: (view: string) => void = () => {};

/**
 * Called when a user action (focus, split, close, preset) changes which page the focused pane
 * shows; the app moves the route there. Opening a route does not call it: the route is already there.
 */
export function onFocusedViewChange(fn: (view: string) => void): void {
  onFocusedView = fn;
}

function focusedViewOf(l: Layout): string | undefined {
  return panes(l.root).find((p) => p.id === l.focused)?.view;
}

/** The focused pane showing `view` with `state` (workspace.showHere). */
function hereLayout(l: Layout, view: string, state: PaneState): Layout {
  return setPaneState(setView(l, l.focused, view), l.focused, state);
}

/** A preset for the screen it is chosen on: a wide one gets more panes (core/workspace/presets.ts); Single pane keeps the focused pane. */
function presetLayout(id: string, focused?: PaneNode): Layout {
  return (PRESETS.find((p) => p.id === id) ?? PRESETS[0]!).build(typeof window === "undefined" ? undefined : window.innerWidth, focused);
}

function commit(changed: Layout, fromRoute = false): void {
  const next = keepMaximised(changed);
  const before = focusedViewOf(layout$.peek());
  layout$.set(next);
  saveOwn("layout", next);
  if (signedInClient() !== undefined) layoutSaved = true;
  const after = focusedViewOf(next);
  // A pane's own window stays on its pane: the main window's route follows the main window's focus.
  if (!fromRoute && windowPane === undefined && after !== undefined && after !== before) onFocusedView(after);
}

const current = (): Layout => layout$.peek();

export const workspace = {
  /**
   * Opening a route ("Go to X"): X ends up in the focused pane. The focused pane if it already
   * shows X; else the pane that shows X takes the focus (the trader's layout keeps one Orders pane
   * where they put it, rather than a second copy over whatever was focused); else X is shown in
   * the focused pane. The full-screen watchlist covers every other pane, so going anywhere else
   * returns its pane to the watchlist first: a focused pane must be a seen one. A focused pane that
   * is in a window of its own keeps its view (that window shows it, and comes back to it after a
   * sign-in): X is shown in a new pane beside its place in the tiling (across the place's longer
   * side), which takes the focus.
   */
  openView(view: string): void {
    const l = current();
    // Decided: in a pane's own window X shows in that window's pane, the one the trader at that screen sees and its focused pane.
    if (windowPane !== undefined) {
      // The window is the pane's whole screen already: the full-screen watchlist there is its watchlist (one would cover the main window's panes).
      const here = view === FULL_SCREEN_VIEW ? "watchlist" : view;
      if (panes(l.root).some((p) => p.id === windowPane && p.view !== here)) commit(setView(l, windowPane, here), true);
      return;
    }
    const shown = showPage(l, view, tilingOrWindow(), "focused");
    if (shown.layout !== l) commit(shown.layout, true);
  },
  /**
   * A window opened on an address joins the layout the user's windows share: the page is shown
   * without replacing what any pane shows (core/workspace/paneWork.ts showPage, "room"). In a pane's
   * own window, as openView.
   */
  joinOnAddress(view: string): Joined | undefined {
    if (windowPane !== undefined) {
      workspace.openView(view);
      return undefined;
    }
    const joined = showPage(current(), view, tilingOrWindow(), "room");
    if (joined.layout !== current()) commit(joined.layout, true);
    return joined;
  },
  /**
   * Shows a pane-only view (depth, a chart) beside the focused pane, and that pane takes the focus
   * so the next key acts on what was just opened (issue 28). A pane already showing the view takes
   * `state` instead: the focused one if it is such a pane, else the first in reading order.
   * `room`: the least a new pane of this view is made (a chart's), taken where it is to be had (core/workspace/place.ts).
   */
  showBeside(view: string, state?: PaneState, room?: Size): void {
    const l = current();
    const showing = panes(l.root).filter((p) => p.view === view);
    const target = showing.find((p) => p.id === l.focused) ?? showing[0];
    if (target) {
      // Re-pointed, it keeps a group the trader gave it (core/workspace/links.ts).
      const next = { ...(state ? setPaneState(l, target.id, repointed(target, state)) : l), focused: target.id };
      if (next.root !== l.root || next.focused !== l.focused) commit(next);
      // A pane in a colour group shows its group's instrument: the group takes the one given.
      if (state?.instrument) workspace.choose({ from: target.id, instrument: state.instrument });
      return;
    }
    const tiling = tilingSize$.peek();
    commit(room && tiling.w > 0 ? placeWithRoom(l, view, state, tiling, room) : splitPane(l, l.focused, "row", view, state));
  },
  /** Shows `view` with `state` in the focused pane itself, in place of what it showed (a chart "in this pane"). */
  showHere(view: string, state: PaneState): void {
    const l = current();
    commit(hereLayout(l, view, state));
    if (state.instrument) workspace.choose({ from: l.focused, instrument: state.instrument });
  },
  /** The work showHere(view, state) would take off the screen (core/workspace/paneWork.ts): asked about first. */
  hereLoses(view: string, state: PaneState): PaneWork[] {
    return lostWork(current(), hereLayout(current(), view, state));
  },
  /** The work a saved layout would take off the screen if it replaced this one (a named workspace): asked about first. */
  replaceLoses(layout: Layout): PaneWork[] {
    return lostWork(current(), layout);
  },
  /** Changes what one pane instance keeps (its tab, its instrument). */
  setPaneState(id: string, patch: PaneState): void {
    commit(setPaneState(current(), id, patch));
  },
  focusedPane(): PaneNode | undefined {
    const l = current();
    // A pane's own window: its pane has the focus there, whatever the main window's is.
    const id = windowPane ?? l.focused;
    return panes(l.root).find((p) => p.id === id);
  },
  /** The panes on screen now (a phone shows one; the full-screen watchlist covers the rest). */
  /** Every pane in reading order: pane N of Alt+N. */
  allPanes(): PaneNode[] {
    return panes(current().root);
  },
  shownPanes(): PaneNode[] {
    if (windowPane !== undefined) return panes(current().root).filter((p) => p.id === windowPane);
    const l = current();
    return shownPanes(l, { mobile: isMobileWidth(viewport$.width.peek()) }).filter((p) => !l.popped?.includes(p.id));
  },
  focus(id: string): void {
    if (windowPane !== undefined) return;
    const l = current();
    if (l.focused !== id && panes(l.root).some((p) => p.id === id)) commit({ ...l, focused: id });
  },
  /** Alt+N: the Nth pane in reading order (1-based). */
  focusNth(n: number): void {
    const p = panes(current().root)[n - 1];
    if (p) workspace.focus(p.id);
  },
  /**
   * The next shown pane in reading order (`step` 1), or the previous (-1), round from the last to the
   * first: where Tab goes when a pane's own Tab stops run out (the chart's order lines, issue 34).
   */
  focusBeside(step: 1 | -1): void {
    const shown = workspace.shownPanes();
    const at = shown.findIndex((p) => p.id === current().focused);
    if (shown.length > 1 && at >= 0) workspace.focus(shown[(at + step + shown.length) % shown.length]!.id);
  },
  focusToward(side: "left" | "right" | "up" | "down"): void {
    const id = neighbour(current(), side);
    if (id) workspace.focus(id);
  },
  split(direction: Direction, view?: string): void {
    commit(splitPane(current(), current().focused, direction, view));
  },
  closeFocused(): void {
    commit(closePane(current(), current().focused));
  },
  resize(side: "left" | "right" | "up" | "down"): void {
    commit(resizeFocused(current(), side));
  },
  setRatio(splitId: string, ratio: number): void {
    commit(setRatio(current(), splitId, ratio));
  },
  applyPreset(id: string): void {
    commit(presetLayout(id, workspace.focusedPane()));
  },
  /** The work in panes that preset `id` would close (core/workspace/paneWork.ts), in reading order. */
  presetLoses(id: string): PaneWork[] {
    return lostWork(current(), presetLayout(id, workspace.focusedPane()));
  },
  /** Puts a whole saved layout on screen (a named workspace), its groups and popped panes with it. */
  replace(layout: Layout): void {
    commit(layout);
  },
  /** Maximises the focused pane over the tiling, or restores the tiling (layout.maximise). */
  toggleMaximised(): void {
    commit(toggleMaximised(current()));
  },
  isMaximised(): boolean {
    return current().maximised !== undefined;
  },
  /**
   * An instrument chosen in a pane (a linked cursor's move, a search choice, `d`, `c`, a command
   * line): its colour group follows it, or the pane alone in no group (core/workspace/links.ts).
   * The default group's instrument is the active scrip, kept for the next start.
   */
  choose(choice: Choice): void {
    const l = current();
    // A chart grid it retargets takes the instrument in its focused cell (core/workspace/gridLinks.ts).
    const next = gridsFollow(choose(l, choice), retargeted(l, choice), choice.instrument, l, activeScrip$.peek().scrip ?? { ...FIRST_CHART });
    if (next !== l) commit(next);
    const red = next.groups?.[DEFAULT_LINK];
    const i = choice.instrument;
    if (red === i && isExchange(i.exchange)) setActiveScrip({ exchange: i.exchange, token: i.token, tradingSymbol: i.tradingSymbol });
  },
  /** The focused pane's link group, or "none" for no pane. */
  linkOf(id: string): Link {
    const p = panes(current().root).find((x) => x.id === id);
    return p ? linkOf(p) : "none";
  },
  /** The link key: the pane's next colour group (none, red, green, …). */
  cycleLink(id: string): Link {
    commit(cycleLink(current(), id));
    return workspace.linkOf(id);
  },
  setLink(id: string, link: Link): void {
    commit(setLink(current(), id, link));
  },
  /** Whether the pane is shown in a window of its own. */
  isPopped(id: string): boolean {
    return current().popped?.includes(id) === true;
  },
  poppedPanes(): string[] {
    return current().popped ?? [];
  },
  /** Marks a pane as in its own window (the app opens the window); its place in the tiling is kept. */
  popOut(id: string): void {
    const l = current();
    if (!panes(l.root).some((p) => p.id === id) || l.popped?.includes(id)) return;
    commit({ ...l, popped: [...(l.popped ?? []), id] });
  },
  /** Brings a pane back into the tiling from its window (which closes itself when it sees this). */
  popIn(id: string): void {
    const l = current();
    if (!l.popped?.includes(id)) return;
    const popped = l.popped.filter((x) => x !== id);
    const { popped: _, ...rest } = l;
    commit(popped.length ? { ...rest, popped } : rest);
  },
  paneCount(): number {
    return panes(current().root).length;
  },
};
