import { observable } from "@legendapp/state";
import { addScrips, deleteScrips, getAllWatchlists, renameWatchlist, sortWatchlist, type ScripRef, type Watchlist, type WatchlistChange, type WatchlistScrip } from "../api/watchlist";
import type { Envelope } from "../api/http";
import type { Exchange } from "../../core/types/exchange";
import { notify } from "../../core/notify";
import { customOrderPayload, nextSort, sortScrips, type WatchlistSort, type WatchlistSortKey } from "../../core/watchlist/sort";
import { listForTab, orderedScrips, scripKey } from "../../core/watchlist/view";
import { clientState, sessionEndedSince } from "./sessionReset";
import { isMarketWatchSuccess } from "../../core/http/success";

/**
 * The watchlists as the broker last answered them, the sort last pressed and the order it
 * fixed. The row cursor is each pane's own (commands/listCursor.ts). Live prices are not here: the quote store owns them and each
 * grid cell observes its own field (DESIGN.md section 2).
 */
export interface WatchlistState {
  lists: Watchlist[];
  loaded: boolean;
  sort: WatchlistSort;
  /** Per list id: the order a sort button fixed (scrip keys), until the list is saved or changed. */
  shown: Record<string, string[]>;
}

const initialWatchlists = (): WatchlistState => ({ lists: [], loaded: false, sort: { key: "custom", descending: false }, shown: {} });

export const watchlists$ = observable<WatchlistState>(initialWatchlists());
clientState({ name: "watchlists", holds: () => watchlists$.peek(), reset: () => watchlists$.set(initialWatchlists()) });

/** Live values for a sort, read without subscribing; a source so the pane can pass the quote store's. */
export type LiveValues = (exchange: Exchange, token: number) => { ltp: number; pchg: number } | undefined;

export function currentList(tab: number): Watchlist | undefined {
  return listForTab(watchlists$.lists.peek(), tab);
}

export function rowsOf(list: Watchlist | undefined, shown: Record<string, string[]>): WatchlistScrip[] {
  return list ? orderedScrips(list.scrips, shown[String(list.mwId)]) : [];
}

export async function loadWatchlists(): Promise<void> {
  const ended = sessionEndedSince();
  try {
    const e = await getAllWatchlists();
    if (ended()) return;
    if (!isMarketWatchSuccess(e)) {
      notify({ kind: "danger", text: e.message });
      return;
    }
    watchlists$.assign({ lists: e.result, loaded: true });
  } catch {
    // HTTP failures were told by the HTTP layer; the last good lists stay on screen.
  }
}

/** A list's scrips replaced by the broker's answer (add, delete, sort answer the whole list). */
function replaceScrips(mwId: number, scrips: WatchlistScrip[]): void {
  const lists = watchlists$.lists.peek().map((l) => (l.mwId === mwId ? { ...l, scrips } : l));
  watchlists$.lists.set(lists);
}

/** "Failed watchlist operations show the server message"; success shows the ECMW message too. */
function tell(e: Envelope<WatchlistChange>): WatchlistChange | undefined {
  if (!isMarketWatchSuccess(e)) {
    notify({ kind: "danger", text: e.message });
    return undefined;
  }
  notify({ kind: "success", text: e.message });
  return e.result[0];
}

async function guarded(f: () => Promise<Envelope<WatchlistChange>>): Promise<WatchlistChange | undefined> {
  try {
    return tell(await f());
  } catch {
    return undefined;
  }
}

export async function addToWatchlist(mwId: number, scrip: ScripRef): Promise<boolean> {
  const r = await guarded(() => addScrips(mwId, [scrip]));
  if (r?.scrips) replaceScrips(mwId, r.scrips);
  return r !== undefined;
}

export async function removeFromWatchlist(mwId: number, scrip: ScripRef): Promise<boolean> {
  const r = await guarded(() => deleteScrips(mwId, [scrip]));
  if (r?.scrips) replaceScrips(mwId, r.scrips);
  return r !== undefined;
}

export async function renameList(mwId: number, name: string): Promise<boolean> {
  const r = await guarded(() => renameWatchlist(mwId, name));
  if (r?.mwName !== undefined) {
    const mwName = r.mwName;
    watchlists$.lists.set(watchlists$.lists.peek().map((l) => (l.mwId === mwId ? { ...l, mwName } : l)));
  }
  return r !== undefined;
}

/** A sort button: the order is fixed from the prices of this moment; pressing it again reverses. */
export function pressSort(list: Watchlist, pressed: Exclude<WatchlistSortKey, "custom">, live: LiveValues): void {
  const sort = nextSort(watchlists$.sort.peek(), pressed);
  const sortable = list.scrips.map((s) => {
    const v = live(s.exchange, s.token);
    return { ...s, ltp: v && v.ltp > 0 ? v.ltp : s.ltp, pchg: v && v.ltp > 0 ? v.pchg : s.pchg };
  });
  const shown = sortScrips(sortable, sort).map(scripKey);
  watchlists$.assign({ sort, shown: { ...watchlists$.shown.peek(), [String(list.mwId)]: shown } });
}

/** Saves the order on screen as the list's custom order (sortMwScrips). */
export async function saveCustomOrder(list: Watchlist): Promise<void> {
  const rows = rowsOf(list, watchlists$.shown.peek());
  const payload = customOrderPayload(list.mwId, rows);
  const r = await guarded(() => sortWatchlist(payload.mwId, payload.scripData));
  if (r?.scrips) {
    replaceScrips(list.mwId, r.scrips);
    const { [String(list.mwId)]: _saved, ...rest } = watchlists$.shown.peek();
    watchlists$.assign({ shown: rest, sort: { key: "custom", descending: false } });
  }
}

/**
 * Moves a row (by its scrip key: the row under the cursor) one place up or down in the order shown
 * (then save it with sortMwScrips). The cursor holds the row's key, so it moves with the row.
 */
export function moveRow(list: Watchlist, key: string, delta: number): void {
  const keys = rowsOf(list, watchlists$.shown.peek()).map(scripKey);
  const at = keys.indexOf(key);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= keys.length) return;
  [keys[at], keys[to]] = [keys[to]!, keys[at]!];
  watchlists$.shown.set({ ...watchlists$.shown.peek(), [String(list.mwId)]: keys });
}
