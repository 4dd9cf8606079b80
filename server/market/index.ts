import type { BrokerContext } from "../context.js";
import { istDateKey } from "../../src/core/time.js";
import { masterFor } from "./instruments/master.js";
import { createMarket } from "./sim/market.js";
import type { Market } from "./types.js";

export type { Market } from "./types.js";

/**
 * The broker's one market (server/app.ts makes it), stopped when the broker closes. The
 * instrument master is built for the simulated date at start-up; a broker left running across
 * days keeps that day's contracts until restarted.
 */
export function createBrokerMarket(ctx: BrokerContext): Market {
  const now = ctx.clock.now();
  const master = masterFor(istDateKey(now), now);
  const market = createMarket({ master, clock: ctx.clock, seed: ctx.config.simSeed, tickHz: ctx.config.tickHz });
  ctx.onClose(() => market.stop());
  return market;
}
