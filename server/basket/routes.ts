import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE, type ErrorCode } from "../../src/core/errors.js";
import { BASKET_SCRIPS_MAX, BASKETS_MAX, basketNameProblem, type BasketLeg } from "../../src/core/rules/basket.js";
import { isExchange } from "../../src/core/types/exchange.js";
import { ORDER_TYPES, PRODUCTS, TRANSACTION_TYPES, type OrderType, type Product, type TransactionType } from "../../src/core/types/order.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { numberIn, textIn } from "../http/read.js";
import type { Market } from "../market/types.js";
import { addLegs, basketLegs, createBasket, deleteBasket, deleteLegs, ownBasket, renameBasket, userBaskets } from "./store.js";

/**
 * Baskets under /core/basketorder (issue 13, the spec's seven calls). Every call acts on the
 * session's own baskets: another user's basket id answers as unknown. A refusal changes nothing.
 */

const refuse = (code: ErrorCode) => fail(code, ERROR_CATALOGUE[code]);

function body(req: { body: unknown }): Record<string, unknown> {
  return typeof req.body === "object" && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
}

const idIn = (v: unknown): number | null => {
  const n = numberIn(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T | null => {
  if (v === undefined || v === null || v === "") return fallback;
  const t = textIn(v).toUpperCase();
  return (list as readonly string[]).includes(t) ? (t as T) : null;
};

/** A leg from the body, or the code that refuses it. */
function readLeg(v: unknown, market: Market): Omit<BasketLeg, "scripId"> | ErrorCode {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return "EC900";
  const r = v as Record<string, unknown>;
  const token = numberIn(r.token);
  const inst = isExchange(r.exchange) && Number.isInteger(token) ? market.instrument(r.exchange, token) : undefined;
  // An index cannot be ordered, so it cannot be a leg either.
  if (!inst || inst.isIndex) return "EC902";
  // The side has no default: a leg must say whether it buys or sells.
  const side = textIn(r.transType).toUpperCase();
  if (!(TRANSACTION_TYPES as readonly string[]).includes(side)) return "EC929";
  const transType = side as TransactionType;
  const qty = numberIn(r.qty);
  if (!Number.isInteger(qty) || qty <= 0) return "EC903";
  const price = r.price === undefined ? 0 : numberIn(r.price);
  const trigger = r.trigger === undefined ? 0 : numberIn(r.trigger);
  if (!Number.isFinite(price) || price < 0 || !Number.isFinite(trigger) || trigger < 0) return "EC944";
  const product = oneOf<Product>(PRODUCTS, r.product, "INTRADAY");
  if (!product) return "EC927";
  // Without an order type, a priced leg is a limit order and an unpriced one a market order.
  const orderType = oneOf<OrderType>(ORDER_TYPES, r.orderType, price > 0 ? "LIMIT" : "MARKET");
  if (!orderType) return "EC926";
  return { exchange: inst.exchange, token: inst.token, transType, qty, product, orderType, price, trigger };
}

export function registerBaskets(app: FastifyInstance, ctx: BrokerContext, market: Market): void {
  const { db } = ctx;
  const legsOf = (basketId: number) => basketLegs(db, basketId).map((l) => ({ ...l, tradingSymbol: market.instrument(l.exchange, l.token)?.tradingSymbol ?? String(l.token) }));
  const namesBut = (userId: string, basketId: number | null) => userBaskets(db, userId).filter((b) => b.basketId !== basketId).map((b) => b.basketName);

  app.post("/core/basketorder/create", async (req) => {
    const b = body(req);
    const name = textIn(b.basketName).trim();
    if (userBaskets(db, req.userId).length >= BASKETS_MAX) return refuse("EC960");
    const problem = basketNameProblem(name, namesBut(req.userId, null));
    if (problem) return refuse(problem);
    // The basket is the session user's whatever userId the body names: no one creates for another.
    const createdBy = textIn(b.createdBy).trim() || req.userId;
    const basketId = createBasket(db, req.userId, name, createdBy, ctx.clock.now());
    return ok([ownBasket(db, req.userId, basketId)]);
  });

  app.post("/core/basketorder/rename", async (req) => {
    const b = body(req);
    const basketId = idIn(b.basketId);
    if (basketId === null || !ownBasket(db, req.userId, basketId)) return refuse("EC964");
    const name = textIn(b.basketName).trim();
    const problem = basketNameProblem(name, namesBut(req.userId, basketId));
    if (problem) return refuse(problem);
    renameBasket(db, req.userId, basketId, name);
    return ok([ownBasket(db, req.userId, basketId)]);
  });

  app.get("/core/basketorder/get", async (req) => ok(userBaskets(db, req.userId)));

  app.get<{ Params: { basketId: string } }>("/core/basketorder/get/scrips/:basketId", async (req) => {
    const basketId = idIn(req.params.basketId);
    if (basketId === null || !ownBasket(db, req.userId, basketId)) return refuse("EC964");
    return ok(legsOf(basketId));
  });

  app.post("/core/basketorder/add/scrips", async (req) => {
    const b = body(req);
    const basketId = idIn(b.basketId);
    const basket = basketId === null ? undefined : ownBasket(db, req.userId, basketId);
    if (!basket) return refuse("EC964");
    if (!Array.isArray(b.scrips) || b.scrips.length === 0) return refuse("EC900");
    const legs: Array<Omit<BasketLeg, "scripId">> = [];
    for (const v of b.scrips) {
      const leg = readLeg(v, market);
      if (typeof leg === "string") return refuse(leg);
      legs.push(leg);
    }
    if (basket.scripCount + legs.length > BASKET_SCRIPS_MAX) return refuse("EC961");
    addLegs(db, basket.basketId, legs);
    return ok(legsOf(basket.basketId));
  });

  app.delete<{ Params: { basketId: string } }>("/core/basketorder/delete/:basketId", async (req) => {
    const basketId = idIn(req.params.basketId);
    if (basketId === null || !ownBasket(db, req.userId, basketId)) return refuse("EC964");
    deleteBasket(db, req.userId, basketId);
    return ok([{ basketId }]);
  });

  app.post("/core/basketorder/delete/scrips", async (req) => {
    const b = body(req);
    const basketId = idIn(b.basketId);
    if (basketId === null || !ownBasket(db, req.userId, basketId)) return refuse("EC964");
    const raw = Array.isArray(b.scripsId) ? b.scripsId : [b.scripsId];
    const ids = raw.map(idIn);
    if (ids.length === 0 || ids.some((id) => id === null)) return refuse("EC965");
    if (!deleteLegs(db, basketId, ids as number[])) return refuse("EC965");
    return ok(legsOf(basketId));
  });
}
