import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE, type ErrorCode } from "../../src/core/errors.js";
import { alertValueProblem, MAX_ACTIVE_ALERTS, type Alert, type AlertMessage, type AlertSpec } from "../../src/core/rules/alerts.js";
import { hasOpenInterest, needsOpenInterest, valueFromMarket } from "../../src/core/rules/alertCondition.js";
import { alertOrderProblem } from "../../src/core/rules/alertOrder.js";
import { istTime } from "../../src/core/time.js";
import { alerts as alertsCall, cancelAlert, createAlert, modifyAlert, type AlertModifyBody } from "../../src/core/wire/alerts.js";
import { route } from "../http/wire.js";
import type { BrokerContext } from "../context.js";
import { fail, ok, type Envelope } from "../envelope.js";
import type { Instrument, Market } from "../market/types.js";
import { AlertEngine } from "./engine.js";
import { AlertStore, type StoredAlert } from "./store.js";

const refuse = (code: ErrorCode, detail?: string) => fail(code, detail ? `${ERROR_CATALOGUE[code]}: ${detail}` : ERROR_CATALOGUE[code]);

/**
 * Price alerts under /core/v2/alerts (Tape's paths; the spec names the dialog, not the calls):
 * POST creates { exchange, token, condition, value } (src/core/rules/alertCondition.ts), GET lists the user's
 * active and recently fired alerts, PUT /core/v2/alerts/:alertId modifies an active one's terms,
 * DELETE /core/v2/alerts/:alertId cancels an active one.
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

  /**
   * What a create and a modify both check of an alert's terms on its instrument: the condition fits
   * it (EC730), the value (EC990; the day's high or low taken now, EC731), and what it places (EC732,
   * EC714). The terms to keep, or the refusal.
   */
  const checkTerms = (userId: string, inst: Instrument, b: AlertModifyBody): { terms: Omit<AlertSpec, "exchange" | "token"> } | { refused: Envelope<never> } => {
    const no = (code: ErrorCode, detail?: string) => ({ refused: refuse(code, detail) });
    if (needsOpenInterest(b.condition) && !hasOpenInterest(inst.insType)) return no("EC730", `${inst.tradingSymbol} is ${inst.insType === "INDEX" ? "an index" : "a share"}`);
    // DAY_HIGH and DAY_LOW cross the day's high or low as it stands now (src/core/rules/alertCondition.ts).
    let value = Number(b.value);
    if (valueFromMarket(b.condition)) {
      const q = market.quote(inst.exchange, inst.token);
      value = (b.condition === "DAY_HIGH" ? q?.high : q?.low) ?? 0;
      if (!(value > 0)) return no("EC731", inst.tradingSymbol);
    } else if (b.value === undefined) return no("EC990", "give a value");
    const problem = alertValueProblem(b.condition, value);
    if (problem) return no("EC990", problem);
    const thenBasketId = b.thenBasketId === undefined ? undefined : Number(b.thenBasketId);
    if (thenBasketId !== undefined && b.thenOrder) return no("EC732", "link a basket or an order line, not both");
    if (thenBasketId !== undefined && !alertOrders?.owns(userId, thenBasketId)) return no("EC714", `no basket ${thenBasketId} of yours`);
    let thenOrder = b.thenOrder;
    if (thenOrder) {
      const contract = market.instrument(thenOrder.exchange, thenOrder.token);
      if (!contract) return no("EC732", `no instrument ${thenOrder.token} on ${thenOrder.exchange}`);
      const bad = alertOrderProblem(thenOrder, contract);
      if (bad) return no("EC732", `${thenOrder.line}: ${bad}`);
      thenOrder = { ...thenOrder, tradingSymbol: contract.tradingSymbol };
    }
    return { terms: { condition: b.condition, value, ...(thenBasketId !== undefined ? { thenBasketId } : {}), ...(thenOrder ? { thenOrder } : {}) } };
  };

  route(app, createAlert, async (req) => {
    const b = req.body;
    const inst = market.instrument(b.exchange, Number(b.token));
    if (!inst) return refuse("EC902");
    const checked = checkTerms(req.userId, inst, b);
    if ("refused" in checked) return checked.refused;
    if (store.activeCount(req.userId) >= MAX_ACTIVE_ALERTS) return refuse("EC990", `you can keep at most ${MAX_ACTIVE_ALERTS} active alerts`);
    const a = store.insert(req.userId, { exchange: inst.exchange, token: inst.token, ...checked.terms }, ctx.clock.now());
    engine.track(a);
    return ok([shown(a)]);
  });

  // an active alert's terms are replaced; its instrument, id and creation stay. A fired one has done its work (EC735).
  route(app, modifyAlert, async (req) => {
    const a = store.get(Number(req.params.alertId));
    if (!a || a.userId !== req.userId) return refuse("EC978");
    const inst = market.instrument(a.exchange, a.token);
    const symbol = inst?.tradingSymbol ?? String(a.token);
    const done = (x: StoredAlert) => `the ${symbol} alert ${x.status === "TRIGGERED" ? `fired at ${istTime(x.triggeredAt ?? undefined)} IST` : "was cancelled"}`;
    if (a.status !== "ACTIVE") return refuse("EC735", done(a));
    if (!inst) return refuse("EC902");
    const checked = checkTerms(req.userId, inst, req.body);
    if ("refused" in checked) return checked.refused;
    if (!store.modify(req.userId, a.alertId, checked.terms)) return refuse("EC735", done(store.get(a.alertId) ?? a));
    // The engine holds the alert as it was: it watches the new terms from now on.
    engine.untrack(a);
    const now = store.get(a.alertId)!;
    engine.track(now);
    return ok([shown(now)]);
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
