import { observable } from "@legendapp/state";
import type { ErrorCode } from "../../core/errors";
import { listedExpiry } from "../../core/rules/optionChain";
import type { OptionChain } from "../../core/types/optionChain";
import { fetchOptionChain } from "../api/optionChain";
import { isOk } from "../api/http";
import { clientState } from "./sessionReset";
import { keyedByPane } from "./paneRecords";

/**
 * Each option chain pane's loaded chain, by pane id: its contracts and the broker's figures at
 * load; the prices then tick from the feed. `key` says which symbol and expiry it answers, so a
 * pane asked for another does not show the old one as if it were.
 */
export interface ChainLoad {
  key: string;
  chain?: OptionChain;
  /** The broker's message when it refused or could not be reached. */
  error?: string;
}

/** An option chain pane's focused side: the call on the left, the put on the right. */
export type ChainSide = "CE" | "PE";

export const chains$ = keyedByPane(observable<Record<string, ChainLoad>>({}));
export const chainSides$ = keyedByPane(observable<Record<string, ChainSide>>({}));
/** Each chain pane's OI build-up window in minutes (issue 31: 5, 15 or 30), 0 when it is not shown. */
export const chainBuildUps$ = keyedByPane(observable<Record<string, number>>({}));
/** Whether each chain pane shows the ATM straddle premium line above its strikes. */
export const chainStraddles$ = keyedByPane(observable<Record<string, boolean>>({}));

// The chains as the broker answered them are the day's market: a replay's day has other expiries.
clientState({ name: "optionChains", holds: () => chains$.peek(), reset: () => chains$.set({}), day: true });
// Each pane's side, build-up window and straddle line are the trader's: they stay across a replay.
clientState({
  name: "optionChainPanes",
  holds: () => ({ sides: chainSides$.peek(), buildUps: chainBuildUps$.peek(), straddles: chainStraddles$.peek() }),
  reset: () => {
    chainSides$.set({});
    chainBuildUps$.set({});
    chainStraddles$.set({});
  },
});

/** "No such expiry in this option chain" (src/core/errors.ts). */
const EXPIRED: ErrorCode = "EC981";

/** `exchange`: the one asked for (chainExchange.ts), where an underlying's options are listed on several; none, the broker's choice. */
export const chainKey = (symbol: string, expiry: string | undefined, exchange?: string): string => `${symbol.toUpperCase()}|${expiry ?? ""}${exchange ? `|${exchange.toUpperCase()}` : ""}`;

/** Loads a pane's chain; an answer that arrives after the pane asked for another is dropped. */
export async function loadChain(paneId: string, symbol: string, expiry: string | undefined, exchange?: string): Promise<void> {
  const key = chainKey(symbol, expiry, exchange);
  chains$[paneId]!.set({ key });
  let load: ChainLoad;
  try {
    // A monthly option's month alone ("2026-12", follow.ts chainFollow): the underlying's expiries say its day.
    const month = expiry !== undefined && /^\d{4}-\d{2}$/.test(expiry);
    let e = await fetchOptionChain(symbol, month ? undefined : expiry, exchange);
    const listed = month && isOk(e) && e.result[0] ? listedExpiry(expiry, e.result[0].expiries) : null;
    if (listed && listed !== e.result[0]!.expiry) e = await fetchOptionChain(symbol, listed, exchange);
    // A layout saved before its expiry passed: show the nearest one rather than nothing.
    if (e.status === EXPIRED && expiry !== undefined) e = await fetchOptionChain(symbol, undefined, exchange);
    load = isOk(e) && e.result[0] ? { key, chain: e.result[0] } : { key, error: e.message };
  } catch {
    load = { key, error: "The option chain could not be fetched" };
  }
  if (chains$[paneId]!.key.peek() === key) chains$[paneId]!.set(load);
}

/** Puts an already fetched chain in a pane (the palette's `chain` line fetched it to check the symbol). */
export function primeChain(paneId: string, chain: OptionChain, expiry: string | undefined, exchange?: string): void {
  chains$[paneId]!.set({ key: chainKey(chain.symbol, expiry, exchange), chain });
}

export function loadedChain(paneId: string | undefined): OptionChain | undefined {
  return paneId === undefined ? undefined : chains$[paneId]!.chain.peek();
}
