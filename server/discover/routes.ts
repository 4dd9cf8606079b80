import type { FastifyInstance } from "fastify";
import { equityList as equityListCall, etfGroups as etfGroupsCall, gainersAndLosers as gainersAndLosersCall } from "../../src/core/wire/discover.js";
import { route } from "../http/wire.js";
import { istDateKey } from "../../src/core/time.js";
import type { BrokerContext } from "../context.js";
import { ok } from "../envelope.js";
import type { Market } from "../market/types.js";
import { equityList, etfGroups, gainersAndLosers } from "./lists.js";

/**
 * The Discover pages' calls, from the simulator's live state on every request:
 * - GET v2/client-util/idea/get/gainer/loser (access-and-surroundings section 7): result[0].GetFOGainerLooserList;
 * - GET v2/client-util/market/equity/:list and GET v2/client-util/market/etf: the paper broker's
 *   own (the spec shows no call for Invest Equity or the ETF page), in the same envelope.
 */
export function registerDiscover(app: FastifyInstance, ctx: BrokerContext, market: Market): void {
  const today = () => istDateKey(ctx.clock.now());
  const lists = new ListCache();
  route(app, gainersAndLosersCall, async () => ok([{ GetFOGainerLooserList: lists.get("scanner", () => gainersAndLosers(market, today())) }]));
  route(app, equityListCall, async (req) => {
    const list = req.params.list;
    return ok(lists.get(list, () => equityList(market, list)));
  });
  route(app, etfGroupsCall, async () => ok(lists.get("etf", () => etfGroups(market))));
}

/** How long an answer is reused: ranking 500 shares reads 500 quotes, and every client polls. */
export const LIST_TTL_MS = 1_000;

/** Each list's last answer, reused for a second (wall time), so many clients polling cost one ranking. */
class ListCache {
  private readonly answers = new Map<string, { at: number; value: unknown }>();
  get<T>(key: string, compute: () => T): T {
    const now = Date.now();
    const hit = this.answers.get(key);
    if (hit && now - hit.at < LIST_TTL_MS) return hit.value as T;
    const value = compute();
    this.answers.set(key, { at: now, value });
    return value;
  }
}
