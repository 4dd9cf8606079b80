import { observable } from "@legendapp/state";
import type { Exchange } from "../../core/types/exchange";
import { KEYS, readJson, writeJson } from "../storage";
import { clientState } from "./sessionReset";

/** The instrument the depth and chart panes show: the last one chosen anywhere. Applied on start (router guard). */
export interface ActiveScrip {
  exchange: Exchange;
  token: number;
  tradingSymbol: string;
}

export const activeScrip$ = observable<{ scrip: ActiveScrip | undefined }>({ scrip: readJson<ActiveScrip | undefined>(KEYS.activeScrip, undefined) });
// Local storage's copy goes with the rest of the client's keys (endSession).
clientState({ name: "activeScrip", holds: () => activeScrip$.peek(), reset: () => activeScrip$.set({ scrip: undefined }) });

export function setActiveScrip(s: ActiveScrip): void {
  activeScrip$.scrip.set(s);
  writeJson(KEYS.activeScrip, s);
}
