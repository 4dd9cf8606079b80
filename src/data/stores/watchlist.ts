import { batch, observable } from "@legendapp/state";
import { addScrips, deleteScrips, getAllWatchlists, renameWatchlist, sortWatchlist, type ScripRef, type Watchlist, type WatchlistChange, type WatchlistScrip } from "../api/watchlist";
import type { Envelope } from "../api/http";
import type { Exchange } from "../../core/types/exchange";
import { notify } from "../../core/notify";
import { customOrderPayload, sortScrips, type WatchlistSort } from "../../core/watchlist/sort";
import { orderedScrips, scripKey } from "../../core/watchlist/view";
import { shownListOf } from "../../core/watchlist/lists";
import { readPaneWatch, type PaneWatch } from "../../core/watchlist/paneWatch";
import { panes } from "../../core/workspace/tree";
import { layout$, workspace } from "./workspace";
import { clientState, sessionEndedSince } from "./sessionReset";
import { isMarketWatchSuccess } from "../../core/http/success";
import { watchlistToast, type WatchlistEdit } from "../../core/watchlist/messages";
import { applyAnswer, savedOrderNote, type WatchlistAnswer } from "../../core/watchlist/sync";

/**
 * The watchlists as the broker last answered them, and the order each pane's sort fixed. Each
 * pane's lists, columns and sort are the pane's own, saved with the layout (paneWatch below);
 * the row cursor is each pane's own too (commands/listCursor.ts). Live prices are not here: the
 * quote store owns them and each grid cell observes its own field (DESIGN.md section 2).
 */
export interface WatchlistState {
  lists: Watchlist[];
  loaded: boolean;
  /** Per pane and list (shownKey): the order a sort fixed (scrip keys), until the list is saved or the sort changes. */
  shown: Record<string, string[]>;
  /**
   * The fixed orders (shownKey) the trader made by hand (Shift+↑/↓), not saved yet: kept while the
   * page lives, through a switch to another list and back, until saved, replaced by a sort chosen
   * on that list, or dropped by "saved order (no sort)".
   */
  byHand: string[];
  /** Rows whose delete the broker has not answered yet (leavingKey): not shown, so the next `-` acts on the row now under the cursor. */
  leaving: string[];
}

const initialWatchlists = (): WatchlistState => ({ lists: [], loaded: false, shown: {}, byHand: [], leaving: [] });

/** The key of one pane's order of one list. */
export const shownKey = (paneId: string, mwId: number): string => `${paneId}|${mwId}`;

/** The key of one row of one list, while its delete is on its way. */
const leavingKey = (mwId: number, scrip: ScripRef): string => `${mwId}|${scripKey(scrip)}`;

export const watchlists$ = observable<WatchlistState>(initialWatchlists());
clientState({ name: "watchlists", holds: () => watchlists$.peek(), reset: () => watchlists$.set(initialWatchlists()) });

/** Live values for a sort, read without subscribing; a source so the pane can pass the quote store's. */
export type LiveValues = (exchange: Exchange, token: number) => { ltp: number; pchg: number; volume: number; oi: number } | undefined;

/** A pane's watch settings (its lists, columns, sort), from the saved layout. */
export function paneWatch(paneId: string): PaneWatch {
  return readPaneWatch(panes(layout$.peek().root).find((p) => p.id === paneId)?.state?.watch);
}

/** Changes some of a pane's watch settings; the layout saves them with the pane. */
export function setPaneWatch(paneId: string, patch: Partial<PaneWatch>): void {
  workspace.setPaneState(paneId, { watch: { ...paneWatch(paneId), ...patch } });
}

/** The list a pane shows on `tab`: the one it chose there, else the tab's default. */
export function currentList(tab: number, paneId: string): Watchlist | undefined {
  return shownListOf(watchlists$.lists.peek(), tab, paneWatch(paneId).lists[String(tab)]);
}

/** A pane's rows of a list, in the order shown, less the rows being deleted. */
export function rowsOf(list: Watchlist | undefined, state: Pick<WatchlistState, "shown" | "leaving">, paneId: string): WatchlistScrip[] {
  if (!list) return [];
  const rows = orderedScrips(list.scrips, state.shown[shownKey(paneId, list.mwId)]);
  return state.leaving.length === 0 ? rows : rows.filter((r) => !state.leaving.includes(leavingKey(list.mwId, r)));
}

export async function loadWatchlists(): Promise<void> {
  const ended = sessionEndedSince();
  try {
    const e = await getAllWatchlists();
    if (ended()) return;
    if (!isMarketWatchSuccess(e)) {
      notify(watchlistToast({ kind: "load" }, { ok: false, message: e.message }));
      return;
    }
    watchlists$.assign({ lists: e.result, loaded: true });
  } catch {
    // HTTP failures were told by the HTTP layer; the last good lists stay on screen.
  }
}

