import { observable } from "@legendapp/state";
import { fetchHoldings, fetchLimits, fetchPositions, type ListAnswer } from "../api/portfolio";
import { bnplHoldings, mergeBnpl } from "../../core/rules/holdings";
import { clientState, sessionEndedSince } from "./sessionReset";
import { POSITION_TABS, positionsForTab, sortOpenFirst } from "../../core/rules/positions";
import type { Exchange, FundsLimit, Holding, HoldingView, Position } from "../../core/types";

/**
 * Positions, holdings and funds limits as the broker last answered them. Live prices are not
 * kept here: the quote store owns them and each grid cell observes its own field, so a tick
 * never re-renders a list (DESIGN.md section 2).
 */
export interface Loaded<T> {
  rows: T[];
  /** false until the first answer: the panes say "loading", not "no positions". */
  loaded: boolean;
  /** The EC status of an error answer (EC920 "no positions", EC922 "no holdings"). */
  errorStatus?: string;
  message?: string;
}

const empty = <T>(): Loaded<T> => ({ rows: [], loaded: false });

export const positions$ = observable<Loaded<Position>>(empty<Position>());
export const holdings$ = observable<Loaded<Holding>>(empty<Holding>());
export const limits$ = observable<Loaded<FundsLimit>>(empty<FundsLimit>());

function keep<T>(answer: ListAnswer<T>): Loaded<T> {
  return { rows: answer.rows, loaded: true, errorStatus: answer.errorStatus, message: answer.message };
}

/**
 * HTTP failures were already told by the HTTP layer (data/api/http.ts); the last good rows stay
 * on screen. An answer that lands after the session ended is the last client's: dropped.
 */
async function answerOf<T>(fetcher: () => Promise<ListAnswer<T>>): Promise<Loaded<T> | undefined> {
  const ended = sessionEndedSince();
  try {
    const answer = await fetcher();
    return ended() ? undefined : keep(answer);
  } catch {
    return undefined;
  }
}

export async function refreshPositions(): Promise<void> {
  const next = await answerOf(fetchPositions);
  if (next) positions$.set(next);
}

export async function refreshHoldings(): Promise<void> {
  const next = await answerOf(fetchHoldings);
  if (next) holdings$.set(next);
}

export async function refreshLimits(): Promise<void> {
  const next = await answerOf(fetchLimits);
  if (next) limits$.set(next);
}

clientState({ name: "positions", holds: () => positions$.peek(), reset: () => positions$.set(empty<Position>()) });
clientState({ name: "holdings", holds: () => holdings$.peek(), reset: () => holdings$.set(empty<Holding>()) });
clientState({ name: "limits", holds: () => limits$.peek(), reset: () => limits$.set(empty<FundsLimit>()) });

/** The rows a positions tab lists: its segments, open positions first, closed after. */
export function positionRows(rows: readonly Position[], tab: number): Position[] {
  const codes = (POSITION_TABS[tab] ?? POSITION_TABS[0]!).codes;
  return sortOpenFirst(positionsForTab(rows, codes));
}

/** The rows a holdings tab lists: Stocks every holding (BNPL merged in), BNPL those that carry BNPL quantity. */
export function holdingRows(rows: readonly Holding[], tab: number): HoldingView[] {
  const merged = mergeBnpl(rows);
  return tab === 1 ? bnplHoldings(merged) : merged;
}

/** The holding's exchange and token: NSE when it trades there, else BSE. */
export function holdingInstrument(h: Pick<Holding, "nseInstrumentId" | "bseInstrumentId" | "nseTradingSymbol" | "bseTradingSymbol">): { exchange: Exchange; token: string; symbol: string } {
  if (h.nseInstrumentId) return { exchange: "NSEEQ", token: h.nseInstrumentId, symbol: h.nseTradingSymbol };
  return { exchange: "BSEEQ", token: h.bseInstrumentId, symbol: h.bseTradingSymbol };
}
