import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { DEFAULT_COOLING_OFF_HOURS } from "../../src/core/rules/killSwitch.js";
import { lossLimitsProblem, type LossLimits } from "../../src/core/rules/lossLimits.js";
import { killSwitches, lossLimits, setLossLimits, turnOnKillSwitch } from "../../src/core/wire/risk.js";
import type { Market } from "../market/types.js";
import { LossLimitWatch } from "./lossLimits.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { route } from "../http/wire.js";
import type { OrderEngine } from "../orders/engine.js";
import { RiskDesk, type RiskSay } from "./desk.js";

/**
 * The risk desk's calls (issue 33, src/core/wire/risk.ts):
 *   POST /core/v2/risk/killswitch      -> each segment's switch
 *   POST /core/v2/risk/killswitch/on   { segment, hours? } -> the switch, with the orders it cancelled
 *   POST /core/v2/risk/limits          -> the daily loss limits, the day's figures, the headroom of each
 *   POST /core/v2/risk/limits/set      { maxLoss?, maxOrders?, maxPositionValue?, squareOff? } -> the same
 */
export function registerRisk(app: FastifyInstance, ctx: BrokerContext, market: Market, orders: OrderEngine, say: RiskSay): RiskDesk {
  const desk = new RiskDesk(ctx, orders, say);
  const limits = new LossLimitWatch(ctx, market, orders, desk);
  desk.orderLimit = (userId, now) => limits.orderRefusal(userId, now);
  desk.lossLimitFigure = (userId) => limits.trippedFigure(userId);
  ctx.onClose(() => limits.stop());

  route(app, killSwitches, async (req) => ok(desk.list(req.userId)));

  route(app, turnOnKillSwitch, async (req) => {
    const hours = req.body.hours === undefined ? DEFAULT_COOLING_OFF_HOURS : Number(req.body.hours);
    const row = desk.turnOn(req.userId, req.body.segment, hours);
    if ("ok" in row) return fail(row.code, row.message);
    return ok([row]);
  });

  route(app, lossLimits, async (req) => ok([limits.row(req.userId)]));

  route(app, setLossLimits, async (req) => {
    const b = req.body;
    const amount = (v: number | string | undefined) => (v === undefined || Number(v) === 0 ? null : Number(v));
    const next: LossLimits = { maxLoss: amount(b.maxLoss), maxOrders: amount(b.maxOrders), maxPositionValue: amount(b.maxPositionValue), squareOff: b.squareOff === true };
    const problem = lossLimitsProblem(next);
    if (problem) return fail("EC713", `${ERROR_CATALOGUE.EC713}: ${problem}`);
    limits.setLimits(req.userId, next);
    return ok([limits.row(req.userId)]);
  });

  return desk;
}
