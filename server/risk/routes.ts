import type { FastifyInstance } from "fastify";
import { DEFAULT_COOLING_OFF_HOURS } from "../../src/core/rules/killSwitch.js";
import { killSwitches, turnOnKillSwitch } from "../../src/core/wire/risk.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { route } from "../http/wire.js";
import type { OrderEngine } from "../orders/engine.js";
import { RiskDesk, type RiskSay } from "./desk.js";

/**
 * The risk desk's calls (issue 33, src/core/wire/risk.ts):
 *   POST /core/v2/risk/killswitch      -> each segment's switch
 *   POST /core/v2/risk/killswitch/on   { segment, hours? } -> the switch, with the orders it cancelled
 */
export function registerRisk(app: FastifyInstance, ctx: BrokerContext, orders: OrderEngine, say: RiskSay): RiskDesk {
  const desk = new RiskDesk(ctx, orders, say);

  route(app, killSwitches, async (req) => ok(desk.list(req.userId)));

  route(app, turnOnKillSwitch, async (req) => {
    const hours = req.body.hours === undefined ? DEFAULT_COOLING_OFF_HOURS : Number(req.body.hours);
    const row = desk.turnOn(req.userId, req.body.segment, hours);
    if ("ok" in row) return fail(row.code, row.message);
    return ok([row]);
  });

  return desk;
}
