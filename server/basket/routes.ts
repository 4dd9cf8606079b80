import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE, type ErrorCode } from "../../src/core/errors.js";
import { BASKET_SCRIPS_MAX, BASKETS_MAX, basketNameProblem, type BasketLeg } from "../../src/core/rules/basket.js";
import { legContractProblem, type LegProblem } from "../../src/core/rules/basketLegCheck.js";
import { runAsSeen, type StoredRun } from "../../src/core/rules/basketLastRun.js";
import { basketRunMessage, type BasketRunMessage } from "../../src/core/rules/basketRunMessage.js";
import {
  addBasketLegs,
  beginBasketRun,
  reportBasketRun,
  basketLegs as basketLegsCall,
  baskets as basketsCall,
  createBasket as createBasketCall,
  deleteBasket as deleteBasketCall,
  deleteBasketLegs,
  renameBasket as renameBasketCall,
  type Basket,
  type NewLeg,
} from "../../src/core/wire/baskets.js";
import { route } from "../http/wire.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import type { Market } from "../market/types.js";
import { addLegs, basketLegs, createBasket, deleteBasket, deleteLegs, lastRun, legOrderNoOfKey, ownBasket, renameBasket, userBaskets } from "./store.js";
import { basketLegKey } from "../../src/core/rules/basket.js";
import { defaultProduct } from "../../src/core/rules/defaultProduct.js";
import { beginKeptRun, keepRefusals } from "./runs.js";

/**
 * Baskets under /core/basketorder (issue 13, the spec's seven calls). Every call acts on the
 * session's own baskets: another user's basket id answers as unknown. A refusal changes nothing.
 */

const refuse = (code: ErrorCode) => fail(code, ERROR_CATALOGUE[code]);

/**
 * A leg from the body, or why it is refused (the schema has checked every field's shape): an
 * index (it cannot be ordered), or a value the order would be refused for whenever it fired, a
 * price off the tick or a quantity off the lot (rules/basketLegCheck.ts).
 */
function readLeg(r: NewLeg, market: Market): Omit<BasketLeg, "scripId"> | ErrorCode | LegProblem {
  const inst = market.instrument(r.exchange, Number(r.token));
  if (!inst || inst.isIndex) return "EC902";
  const price = r.price === undefined ? 0 : Number(r.price);
  const trigger = r.trigger === undefined ? 0 : Number(r.trigger);
  // Without an order type, a priced leg is a limit order and an unpriced one a market order.
  // Without a product, a blank order window's (rules/defaultProduct.ts, the one rule): the carry-forward
  // product, DELIVERY on equity and NORMAL elsewhere. The spec's leg (token, exchange, transType, qty)
  // carries none, so it is not required; Tape's client always sends the trader's own default (their
  // saved preference is kept in their browser, which the broker cannot read). It was INTRADAY: a leg
  // typed without a product word was squared off at the close, unlike the same words' order (FINDINGS-25 s5).
  const orderType = r.orderType ?? (price > 0 ? "LIMIT" : "MARKET");
  const leg = { exchange: inst.exchange, token: inst.token, transType: r.transType, qty: Number(r.qty), product: r.product ?? defaultProduct({ exchange: inst.exchange }), orderType, price, trigger };
  return legContractProblem(leg, inst) ?? leg;
}

