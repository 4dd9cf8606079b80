import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE, type ErrorCode } from "../../src/core/errors.js";
import { alertValueProblem, MAX_ACTIVE_ALERTS, type Alert, type AlertMessage } from "../../src/core/rules/alerts.js";
import { hasOpenInterest, needsOpenInterest, valueFromMarket } from "../../src/core/rules/alertCondition.js";
import { alertOrderProblem } from "../../src/core/rules/alertOrder.js";
import { alerts as alertsCall, cancelAlert, createAlert } from "../../src/core/wire/alerts.js";
import { route } from "../http/wire.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import type { Market } from "../market/types.js";
import { AlertEngine } from "./engine.js";
import { AlertStore, type StoredAlert } from "./store.js";

const refuse = (code: ErrorCode, detail?: string) => fail(code, detail ? `${ERROR_CATALOGUE[code]}: ${detail}` : ERROR_CATALOGUE[code]);

/**
 * Price alerts under /core/v2/alerts (Tape's paths; the spec names the dialog, not the calls):
 * POST creates { exchange, token, condition, value } (src/core/rules/alertCondition.ts), GET lists the user's
 * active and recently fired alerts, DELETE /core/v2/alerts/:alertId cancels an active one.
 */
export function registerAlerts(
  app: FastifyInstance,
  ctx: BrokerContext,
  market: Market,
  deliver: (userId: string, m: AlertMessage) => void,
  /** Alert triggers orders (issue 33, server/risk/alertOrders.ts): places a fired alert's basket and says what became of it. */
  alertOrders?: { owns(userId: string, basketId: number): boolean; place(a: StoredAlert): string },
): AlertEngine {
  const store = new AlertStore(ctx.db);
  const engine = new AlertEngine(ctx, market, store, deliver, alertOrders ? (a) => store.noteOrders(a.alertId, alertOrders.place(a)) : undefined);
  engine.start();
  ctx.onClose(() => engine.stop());
  const shown = (a: StoredAlert): Alert => {
    const { userId: _user, ...rest } = a;
    return { ...rest, tradingSymbol: market.instrument(a.exchange, a.token)?.tradingSymbol ?? String(a.token) };
  };

  route(app, createAlert, async (req) => {
    const b = req.body;
    const inst = market.instrument(b.exchange, Number(b.token));
    if (!inst) return refuse("EC902");
    if (needsOpenInterest(b.condition) && !hasOpenInterest(inst.insType)) return refuse("EC730", `${inst.tradingSymbol} is ${inst.insType === "INDEX" ? "an index" : "a share"}`);
    // DAY_HIGH and DAY_LOW cross the day's high or low as it stands now (src/core/rules/alertCondition.ts).
    let value = Number(b.value);
    if (valueFromMarket(b.condition)) {
      const q = market.quote(inst.exchange, inst.token);
      value = (b.condition === "DAY_HIGH" ? q?.high : q?.low) ?? 0;
      if (!(value > 0)) return refuse("EC731", inst.tradingSymbol);
    } else if (b.value === undefined) return refuse("EC990", "give a value");
    const problem = alertValueProblem(b.condition, value);
    if (problem) return refuse("EC990", problem);
    if (store.activeCount(req.userId) >= MAX_ACTIVE_ALERTS) return refuse("EC990", `you can keep at most ${MAX_ACTIVE_ALERTS} active alerts`);
    const thenBasketId = b.thenBasketId === undefined ? undefined : Number(b.thenBasketId);
    if (thenBasketId !== undefined && b.thenOrder) return refuse("EC732", "link a basket or an order line, not both");
    if (thenBasketId !== undefined && !alertOrders?.owns(req.userId, thenBasketId)) return refuse("EC714", `no basket ${thenBasketId} of yours`);
    let thenOrder = b.thenOrder;
    if (thenOrder) {
      const contract = market.instrument(thenOrder.exchange, thenOrder.token);
      if (!contract) return refuse("EC732", `no instrument ${thenOrder.token} on ${thenOrder.exchange}`);
      const bad = alertOrderProblem(thenOrder, contract);
      if (bad) return refuse("EC732", `${thenOrder.line}: ${bad}`);
      thenOrder = { ...thenOrder, tradingSymbol: contract.tradingSymbol };
    }
    const a = store.insert(req.userId, { exchange: inst.exchange, token: inst.token, condition: b.condition, value, ...(thenBasketId !== undefined ? { thenBasketId } : {}), ...(thenOrder ? { thenOrder } : {}) }, ctx.clock.now());
    engine.track(a);
    return ok([shown(a)]);
  });

  route(app, alertsCall, async (req) => ok(store.list(req.userId).map(shown)));

  route(app, cancelAlert, async (req) => {
    const a = store.get(Number(req.params.alertId));
    if (!a || a.userId !== req.userId || !store.cancel(req.userId, a.alertId)) return refuse("EC978");
    engine.untrack(a);
    return ok([{ alertId: a.alertId }]);
  });

  return engine;
}