/** Who hears this window's answered edits: the other windows of the browser (app/windowWatchlists.ts). */
const answered = new Set<(a: WatchlistAnswer) => void>();

/** Hears each watchlist edit the broker answered in this window; returns the way to stop. */
export function onWatchlistAnswer(hear: (a: WatchlistAnswer) => void): () => void {
  answered.add(hear);
  return () => answered.delete(hear);
}

/** Shows an answer of the broker's (core/watchlist/sync.ts applyAnswer): a list's rows or its name. */
function show(a: WatchlistAnswer): void {
  const s = watchlists$.peek();
  const next = applyAnswer(s, a);
  if (next !== s) watchlists$.assign({ lists: next.lists, shown: next.shown });
}

/** A list's rows replaced by the broker's answer (add, delete, sort answer the whole list). */
export function replaceScrips(mwId: number, scrips: WatchlistScrip[]): void {
  show({ mwId, scrips });
}

/** An answer to an edit made here: shown, and told to the other windows. */
function answeredHere(a: WatchlistAnswer): void {
  show(a);
  for (const hear of answered) hear(a);
}

/**
 * An edit another window of the browser made, as the broker answered it: shown as that window
 * shows it. Before this window has read its lists it has nothing to change: its own read (after
 * the edit) brings the same.
 */
export function applyOtherWindowAnswer(a: WatchlistAnswer): void {
  if (watchlists$.loaded.peek()) show(a);
}

/**
 * "Failed watchlist operations show the server message"; success is told too. Either names the
 * scrip and the list (core/watchlist/messages.ts): the broker's ECMW message names neither.
 */
function tell(e: Envelope<WatchlistChange>, edit: (answer: WatchlistChange | undefined) => WatchlistEdit): WatchlistChange | undefined {
  const ok = isMarketWatchSuccess(e);
  const answer = ok ? e.result[0] : undefined;
  notify(watchlistToast(edit(answer), { ok, message: e.message }));
  return answer;
}

async function guarded(f: () => Promise<Envelope<WatchlistChange>>, edit: (answer: WatchlistChange | undefined) => WatchlistEdit): Promise<WatchlistChange | undefined> {
  try {
    return tell(await f(), edit);
  } catch {
    return undefined;
  }
}

/** A list's name as the trader sees it on its tab; by number when the lists do not hold it. */
function listName(mwId: number): string {
  return watchlists$.lists.peek().find((l) => l.mwId === mwId)?.mwName ?? `watchlist ${mwId}`;
}

/** A scrip's trading symbol, from the rows given (a list's, or the broker's answer), else `fallback`. */
function scripName(rows: readonly WatchlistScrip[] | undefined, scrip: ScripRef, fallback: string): string {
  return rows?.find((r) => r.exchange === scrip.exchange && r.token === scrip.token)?.tradingSymbol ?? fallback;
}

/** Adds a scrip; `name` is how the caller knows it (the search's symbol) until the broker's answer names it. */
export async function addToWatchlist(mwId: number, scrip: ScripRef, name = `${scrip.exchange} ${scrip.token}`): Promise<boolean> {
  const list = listName(mwId);
  const r = await guarded(
    () => addScrips(mwId, [scrip]),
    (a) => ({ kind: "add", scrip: scripName(a?.scrips, scrip, name), list }),
  );
  if (r?.scrips) answeredHere({ mwId, scrips: r.scrips });
  return r !== undefined;
}

/**
 * Deletes a scrip. Its row leaves the list at once, as it does on a fast broker, whatever the
 * broker's latency: the keys act on the row the trader sees, never on one already sent for deletion.
 * A refusal brings the row back, with the broker's message. A row already on its way out is not
 * sent again (its second delete would be refused, "not deleted", of a row that was deleted).
 */
export async function removeFromWatchlist(mwId: number, scrip: ScripRef): Promise<boolean> {
  const list = listName(mwId);
  const going = leavingKey(mwId, scrip);
  if (watchlists$.leaving.peek().includes(going)) return false;
  // Named from the list before the delete: its answer no longer holds the scrip.
  const scripShown = scripName(watchlists$.lists.peek().find((l) => l.mwId === mwId)?.scrips, scrip, `${scrip.exchange} ${scrip.token}`);
  watchlists$.leaving.set([...watchlists$.leaving.peek(), going]);
  const r = await guarded(
    () => deleteScrips(mwId, [scrip]),
    () => ({ kind: "delete", scrip: scripShown, list }),
  );
  batch(() => {
    if (r?.scrips) answeredHere({ mwId, scrips: r.scrips });
    watchlists$.leaving.set(watchlists$.leaving.peek().filter((k) => k !== going));
  });
  return r !== undefined;
}

export async function renameList(mwId: number, name: string): Promise<boolean> {
  const list = listName(mwId);
  const r = await guarded(
    () => renameWatchlist(mwId, name),
    (a) => ({ kind: "rename", list, to: a?.mwName ?? name }),
  );
  if (r?.mwName !== undefined) answeredHere({ mwId, mwName: r.mwName });
  return r !== undefined;
}

