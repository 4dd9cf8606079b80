import type { BrokerContext } from "../context.js";
import { istDateKey } from "../../src/core/time.js";
import { masterFor } from "./instruments/master.js";
import { createMarket } from "./sim/market.js";
import type { Market } from "./types.js";

export type { Market } from "./types.js";

const markets = new WeakMap<BrokerContext, Market & { stop(): void }>();

/**
 * The broker's one market, created on first use for a context (so any service may ask for it
 * whatever the registration order) and stopped when the broker closes. The instrument master
 * is built for the simulated date at start-up; a broker left running across days keeps that
 * day's contracts until restarted.
 */
export function marketOf(ctx: BrokerContext): Market {
  let m = markets.get(ctx);
  if (!m) {
    const now = ctx.clock.now();
    const master = masterFor(istDateKey(now), now);
    m = createMarket({ master, clock: ctx.clock, seed: ctx.config.simSeed, tickHz: ctx.config.tickHz });
    markets.set(ctx, m);
    const created = m;
    ctx.onClose(() => created.stop());
  }
  return m;
}
