import { ruleError, type RuleError } from "../../src/core/errors.js";
import { chargesInputOf, computeCharges } from "../../src/core/rules/charges.js";
import { marginPrice } from "../../src/core/rules/margin.js";
import { checkModify } from "../../src/core/rules/orderValidation.js";
import type { MarginCheckBody, PreOrderMargin, SpanAnswer, SpanLegBody } from "../../src/core/wire/orders.js";
import { marginBasisOf, marginFor } from "../portfolio/margin.js";
import { blockedMargin, closingAhead, quantityBeyondPosition } from "./blocked.js";
import { findInstrument } from "./contract.js";
import type { OrderEngine } from "./engine.js";
import { toRow } from "./record.js";
import { roundToPaisa } from "../../src/core/money.js";

/**
 * The margin check: the order as a new one, or with `orderNo` as the modify of that working order
 * would have it (changes.ts). A modify's own claim on the holding and the margin it holds do not
 * count against it: the modify leaves the order out of the claims and sets its new margin less the
 * old against the limit, so the check does the same with the same rules.
 */
export function preOrderMargin(engine: OrderEngine, userId: string, body: MarginCheckBody): { ok: true; value: PreOrderMargin } | RuleError {
  const { orderNo, ...order } = body;
  const modified = orderNo === undefined ? undefined : engine.workingOrder(userId, orderNo);
  if (orderNo !== undefined && !modified) return ruleError("EC941");
  // The margin payload carries no bracket legs: their rules wait for the place.
  const checked = engine.checkNewOrder(userId, order, { kind: "margin" });
  if (!checked.ok) return checked;
  const { req, inst, quote } = checked;
  // The modify's own rules on what it may change (instrument, side, product, below what has filled):
  // past them, the order left out below could be another than the one the payload describes.
  if (modified) {
    const changeable = checkModify(req, toRow(modified));
    if (!changeable.ok) return changeable;
  }
  // What the order would still trade: a modify does not trade again what has filled.
  const quantity = modified ? req.quantity - modified.filledQuantity : req.quantity;
  const price = marginPrice(req, quote.ltp);
  const ask = { product: req.product, orderComplexity: req.orderComplexity, transactionType: req.transactionType, price };
  const m = marginFor(engine.market, inst, { ...ask, quantity });
  // The working orders already closing the position close it first (a modify's own order left out, those before it counted).
  const ahead = (enough: number) => closingAhead(engine.workingOrders, { userId, exchange: inst.exchange, tokenNo: inst.token, orderComplexity: req.orderComplexity, product: req.product, transactionType: req.transactionType, ...(modified ? { brokerOrderId: modified.brokerOrderId, seq: modified.seq } : {}) }, enough);
  const opening = quantityBeyondPosition(engine.portfolio, userId, inst, req, quantity, ahead);
  // A modify's order would hold what the modify works out for it (blocked.ts: a BO/CO leg holds none).
  const added = modified
    ? blockedMargin(engine.market, engine.portfolio, { ...modified, pendingQuantity: quantity, orderType: req.orderType, price: req.price, slTriggerPrice: req.slTriggerPrice }, inst, quote, ahead)
    : opening === quantity
      ? m
      : marginFor(engine.market, inst, { ...ask, quantity: opening });
  // The modify releases what the order holds now: its new margin less the old must fit the limit.
  const availableMargin = roundToPaisa(engine.portfolio.tradingLimit(userId) + (modified?.blocked.total ?? 0));
  const charges = computeCharges(chargesInputOf(inst, { product: req.product, transactionType: req.transactionType, quantity, price }));
  // A sale out of the demat account needs no margin only when the shares are there: one they do not
  // cover read "Sell from holdings: no margin" and was refused on Enter (EC949). The basis says why now.
  const covered = engine.holdingCovers(userId, { exchange: inst.exchange, token: inst.token, product: req.product, transactionType: req.transactionType, quantity }, modified?.brokerOrderId);
  const basis = covered.ok ? marginBasisOf(inst, ask, opening < quantity) : `${covered.message}; ${modified ? "the modify" : "placing it"} is refused (${covered.code})`;
  return {
    ok: true,
    value: { ...m, requiredMargin: m.total, currentOrderMargin: added.total, basis, ...(covered.ok ? {} : { refusedWith: covered.code }), availableMargin, shortfall: Math.max(0, roundToPaisa(m.total - availableMargin)), priceUsed: price, charges },
  };
}

/** The span answer (shape not shown): per leg and in total, at the last price; no hedge benefit is modelled. */
export function spanExposure(engine: OrderEngine, body: readonly SpanLegBody[]): { ok: true; value: SpanAnswer } | RuleError {
  const legs: SpanAnswer["legs"] = [];
  for (const l of body) {
    const side = l.transactionType;
    const quantity = Number(l.quantity);
    const inst = findInstrument(engine.market, l.exchange, String(l.instrumentId).trim());
    const quote = inst ? engine.market.quote(inst.exchange, inst.token) : undefined;
    if (!inst || !quote || inst.isIndex) return ruleError("EC902");
    const m = marginFor(engine.market, inst, { product: "NORMAL", orderComplexity: "REGULAR", transactionType: side, quantity, price: quote.ltp });
    legs.push({ exchange: inst.exchange, instrumentId: String(inst.token), transactionType: side, quantity, span: m.span, exposure: m.exposure + m.premium + m.cash, total: m.total });
  }
  const span = roundToPaisa(legs.reduce((s, l) => s + l.span, 0));
  const exposure = roundToPaisa(legs.reduce((s, l) => s + l.exposure, 0));
  return { ok: true, value: { span, exposure, totalMargin: roundToPaisa(span + exposure), legs } };
}
