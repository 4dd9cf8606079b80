import { batch, observable } from "@legendapp/state";
import { cursorAt, followRow, landingRow, NO_ROW, type RowCursor } from "../core/rules/rowCursor";
import { clientState } from "../data/stores/sessionReset";
import { keyedByPane } from "../data/stores/paneRecords";
import { sayInStatusLine } from "../data/stores/statusLine";
import { layout$, workspace } from "../data/stores/workspace";
import { select, selectionOf as paneSelection } from "./selection";
import type { Selection } from "./types";
import type { PaneInstrument } from "../core/workspace/tree";

/**
 * The one row cursor of every list (watchlist, positions, holdings, orders, GTT, ...): each pane's
 * list registers the keys of the rows it shows, in order, and what each row selects. The cursor is
 * the key of its row (core/rules/rowCursor.ts), so it stays on that row whatever the list does;
 * the cursor commands move it by position in the list as shown, and the pane's selection follows
 * the row it is on. A pane's cursor is its own: two panes of one list keep two cursors.
 *
 * What is selected is what is acted on (README's keys: "b / s buy / sell the selected instrument,
 * position or holding"). A `/` choice is the pane's selection too: when the list has a row of that
 * instrument the cursor goes onto it (now, or once the list shows one: a `+` that adds it, a fill
 * that opens its position); until then the cursor does not hold the selection, no row is
 * highlighted and no key acts on the cursor's row, until the trader moves the cursor. Why not let
 * the keys act on the highlighted row instead: `/ HDFCBANK`, `b` must buy what was just typed.
 */
export interface PaneList {
  /** The list as the trader calls it ("Pending", "Positions", a watchlist's name): another name is another list (a tab switch). */
  name: string;
  /**
   * Set when each list the pane shows keeps a cursor of its own (a watchlist pane's lists 1 to 9:
   * other instruments, each worked on by itself): back on a list, the cursor is on the row it was
   * left on (by its key; the row that took its place if it went), and a list not shown before in
   * the pane lands as a first list does. Unset, a pane's lists share the one cursor: the Orders
   * tabs are views of one book, and the cursor stays on its order from All to Pending.
   */
  id?: string;
  /** The pane's view the list is drawn in: a list of a view the pane no longer shows is not landed on (landCursorsAgain). */
  view?: string;
  /** The rows' keys in the order shown, unique within the list. */
  keys: readonly string[];
  selectionOf(key: string): Selection | undefined;
  /** The row in a few words, for the status line: "RELIANCE order 251128000123". */
  labelOf(key: string): string;
}

/**
 * A pane's cursor: its row (key and place), the list that row was in, the row's words (kept to say
 * which row went once it is gone) and the selection it last gave the pane.
 */
export interface PaneCursor extends RowCursor {
  list?: string;
  /** The list's own-cursor id (PaneList.id), if it has one. */
  id?: string;
  label?: string;
  selected?: string;
}

const lists = new Map<string, PaneList>();
/**
 * Who put a cursor on its row: the trader (a key, a click on a row) or the pane itself (a list
 * loading, re-sorting or refreshing, an option chain centring on the strike at the money as it
 * loads, a convert's cursor following its quantity). Only the trader's act chooses the row's
 * instrument for the pane's colour group (README, colour link groups): a pane placing its own
 * cursor never retargets the group, or a chain loading RELIANCE's strikes would hand every chart
 * of its group the at-the-money call while the watchlist's cursor sits on RELIANCE-EQ.
 */
export type PlacedBy = "trader" | "pane";

/** A row the cursor is to go to once the pane's list shows it (putCursorOn), what to say then, and who asked. */
const awaited = new Map<string, { key: string; say?: string; by: PlacedBy }>();
export const cursors$ = keyedByPane(observable<Record<string, PaneCursor>>({}));
/** Where each own-cursor list (PaneList.id) of a pane was left: "paneId\nid" to its row. */
const leftOn = new Map<string, RowCursor>();
const leftKey = (paneId: string, id: string): string => `${paneId}\n${id}`;

