import { ruleError, type RuleError } from "../../src/core/errors.js";
import { chargesInputOf, computeCharges } from "../../src/core/rules/charges.js";
import { marginPrice } from "../../src/core/rules/margin.js";
import type { OrderBody, PreOrderMargin, SpanAnswer, SpanLegBody } from "../../src/core/wire/orders.js";
import { marginBasisOf, marginFor } from "../portfolio/margin.js";
import { quantityBeyondPosition } from "./blocked.js";
import { findInstrument } from "./contract.js";
import type { OrderEngine } from "./engine.js";
import { roundToPaisa } from "../../src/core/money.js";

export function preOrderMargin(engine: OrderEngine, userId: string, body: OrderBody): { ok: true; value: PreOrderMargin } | RuleError {
  // The margin payload carries no bracket legs: their rules wait for the place.
  const checked = engine.checkNewOrder(userId, body, { kind: "margin" });
  if (!checked.ok) return checked;
  const { req, inst, quote } = checked;
  const price = marginPrice(req, quote.ltp);
  const ask = { product: req.product, orderComplexity: req.orderComplexity, transactionType: req.transactionType, price };
  const m = marginFor(engine.market, inst, { ...ask, quantity: req.quantity });
  const opening = quantityBeyondPosition(engine.portfolio, userId, inst, req, req.quantity);
  const added = opening === req.quantity ? m : marginFor(engine.market, inst, { ...ask, quantity: opening });
  const availableMargin = engine.portfolio.tradingLimit(userId);
  const charges = computeCharges(chargesInputOf(inst, { product: req.product, transactionType: req.transactionType, quantity: req.quantity, price }));
  // A sale out of the demat account needs no margin only when the shares are there: one they do not
  // cover read "Sell from holdings: no margin" and was refused on Enter (EC949). The basis says why now.
  const covered = engine.holdingCovers(userId, { exchange: inst.exchange, token: inst.token, product: req.product, transactionType: req.transactionType, quantity: req.quantity });
  const basis = covered.ok ? marginBasisOf(inst, ask, opening < req.quantity) : `${covered.message}; placing it is refused (${covered.code})`;
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
