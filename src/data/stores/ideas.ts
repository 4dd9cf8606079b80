import { observable } from "@legendapp/state";
import { istDateKey } from "../../core/time";
import { defaultIdeaQuantity, IDEA_HORIZONS, ideaQueries, mergeIdeas, type Idea, type IdeaQuery, type IdeaStatusFilter } from "../../core/rules/ideas";
import { isOk } from "../api/http";
import { fetchIdeaDetails } from "../api/ideas";
import { logError } from "./errorLog";
import { brokerNow } from "./brokerClock";
import { clientState, sessionEndedSince } from "./sessionReset";
import { keyedByPane } from "./paneRecords";
import { errorMessage } from "../../core/errorLog";

/**
 * The ideas of each tab and product sub-tab ("tab|subTab"), the quantity the trader set per idea,
 * and each pane's status filter (All, Open or Closed Calls).
 */
export interface IdeaList {
  loaded: boolean;
  /** True when the last fetch failed: the list is then empty (section 8), and the page says so. */
  failed: boolean;
  ideas: Idea[];
}

export const ideas$ = observable<{ lists: Record<string, IdeaList>; quantities: Record<string, number>; statusFilter: Record<string, IdeaStatusFilter> }>({
  lists: {},
  quantities: {},
  statusFilter: {},
});
// The status filter is per pane (lists and quantities are per list and per idea).
keyedByPane(ideas$.statusFilter);

export const ideaListKey = (tab: number, subTab: number): string => `${tab}|${subTab}`;

async function answer(query: IdeaQuery): Promise<Idea[]> {
  const env = await fetchIdeaDetails(query);
  if (!isOk(env)) throw new Error(env.message);
  return env.result[0]?.data ?? [];
}

/** Open and closed ideas of a tab and horizon, fetched together and merged. */
export async function refreshIdeas(tab: number, subTab: number): Promise<void> {
  const key = ideaListKey(tab, subTab);
  const q = ideaQueries(tab, IDEA_HORIZONS[subTab] ?? "short_term", istDateKey(new Date(brokerNow() ?? Date.now())));
  // An answer for the last client, landing after their sign-out, must not fill the reset store.
  const ended = sessionEndedSince();
  try {
    const [open, closed] = await Promise.all([answer(q.open), answer(q.closed)]);
    if (ended()) return;
    ideas$.lists[key]!.set({ loaded: true, failed: false, ideas: mergeIdeas(open, closed) });
  } catch (err) {
    if (ended()) return;
    logError("ideas", `Idea fetch failed: ${errorMessage(err)}`);
    ideas$.lists[key]!.set({ loaded: true, failed: true, ideas: [] });
  }
}

/** The quantity the trader set on an idea, else its default ("10 for equity, otherwise the lot size"). */
export function ideaQuantity(idea: Idea): number {
  return ideas$.quantities[String(idea.idea_id)]!.peek() ?? defaultIdeaQuantity(idea);
}

export function setIdeaQuantity(ideaId: number, quantity: number): void {
  ideas$.quantities[String(ideaId)]!.set(quantity);
}

export function setIdeaStatusFilter(paneId: string, filter: IdeaStatusFilter): void {
  ideas$.statusFilter[paneId]!.set(filter);
}

export function findIdea(ideaId: number): Idea | undefined {
  for (const list of Object.values(ideas$.lists.peek())) {
    const found = list.ideas.find((i) => i.idea_id === ideaId);
    if (found) return found;
  }
  return undefined;
}

clientState({ name: "ideas", holds: () => ideas$.peek(), reset: () => ideas$.set({ lists: {}, quantities: {}, statusFilter: {} }) });