clientState({
  name: "listCursors",
  holds: () => ({ cursors: cursors$.peek(), awaited: [...awaited.keys()], leftOn: [...leftOn.keys()] }),
  reset: () => {
    cursors$.set({});
    awaited.clear();
    leftOn.clear();
  },
});

const cursorIn = (paneId: string): PaneCursor => cursors$[paneId]!.peek() ?? NO_ROW;

/** A selection as the cursor remembers it, "" for none: equal for equal selections, whatever order their fields were written in. */
export function selectionKey(s: Selection | undefined): string {
  return s === undefined ? "" : JSON.stringify(s, Object.keys(s).sort());
}

/**
 * Whether the pane's selection is the one its cursor last gave: false once a search choice has
 * taken it (an instrument the list had no row of), until the cursor moves or finds that row.
 * The list's highlight is shown only while it holds (panes/layout/listCursor.ts).
 */
export function holdsSelection(paneId: string): boolean {
  return selectionKey(paneSelection(paneId)) === (cursorIn(paneId).selected ?? "");
}

/** The first row of the list, as shown, whose selection names the instrument `s` names. */
function rowNaming(list: PaneList, s: Selection | undefined): RowCursor | undefined {
  const want = instrumentOf(s);
  if (!want) return undefined;
  const at = list.keys.findIndex((k) => {
    const i = instrumentOf(list.selectionOf(k));
    return i !== undefined && i.exchange === want.exchange && i.token === want.token;
  });
  return at < 0 ? undefined : { key: list.keys[at], at };
}

/**
 * After a search choice made the pane's selection: the cursor goes onto that instrument's row if
 * the list shows one (a row whose own selection, a position or a holding of it, becomes the
 * pane's); if not, the cursor stays and its highlight goes until it moves or the row appears.
 */
export function cursorToSelection(paneId: string): void {
  const list = lists.get(paneId);
  if (!list || holdsSelection(paneId)) return;
  const row = rowNaming(list, paneSelection(paneId));
  if (row) put(paneId, list, row, "found", "pane");
}

/** A pane's list less the rows said to leave it (rowLeaves), to the list the pane registered: that registration still owns it. */
const lessOf = new WeakMap<PaneList, PaneList>();

/** Registers (or replaces) a pane's list and settles its cursor on it; the returned function unregisters that same list. */
export function registerList(paneId: string, list: PaneList): () => void {
  lists.set(paneId, list);
  settle(paneId, list);
  return () => {
    const now = lists.get(paneId);
    if (now === list || (now !== undefined && lessOf.get(now) === list)) lists.delete(paneId);
  };
}

/**
 * A row leaves the pane's list before the pane draws it again (a watchlist row deleted while the
 * broker's answer is on its way): the list is taken as the pane will show it, less that row, and the
 * cursor settles on it as on any list that lost its row: the row that now stands in its place, or
 * the last row (rowCursor.ts followRow). So a second key pressed before the redraw acts on the row
 * the trader sees there, not on the one already going. `did` is what was done, in the status line,
 * with where the cursor now is when it moved: "Deleting SBIN-EQ from Watchlist: cursor on RELIANCE-EQ".
 */
export function rowLeaves(paneId: string, key: string, did: string): void {
  const list = lists.get(paneId);
  if (!list) return sayInStatusLine(did);
  const less: PaneList = { ...list, keys: list.keys.filter((k) => k !== key) };
  lessOf.set(less, lessOf.get(list) ?? list);
  lists.set(paneId, less);
  settle(paneId, less, did);
}

export function hasList(paneId: string | undefined): boolean {
  return paneId !== undefined && (lists.get(paneId)?.keys.length ?? 0) > 0;
}

/**
 * The key of the row under a pane's cursor, undefined when its list is empty or not shown, or
 * while a search choice holds the selection (no row is highlighted then, and no key acts on one).
 */
