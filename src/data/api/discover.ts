import type { EquityList, EtfGroupList, GainerLoserList, MarketRow } from "../../core/rules/discover";
import { call, type Envelope } from "./http";
import { coreApi } from "./services";

/** GET v2/client-util/idea/get/gainer/loser (access-and-surroundings section 7). */
export const fetchGainerLoser = (): Promise<Envelope<{ GetFOGainerLooserList?: Partial<GainerLoserList> }>> =>
  call(coreApi, "v2/client-util/idea/get/gainer/loser", { method: "get" });

/** The paper broker's Invest Equity list (server/discover/README.md). */
export const fetchEquityList = (list: EquityList): Promise<Envelope<MarketRow>> => call<MarketRow>(coreApi, `v2/client-util/market/equity/${list}`, { method: "get" });

/** The paper broker's ETF groups (server/discover/README.md). */
export const fetchEtfGroups = (): Promise<Envelope<EtfGroupList>> => call<EtfGroupList>(coreApi, "v2/client-util/market/etf", { method: "get" });
