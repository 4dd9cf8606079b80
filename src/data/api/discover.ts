import type { EquityList } from "../../core/rules/discover";
import * as wire from "../../core/wire/discover";
import { send } from "./send";

/** GET v2/client-util/idea/get/gainer/loser (access-and-surroundings section 7). */
export const fetchGainerLoser = () => send(wire.gainersAndLosers, {});

/** The paper broker's Invest Equity list (server/discover/README.md). */
export const fetchEquityList = (list: EquityList) => send(wire.equityList, { params: { list } });

/** The paper broker's ETF groups (server/discover/README.md). */
export const fetchEtfGroups = () => send(wire.etfGroups, {});