/**
 * Fixes a pane's order of a list by `sort`, from the prices of this moment (a sort command, the
 * pane's saved sort when it shows a list, and each beat of a live re-sort). "custom" drops the
 * fixed order: the saved one shows. Written only when the order changed, so a beat that moves
 * nothing renders nothing.
 */
export function sortPane(paneId: string, list: Watchlist, sort: WatchlistSort, live: LiveValues): void {
  const key = shownKey(paneId, list.mwId);
  const { [key]: before, ...rest } = watchlists$.shown.peek();
  // A sort (or the saved order) chosen on the list replaces an order made by hand there.
  if (watchlists$.byHand.peek().includes(key)) watchlists$.byHand.set(watchlists$.byHand.peek().filter((k) => k !== key));
  if (sort.key === "custom") {
    if (before) watchlists$.shown.set(rest);
    return;
  }
  const sortable = list.scrips.map((s) => {
    const v = live(s.exchange, s.token);
    const ticked = v !== undefined && v.ltp > 0;
    return { ...s, ltp: ticked ? v.ltp : s.ltp, pchg: ticked ? v.pchg : s.pchg, volume: v?.volume ?? 0, oi: v?.oi ?? 0 };
  });
  const shown = sortScrips(sortable, sort).map(scripKey);
  if (before && before.join() === shown.join()) return;
  watchlists$.shown.set({ ...rest, [key]: shown });
}

/**
 * Saves the order a pane shows as the list's custom order (sortMwScrips): exactly the rows shown,
 * in their order; true when the broker took it. Then the pane shows the broker's answer in its
 * saved order: its sort becomes the custom one, in one batch with the answer, or the pane's sort
 * (still A-Z for a moment) would fix the answered rows in its own order again, a local order the
 * broker does not hold. A scrip added in another browser keeps the broker's place, and the save
 * says where (core/watchlist/sync.ts savedOrderNote).
 */
export async function saveCustomOrder(paneId: string, list: Watchlist): Promise<boolean> {
  const rows = rowsOf(list, watchlists$.peek(), paneId);
  const payload = customOrderPayload(list.mwId, rows);
  const sent = rows.map((s) => ({ key: scripKey(s), scrip: s.tradingSymbol }));
  const r = await guarded(
    () => sortWatchlist(payload.mwId, payload.scripData),
    (a) => {
      const note = a?.scrips ? savedOrderNote(sent, a.scrips) : undefined;
      return { kind: "sort", list: list.mwName, ...(note && (note.added.length || note.deleted.length) ? { note } : {}) };
    },
  );
  const scrips = r?.scrips;
  if (!scrips) return false;
  batch(() => {
    setPaneWatch(paneId, { sort: { key: "custom", descending: false }, live: false });
    answeredHere({ mwId: list.mwId, scrips });
    const key = shownKey(paneId, list.mwId);
    const { [key]: _saved, ...rest } = watchlists$.shown.peek();
    watchlists$.shown.set(rest);
    watchlists$.byHand.set(watchlists$.byHand.peek().filter((k) => k !== key));
  });
  return true;
}

/**
 * Moves a row (by its scrip key: the row under the cursor) one place up or down in the order shown
 * (then save it with sortMwScrips). The cursor holds the row's key, so it moves with the row.
 */
export function moveRow(paneId: string, list: Watchlist, key: string, delta: number): void {
  const keys = rowsOf(list, watchlists$.peek(), paneId).map(scripKey);
  const at = keys.indexOf(key);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= keys.length) return;
  [keys[at], keys[to]] = [keys[to]!, keys[at]!];
  const shown = shownKey(paneId, list.mwId);
  batch(() => {
    watchlists$.shown.set({ ...watchlists$.shown.peek(), [shown]: keys });
    if (!watchlists$.byHand.peek().includes(shown)) watchlists$.byHand.set([...watchlists$.byHand.peek(), shown]);
  });
}

/**
 * Shows list `target` on a pane's tab `tab` (number keys). An order the trader made by hand on it
 * and did not save is shown again, as left (a trader switches lists to look, not to throw away
 * work; saving stays the trader's act, Save order), under the custom sort it was made in; else the
 * pane's sort orders it from this moment's prices.
 */
export function showList(paneId: string, tab: number, target: Watchlist, live: LiveValues): void {
  const watch = paneWatch(paneId);
  const lists = { ...watch.lists, [String(tab)]: target.mwId };
  batch(() => {
    if (watchlists$.byHand.peek().includes(shownKey(paneId, target.mwId))) {
      setPaneWatch(paneId, { lists, sort: { key: "custom", descending: false }, live: false });
    } else {
      setPaneWatch(paneId, { lists });
      sortPane(paneId, target, watch.sort, live);
    }
  });
}