export function cursorKey(paneId: string): string | undefined {
  const list = lists.get(paneId);
  return list && holdsSelection(paneId) ? followRow(cursorIn(paneId), list.keys).cursor.key : undefined;
}

/**
 * Moves a pane's cursor by position in its list as shown (j/k, arrows, Home, End: `by` the trader;
 * a chain centring on the money: the pane's own); the selection follows. With its highlight gone
 * after a search, it moves from the row it was last shown on.
 */
export function moveCursor(paneId: string, to: (at: number, count: number) => number, by: PlacedBy = "pane"): void {
  const list = lists.get(paneId);
  if (!list) return;
  const now = followRow(cursorIn(paneId), list.keys).cursor;
  put(paneId, list, cursorAt(list.keys, to(now.at, list.keys.length)), "moved", by);
}

/**
 * Puts a pane's cursor on the row of `key` (a click on a row, `by` the trader; a convert's quantity
 * in its new product, the pane's own) and says `say` in the status line once it is there. A row
 * not in the list yet (a refresh on its way) is awaited for the next list the pane shows; if that
 * list has no such row, the cursor stays where it is and nothing is said.
 */
export function putCursorOn(paneId: string, key: string, say?: string, by: PlacedBy = "pane"): void {
  const list = lists.get(paneId);
  const at = list?.keys.indexOf(key) ?? -1;
  if (!list || at < 0) {
    awaited.set(paneId, say === undefined ? { key, by } : { key, say, by });
    return;
  }
  awaited.delete(paneId);
  put(paneId, list, { key, at }, "moved", by);
  if (say !== undefined) sayInStatusLine(say);
}

/**
 * The pane's cursor after its list changed: on its own row, or on the neighbour with the move said
 * in the status line. `did`: the trader's act that took the row (rowLeaves), said in place of "is no longer in".
 */
function settle(paneId: string, list: PaneList, did?: string): void {
  const wanted = awaited.get(paneId);
  if (wanted) {
    awaited.delete(paneId);
    if (list.keys.includes(wanted.key)) return putCursorOn(paneId, wanted.key, wanted.say, wanted.by);
  }
  const was = cursorIn(paneId);
  const held = holdsSelection(paneId);
  // Another list of a pane whose lists keep their own cursors: the one it leaves is remembered, the one it shows taken up where it was left.
  const switched = list.id !== undefined && was.key !== undefined && was.id !== list.id;
  if (switched && was.id !== undefined) leftOn.set(leftKey(paneId, was.id), { key: was.key, at: was.at });
  const from: RowCursor = switched ? (leftOn.get(leftKey(paneId, list.id!)) ?? NO_ROW) : was;
  // A search choice's instrument the list now shows (added with +, a fill's position): the cursor goes onto it.
  const found = held ? undefined : rowNaming(list, paneSelection(paneId));
  if (found) return put(paneId, list, found, "found", "pane");
  // A cursor landing for the first time (a pane opened, a workspace opened, a list of its own first shown): on its colour group's instrument (rowCursor.ts landingRow).
  const { cursor, moved } = from.key === undefined ? { cursor: landingRow(list.keys, (k) => instrumentOf(list.selectionOf(k)), groupInstrument(paneId)), moved: false } : followRow(from, list.keys);
  put(paneId, list, cursor, "kept", "pane");
  // Only the focused pane's move is said: the keys act on its selection, and a line about a pane
  // the trader is not working in would push out the one that matters. Not after a tab switch
  // either (another list's name): the trader changed the list, nothing was taken from under them.
  // Nor while a search choice holds the selection: no row is highlighted, nothing was acted on.
  // The trader's own act is said whatever it did to the cursor: its row may not have been the cursor's.
  const told = did ?? (moved && held && was.list === list.name && workspace.focusedPane()?.id === paneId ? `${was.label ?? "The row under the cursor"} is no longer in ${list.name}` : undefined);
  if (told === undefined) return;
  const now = cursor.key === undefined ? "the list is empty" : `cursor on ${list.labelOf(cursor.key)}`;
  sayInStatusLine(moved ? `${told}: ${now}` : told);
}

