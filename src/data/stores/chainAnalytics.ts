import { oiNotKnown } from "../../core/strategy/chainAnalytics";
import type { OiWindow } from "../../core/strategy/oiWindows";
import { straddlePremium, type PremiumMinute } from "../../core/strategy/straddle";
import { isOk } from "../api/http";
import { fetchOiHistory } from "../api/optionChain";

/**
 * The chain's analytics asks (issue 31), for the chain pane: the views reach the broker through
 * the data layer, never an API client of their own. Both answer undefined when the broker refused;
 * a transport failure throws (the transport already showed it).
 */

/** Which chain's history is read: its underlying, expiry and the exchange its options trade on (`chain USDINR BSE`: BSECURR's). */
export interface ChainHistoryKey {
  symbol: string;
  expiry: string;
  exchange: string | undefined;
}

/** A contract's build-up, or "no OI" where its OI is not known (chainAnalytics.ts oiNotKnown: a replayed day without its OI). */
export type BuildUps = ReadonlyMap<number, readonly OiWindow[] | "no OI">;

/** Each contract of the expiry's OI build-up windows, by token; `replay`: the broker is replaying a day. */
export async function fetchBuildUps(chain: ChainHistoryKey, replay: boolean): Promise<BuildUps | undefined> {
  const e = await fetchOiHistory(chain);
  return isOk(e) ? new Map(e.result.map((r) => [r.token, oiNotKnown(r.oi, replay) ? "no OI" : r.windows])) : undefined;
}

/** The straddle premium a minute of one call and one put (src/core/strategy/straddle.ts), from each one's per-minute series. */
export async function fetchStraddle(chain: ChainHistoryKey, callToken: number, putToken: number): Promise<readonly PremiumMinute[] | undefined> {
  const [c, p] = await Promise.all([fetchOiHistory({ ...chain, token: callToken }), fetchOiHistory({ ...chain, token: putToken })]);
  return isOk(c) && isOk(p) ? straddlePremium(c.result[0]?.series ?? [], p.result[0]?.series ?? []) : undefined;
}
