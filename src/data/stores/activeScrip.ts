import { observable } from "@legendapp/state";
import type { Exchange } from "../../core/types/exchange";
import { KEYS, readJson, writeJson } from "../storage";

/** The instrument the depth and chart panes show: the last one chosen anywhere. Applied on start (router guard). */
export interface ActiveScrip {
  exchange: Exchange;
  token: number;
  tradingSymbol: string;
}

export const activeScrip$ = observable<{ scrip: ActiveScrip | undefined }>({ scrip: readJson<ActiveScrip | undefined>(KEYS.activeScrip, undefined) });

export function setActiveScrip(s: ActiveScrip): void {
  activeScrip$.scrip.set(s);
  writeJson(KEYS.activeScrip, s);
}