/** The instrument of the pane's colour group, if it is in one that has chosen. */
function groupInstrument(paneId: string): PaneInstrument | undefined {
  const link = workspace.linkOf(paneId);
  return link === "none" ? undefined : layout$.groups.peek()?.[link];
}

/**
 * A workspace opened: the cursors of its panes land afresh (landingRow), as a pane's first does.
 * A workspace keeps no cursor; the panes it shows that were on screen already (the same pane ids)
 * kept theirs, on rows the trader left since, under a group brought back to what was saved. The
 * pane's selection goes with its cursor. A pane whose registered list is of the view it showed
 * before (not redrawn yet) is not landed on it: that list is dropped, and the list its new view
 * registers lands the cursor (its first landing). Called at once, no waiting for the draw: which
 * list belongs to the pane is told by its view, not by timing.
 */
export function landCursorsAgain(panes: readonly { id: string; view: string }[]): void {
  for (const { id, view } of panes) {
    awaited.delete(id);
    for (const k of leftOn.keys()) if (k.startsWith(`${id}\n`)) leftOn.delete(k);
    batch(() => {
      cursors$[id]!.delete();
      select(undefined, id);
    });
    const list = lists.get(id);
    if (!list) continue;
    if (list.view !== undefined && list.view !== view) lists.delete(id);
    else settle(id, list);
  }
}

/**
 * How a cursor came to its row: "moved" onto it (by a key, a click, or the pane's own placing),
 * "found" as the row of the instrument a search chose, "kept" on its row (or a neighbour) through
 * a list update.
 */
type How = "moved" | "found" | "kept";

/**
 * Commits a pane's cursor, and gives the pane the row's selection on a move or a find, or when the
 * row's selection changed (an order's status) while the cursor held the pane's: a list update
 * under an unmoved cursor leaves alone an instrument chosen since in the search. The one place a
 * list's selection is published to the pane's colour group: only when `by` the trader.
 */
function put(paneId: string, list: PaneList, cursor: RowCursor, how: How, by: PlacedBy): void {
  const sel = cursor.key === undefined ? undefined : list.selectionOf(cursor.key);
  const selected = selectionKey(sel);
  const was = cursorIn(paneId);
  const held = holdsSelection(paneId);
  const label = cursor.key === undefined ? undefined : list.labelOf(cursor.key);
  // One batch: the highlight, which compares the two, never sees the cursor without its selection.
  batch(() => {
    if (was.key !== cursor.key || was.at !== cursor.at || was.list !== list.name || was.id !== list.id || was.label !== label || was.selected !== selected) {
      cursors$[paneId]!.set({ key: cursor.key, at: cursor.at, list: list.name, ...(list.id === undefined ? {} : { id: list.id }), label, selected });
    }
    if (how !== "kept" || (held && was.selected !== selected)) select(sel, paneId);
  });
  // The trader's act in a linked pane chooses the row's instrument for its colour group (core/workspace/links.ts),
  // the row it was already on too: another pane of the group may have chosen since, and the trader is choosing this one again.
  // A pane placing its own cursor (loading, re-sorting, centring, following its group) chooses nothing.
  if (how === "moved" && by === "trader") {
    const instrument = instrumentOf(sel);
    if (instrument && workspace.linkOf(paneId) !== "none") workspace.choose({ from: paneId, instrument });
  }
}

/** The instrument a row names, if it names one (a watchlist row, a position, a holding, a strike of a chain). */
export function instrumentOf(s: Selection | undefined): PaneInstrument | undefined {
  if (s?.kind === "instrument" || s?.kind === "position" || s?.kind === "holding") return { exchange: s.exchange, token: Number(s.token), tradingSymbol: s.symbol };
  return undefined;
}