/** `tell` says on the user's order topic that a basket's last run changed, so every window of the user reads it again. */
export function registerBaskets(app: FastifyInstance, ctx: BrokerContext, market: Market, tell: (userId: string, m: BasketRunMessage) => void = () => {}): void {
  const { db } = ctx;
  const legsOf = (basketId: number) => basketLegs(db, basketId).map((l) => ({ ...l, tradingSymbol: market.instrument(l.exchange, l.token)?.tradingSymbol ?? String(l.token) }));
  /** A run as answered: a leg is placed when the broker booked an order under its key of the run. */
  const seen = (userId: string, run: StoredRun) => runAsSeen(run, (scripId) => legOrderNoOfKey(db, userId, basketLegKey(run.runId, scripId)));
  const withRun = (userId: string, b: Basket): Basket => {
    const run = lastRun(db, b.basketId);
    return run ? { ...b, lastRun: seen(userId, run) } : b;
  };
  const namesBut = (userId: string, basketId: number | null) => userBaskets(db, userId).filter((b) => b.basketId !== basketId).map((b) => b.basketName);

  route(app, createBasketCall, async (req) => {
    const b = req.body;
    const name = b.basketName.trim();
    if (userBaskets(db, req.userId).length >= BASKETS_MAX) return refuse("EC960");
    const problem = basketNameProblem(name, namesBut(req.userId, null));
    if (problem) return refuse(problem);
    // The basket is the session user's whatever userId the body names: no one creates for another.
    const createdBy = b.createdBy?.trim() || req.userId;
    const basketId = createBasket(db, req.userId, name, createdBy, ctx.clock.now());
    return ok(userBaskets(db, req.userId).filter((x) => x.basketId === basketId));
  });

  route(app, renameBasketCall, async (req) => {
    const b = req.body;
    const basketId = Number(b.basketId);
    if (!ownBasket(db, req.userId, basketId)) return refuse("EC964");
    const name = b.basketName.trim();
    const problem = basketNameProblem(name, namesBut(req.userId, basketId));
    if (problem) return refuse(problem);
    renameBasket(db, req.userId, basketId, name);
    return ok(userBaskets(db, req.userId).filter((x) => x.basketId === basketId));
  });

  // Each basket with its last run, so a reload or another window shows which legs went.
  route(app, basketsCall, async (req) => ok(userBaskets(db, req.userId).map((b) => withRun(req.userId, b))));

  // Asked before a firing places anything: a window that goes away mid-firing leaves its legs
  // in the run as sent, and firing again sends them under the same keys (each goes once).
  route(app, beginBasketRun, async (req) => {
    const b = req.body;
    const basket = ownBasket(db, req.userId, Number(b.basketId));
    if (!basket) return refuse("EC964");
    const next = beginKeptRun(db, market, req.userId, basket.basketId, { runId: b.runId, replaces: b.replaces, scripIds: b.scripIds }, ctx.clock.now().toISOString());
    if (typeof next === "string") return refuse(next);
    tell(req.userId, basketRunMessage(basket.basketId));
    return ok([seen(req.userId, next)]);
  });

  route(app, reportBasketRun, async (req) => {
    const b = req.body;
    const basket = ownBasket(db, req.userId, Number(b.basketId));
    if (!basket) return refuse("EC964");
    const next = keepRefusals(db, basket.basketId, b.runId, b.refused);
    if (!next) return ok([]);
    // Told even with no refusal: every leg's order is booked by now, and another window shows them placed.
    tell(req.userId, basketRunMessage(basket.basketId));
    return ok([seen(req.userId, next)]);
  });

  route(app, basketLegsCall, async (req) => {
    const basketId = Number(req.params.basketId);
    if (!ownBasket(db, req.userId, basketId)) return refuse("EC964");
    return ok(legsOf(basketId));
  });

  route(app, addBasketLegs, async (req) => {
    const b = req.body;
    const basket = ownBasket(db, req.userId, Number(b.basketId));
    if (!basket) return refuse("EC964");
    const legs: Array<Omit<BasketLeg, "scripId">> = [];
    for (const v of b.scrips) {
      const leg = readLeg(v, market);
      if (typeof leg === "string") return refuse(leg);
      // The problem's own sentence, with the nearest prices: the catalogue's text names neither.
      if ("code" in leg) return fail(leg.code, leg.message);
      legs.push(leg);
    }
    if (basket.scripCount + legs.length > BASKET_SCRIPS_MAX) return refuse("EC961");
    addLegs(db, basket.basketId, legs);
    return ok(legsOf(basket.basketId));
  });

  route(app, deleteBasketCall, async (req) => {
    const basketId = Number(req.params.basketId);
    if (!ownBasket(db, req.userId, basketId)) return refuse("EC964");
    deleteBasket(db, req.userId, basketId);
    return ok([{ basketId }]);
  });

  route(app, deleteBasketLegs, async (req) => {
    const b = req.body;
    const basketId = Number(b.basketId);
    if (!ownBasket(db, req.userId, basketId)) return refuse("EC964");
    const ids = (Array.isArray(b.scripsId) ? b.scripsId : [b.scripsId]).map(Number);
    if (!deleteLegs(db, basketId, ids)) return refuse("EC965");
    return ok(legsOf(basketId));
  });
}
