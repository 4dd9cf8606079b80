import type { BrokerContext } from "../context.js";
import { istDateKey } from "../../src/core/time.js";
import { masterFor } from "./instruments/master.js";
import { createMarket, type SimMarket } from "./sim/market.js";
import { loadSavedDay } from "./simDay.js";

export type { Market } from "./types.js";

/**
 * The broker's one market (server/app.ts makes it), stopped when the broker closes. The
 * instrument master is built for the simulated date at start-up; a broker left running across
 * days keeps that day's contracts until restarted. A restart on the same trading date carries on
 * with the day's figures as last saved.
 */
export function createBrokerMarket(ctx: BrokerContext): SimMarket {
  const now = ctx.clock.now();
  const master = masterFor(istDateKey(now), now);
  const market = createMarket({ master, clock: ctx.clock, seed: ctx.config.simSeed, tickHz: ctx.config.tickHz });
  // The same trading date as the last snapshot: the day carries on (server/market/simDay.ts).
  const saved = loadSavedDay(ctx.db, istDateKey(now));
  if (saved) market.resumeDay(saved);
  ctx.onClose(() => market.stop());
  return market;
}
