import { observable } from "@legendapp/state";
import type { MarketStatusEntry } from "../../core/types/contract";
import { fetchMarketStatus } from "../api/orders";
import { clientState, sessionEndedSince } from "./sessionReset";

/** Settings › Markets' market status: "GetMarket entries with Exch, ExchType, AMO", as the broker last answered them. */
export type MarketStatus = { state: "loading" } | { state: "error" } | { state: "ready"; entries: MarketStatusEntry[] };

export const marketStatus$ = observable<{ status: MarketStatus }>({ status: { state: "loading" } });
clientState({ name: "marketStatus", holds: () => marketStatus$.peek(), reset: () => marketStatus$.status.set({ state: "loading" }) });

export async function refreshMarketStatus(): Promise<void> {
  const ended = sessionEndedSince();
  marketStatus$.status.set({ state: "loading" });
  try {
    const entries = await fetchMarketStatus();
    if (!ended()) marketStatus$.status.set({ state: "ready", entries });
  } catch {
    if (!ended()) marketStatus$.status.set({ state: "error" });
  }
}
