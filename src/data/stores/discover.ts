import { observable } from "@legendapp/state";
import { defaultSortOf, EQUITY_LISTS, ETF_GROUPS, isEquityList, type EquityList, type GainerLoserList, type GridSort, type MarketListName, type MarketRow } from "../../core/rules/discover";
import { fetchEquityList, fetchEtfGroups, fetchGainerLoser } from "../api/discover";
import { isOk, type Envelope } from "../api/http";
import { logError } from "./errorLog";
import { clientState, sessionEndedSince } from "./sessionReset";
import { keyedByPane } from "./paneRecords";
import { errorMessage } from "../../core/errorLog";

/**
 * The Discover pages' lists, by key ("equity:topGainers", "etf:DEBT", "scanner:Gainer"), and the
 * sort each pane chose for each list (none chosen: the list's own order, defaultSortOf). A list's rows are its membership and order; their
 * prices tick through the feed.
 */
export interface MarketList {
  loaded: boolean;
  /** The last fetch failed or was refused: the list is empty and the page says so. */
  failed: boolean;
  rows: MarketRow[];
}

export const discover$ = observable<{ lists: Record<string, MarketList>; sorts: Record<string, Record<string, GridSort> | undefined> }>({ lists: {}, sorts: {} });

/** Where a list comes from: one call fills one Invest Equity list, all ETF groups, or both scanner sides. */
export type ListSource = { kind: "equity"; list: EquityList } | { kind: "etf" } | { kind: "scanner" };

export const equityKey = (list: EquityList) => `equity:${list}`;
export const etfKey = (group: string) => `etf:${group}`;
export const scannerKey = (side: keyof GainerLoserList) => `scanner:${side}`;

/** The list a market view shows on its tab (Invest Equity's four lists, the ETF groups, the scanner's two sides). */
export function marketListOf(view: string, tab: number): MarketListName | undefined {
  if (view === "equity") return EQUITY_LISTS[tab] ?? "topGainers";
  if (view === "etf") return ETF_GROUPS[tab] ?? "INDEX BASED";
  if (view === "scanner") return tab === 1 ? "Looser" : "Gainer";
  return undefined;
}

/** The store key of a list. */
export function listKeyOf(list: MarketListName): string {
  if (isEquityList(list)) return equityKey(list);
  return list === "Gainer" || list === "Looser" ? scannerKey(list) : etfKey(list);
}

/**
 * The sort a pane's grid of `list` shows: the one the trader chose for that list in that pane, else
 * the list's own (gainers by gain). Each list keeps its own: sorting Top Losers by volume leaves
 * Top Gainers ranked by gain.
 */
export function gridSortOf(paneId: string, list: MarketListName): GridSort | undefined {
  return discover$.sorts[paneId]!.peek()?.[list] ?? defaultSortOf(list);
}

/** "Non-Ok or failure gives empty lists" (access-and-surroundings section 7). */
export async function fetchScanner(): Promise<{ lists: GainerLoserList; failed: boolean }> {
  try {
    const env = await fetchGainerLoser();
    const got = isOk(env) ? env.result[0]?.GetFOGainerLooserList : undefined;
    if (got) return { lists: { Gainer: got.Gainer ?? [], Looser: got.Looser ?? [] }, failed: false };
  } catch (err) {
    logError("ideas", `F&O gainers and losers could not be fetched: ${errorMessage(err)}`);
  }
  return { lists: { Gainer: [], Looser: [] }, failed: true };
}

const done = (rows: MarketRow[], failed: boolean): MarketList => ({ loaded: true, failed, rows });

async function rowsOf(load: () => Promise<Envelope<MarketRow>>): Promise<MarketList> {
  try {
    const env = await load();
    return isOk(env) ? done(env.result, false) : done([], true);
  } catch (err) {
    logError("network", `A market list could not be fetched: ${errorMessage(err)}`);
    return done([], true);
  }
}

/** Fetches a source and stores its lists; an answer landing after sign-out is dropped. */
export async function refreshSource(source: ListSource): Promise<void> {
  const ended = sessionEndedSince();
  if (source.kind === "scanner") {
    const { lists, failed } = await fetchScanner();
    if (ended()) return;
    discover$.lists[scannerKey("Gainer")]!.set(done(lists.Gainer, failed));
    discover$.lists[scannerKey("Looser")]!.set(done(lists.Looser, failed));
  } else if (source.kind === "equity") {
    const list = await rowsOf(() => fetchEquityList(source.list));
    if (!ended()) discover$.lists[equityKey(source.list)]!.set(list);
  } else {
    let groups: Awaited<ReturnType<typeof fetchEtfGroups>> | undefined;
    try {
      groups = await fetchEtfGroups();
    } catch (err) {
      logError("network", `ETFs could not be fetched: ${errorMessage(err)}`);
    }
    if (ended()) return;
    for (const group of ETF_GROUPS) {
      const got = groups && isOk(groups) ? groups.result.find((g) => g.group === group) : undefined;
      discover$.lists[etfKey(group)]!.set(got ? done(got.scrips, false) : done([], true));
    }
  }
}

export function setGridSort(paneId: string, list: MarketListName, sort: GridSort): void {
  discover$.sorts[paneId]!.set({ ...discover$.sorts[paneId]!.peek(), [list]: sort });
}

// Sorts are per pane (the lists are per list and shared).
keyedByPane(discover$.sorts);

clientState({ name: "discover", holds: () => discover$.peek(), reset: () => discover$.set({ lists: {}, sorts: {} }) });
