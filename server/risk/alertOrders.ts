import { isSuccess } from "../../src/core/http/success.js";
import { alertOrderNote, conditionShort } from "../../src/core/rules/alerts.js";
import { legOrderRequest } from "../../src/core/rules/basketRun.js";
import type { BrokerContext } from "../context.js";
import type { StoredAlert } from "../alerts/store.js";
import type { AlertOrderLeg } from "../../src/core/rules/alerts.js";
import { basketLegs, lastRun, ownBasket } from "../basket/store.js";
import { beginKeptRun, keepRefusals } from "../basket/runs.js";
import { basketRunMessage, type BasketRunMessage } from "../../src/core/rules/basketRunMessage.js";
import type { Market } from "../market/types.js";
import type { OrderEngine } from "../orders/engine.js";
import type { RiskDesk } from "./desk.js";

/**
 * Alert triggers orders (issue 33, after Kite's): a fired alert places its basket (or its one order
 * line) once, through
 * the order engine's in-process door (so the kill switch and the loss limits meet it like any
 * order), each leg under a key of the alert's own (`ato-<alertId>`), so a leg is never placed
 * twice. It answers the note kept on the alert, and tells the app on the order topic.
 *
 * A basket's firing is also its last run, `ato-<alertId>`, kept as a window's firing keeps it
 * (basket/runs.ts): the legs' keys are that run's, so the Last run column shows what went and `f`
 * afterwards retries only the legs the alert could not place; a confirmation opened before the
 * alert fired is refused (EC969). `tell` says the run changed on the order topic (basketRunMessage.ts).
 */
export function alertOrders(ctx: Pick<BrokerContext, "db" | "log" | "clock">, market: Market, orders: OrderEngine, desk: RiskDesk, tell: (userId: string, m: BasketRunMessage) => void = () => {}) {
  const lastRunId = (basketId: number) => lastRun(ctx.db, basketId)?.runId ?? "";
  return {
    owns: (userId: string, basketId: number) => ownBasket(ctx.db, userId, basketId) !== undefined,
    place(a: StoredAlert): string {
      const basket = a.thenBasketId === null ? undefined : ownBasket(ctx.db, a.userId, a.thenBasketId);
      const symbol = market.instrument(a.exchange, a.token)?.tradingSymbol ?? String(a.token);
      const head = `Alert ${symbol} ${conditionShort(a)}`;
      if (a.thenOrder) return this.placeLine(a, a.thenOrder, head);
      if (!basket) {
        const note = "its basket no longer exists: nothing placed";
        desk.tell(a.userId, "alert orders", `${head}: ${note}`);
        return note;
      }
      const legs = basketLegs(ctx.db, basket.basketId);
      const runId = `ato-${a.alertId}`;
      // Decision: the alert's firing is a new run that replaces the last whatever it was (the trader
      // linked the basket to fire whole when the alert fires, as Shift+F does); a basket with no legs
      // places nothing and keeps no run. Fired at the alert's own moment when the engine gives it.
      const kept = legs.length > 0 && typeof beginKeptRun(ctx.db, market, a.userId, basket.basketId, { runId, replaces: lastRunId(basket.basketId), scripIds: legs.map((l) => l.scripId) }, a.triggeredAt ?? ctx.clock.now().toISOString()) !== "string";
      const placed: string[] = [];
      const refused: string[] = [];
      const refusals: Array<{ scripId: number; code: string; message: string }> = [];
      for (const leg of legs) {
        const r = orders.placeOrder(a.userId, legOrderRequest(leg, runId, !market.isOpen(leg.exchange)));
        if (isSuccess(r)) placed.push(r.orderNo);
        else {
          refused.push(`${market.instrument(leg.exchange, leg.token)?.tradingSymbol ?? leg.token} ${r.status} ${r.message}`);
          // The code and message a window's firing keeps (rules/basketRun.ts fireLegs: the envelope's status and message).
          refusals.push({ scripId: leg.scripId, code: r.status, message: r.message });
        }
      }
      if (kept) {
        keepRefusals(ctx.db, basket.basketId, runId, refusals);
        tell(a.userId, basketRunMessage(basket.basketId));
      }
      const note = `basket ${basket.basketName}: ${placed.length} of ${legs.length} placed${placed.length ? ` (${placed.join(", ")})` : ""}${refused.length ? `; refused: ${refused.join("; ")}` : ""}`;
      desk.tell(a.userId, "alert orders", `${head}: ${note}`);
      ctx.log.info({ alertId: a.alertId, placed, refused }, "alert placed its basket");
      return note;
    },
    /** One order line (issue 33): placed as a basket leg of its own under the same key, so it too goes once. */
    placeLine(a: StoredAlert, o: AlertOrderLeg, head: string): string {
      const leg = { scripId: 1, exchange: o.exchange, token: o.token, transType: o.transType, qty: o.qty, product: o.product, orderType: o.orderType, price: o.price, trigger: o.trigger };
      const r = orders.placeOrder(a.userId, legOrderRequest(leg, `ato-${a.alertId}`, !market.isOpen(o.exchange)));
      // Told as the alert's set toast named it (alertOrderNote), with the order's number or why not.
      const note = alertOrderNote(o, isSuccess(r) ? { orderNo: r.orderNo } : { code: r.status, message: r.message });
      desk.tell(a.userId, "alert orders", `${head}: ${note}`);
      ctx.log.info({ alertId: a.alertId, result: r.status }, "alert placed its order line");
      return note;
    },
  };
}
