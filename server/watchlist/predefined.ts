import { DEFAULT_PREDEFINED_MW_ID } from "../../src/core/watchlist/ecmw.js";
import { NIFTY_50, SENSEX_CODES } from "../market/instruments/equities.js";
import type { Market } from "../market/types.js";
import type { ScripRef } from "./store.js";

/** The broker's predefined lists (isEdit false): the NIFTY 50 shares on NSE, the SENSEX shares on BSE, the main indices. */
export interface PredefinedList {
  mwId: number;
  mwName: string;
  scrips(market: Market): ScripRef[];
}

export const PREDEFINED_LISTS: readonly PredefinedList[] = [
  {
    mwId: DEFAULT_PREDEFINED_MW_ID,
    mwName: "NIFTY 50",
    scrips: (m) => [...NIFTY_50].sort().flatMap((s) => {
      const i = m.bySymbol("NSEEQ", s);
      return i ? [{ exchange: i.exchange, token: i.token }] : [];
    }),
  },
  {
    mwId: 2,
    mwName: "SENSEX",
    scrips: (m) => [...SENSEX_CODES.keys()].sort().flatMap((s) => {
      const i = m.bySymbol("BSEEQ", s);
      return i ? [{ exchange: i.exchange, token: i.token }] : [];
    }),
  },
  {
    mwId: 3,
    mwName: "Indices",
    scrips: (m) => m.instruments().filter((i) => i.isIndex).map((i) => ({ exchange: i.exchange, token: i.token })),
  },
];
