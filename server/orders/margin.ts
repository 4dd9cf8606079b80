import { ruleError, type RuleError } from "../../src/core/errors.js";
import { chargesInputOf, computeCharges } from "../../src/core/rules/charges.js";
import { marginPrice, type MarginBreakdown } from "../../src/core/rules/margin.js";
import { isExchange } from "../../src/core/types/exchange.js";
import type { ChargesBreakdown } from "../../src/core/types/orderWindow.js";
import { marginBasisOf, marginFor } from "../portfolio/margin.js";
import { quantityBeyondPosition } from "./blocked.js";
import { findInstrument } from "./contract.js";
import type { OrderEngine } from "./engine.js";
import { MAX_ORDERS_PER_REQUEST } from "./limits.js";
import { numberIn, textIn } from "../http/read.js";
import { roundToPaisa } from "../../src/core/money.js";

/**
 * The pre-order margin answer (the spec: "margin result", shape not shown). requiredMargin is
 * what the order would block; availableMargin the segment's trading limit now; shortfall what
 * is missing (0 when it fits); the SPAN/exposure/premium/cash split as the limits show it; and
 * the charges the order would cost if it filled at the price used.
 */
export interface PreOrderMargin extends MarginBreakdown {
  requiredMargin: number;
  /**
   * What the order adds after netting with the open position of the same product: an exit that
   * closes a position adds nothing. The read-out shows this (the spec's currentOrderMargin).
   */
  currentOrderMargin: number;
  /** Why the margin is what it is: the margin table's row and rate (rules/margin.ts marginBasis). */
  basis: string;
  availableMargin: number;
  shortfall: number;
  /** The price the margin was computed at: the order's price, its trigger, or the last price for MARKET. */
  priceUsed: number;
  charges: ChargesBreakdown;
}

export function preOrderMargin(engine: OrderEngine, userId: string, raw: unknown): { ok: true; value: PreOrderMargin } | RuleError {
  // The margin payload carries no bracket legs: their rules wait for the place.
  const checked = engine.checkNewOrder(userId, raw, { kind: "margin" });
  if (!checked.ok) return checked;
  const { req, inst, quote } = checked;
  const price = marginPrice(req, quote.ltp);
  const ask = { product: req.product, orderComplexity: req.orderComplexity, transactionType: req.transactionType, price };
  const m = marginFor(engine.market, inst, { ...ask, quantity: req.quantity });
  const opening = quantityBeyondPosition(engine.portfolio, userId, inst, req, req.quantity);
  const added = opening === req.quantity ? m : marginFor(engine.market, inst, { ...ask, quantity: opening });
  const availableMargin = engine.portfolio.tradingLimit(userId);
  const charges = computeCharges(chargesInputOf(inst, { product: req.product, transactionType: req.transactionType, quantity: req.quantity, price }));
  return {
    ok: true,
    value: { ...m, requiredMargin: m.total, currentOrderMargin: added.total, basis: marginBasisOf(inst, ask, opening < req.quantity), availableMargin, shortfall: Math.max(0, roundToPaisa(m.total - availableMargin)), priceUsed: price, charges },
  };
}

export interface SpanLeg {
  exchange: string;
  instrumentId: string;
  transactionType: string;
  quantity: number;
  span: number;
  exposure: number;
  total: number;
}

/** The span answer (shape not shown): per leg and in total, at the last price; no hedge benefit is modelled. */
export interface SpanAnswer {
  span: number;
  exposure: number;
  totalMargin: number;
  legs: SpanLeg[];
}

export function spanExposure(engine: OrderEngine, raw: unknown): { ok: true; value: SpanAnswer } | RuleError {
  if (!Array.isArray(raw) || raw.length === 0) return ruleError("EC900", "the body must be a non-empty array of legs");
  if (raw.length > MAX_ORDERS_PER_REQUEST) return ruleError("EC958", `at most ${MAX_ORDERS_PER_REQUEST} in one request`);
  const legs: SpanLeg[] = [];
  for (const item of raw) {
    if (typeof item !== "object" || item === null) return ruleError("EC900", "each leg must be an object");
    const l = item as Record<string, unknown>;
    if (!isExchange(l.exchange)) return ruleError("EC901");
    const side = l.transactionType === "BUY" || l.transactionType === "SELL" ? l.transactionType : undefined;
    if (!side) return ruleError("EC929");
    const quantity = numberIn(l.quantity);
    if (!Number.isInteger(quantity) || quantity <= 0) return ruleError("EC903");
    const inst = findInstrument(engine.market, l.exchange, textIn(l.instrumentId));
    const quote = inst ? engine.market.quote(inst.exchange, inst.token) : undefined;
    if (!inst || !quote || inst.isIndex) return ruleError("EC902");
    const m = marginFor(engine.market, inst, { product: "NORMAL", orderComplexity: "REGULAR", transactionType: side, quantity, price: quote.ltp });
    legs.push({ exchange: inst.exchange, instrumentId: String(inst.token), transactionType: side, quantity, span: m.span, exposure: m.exposure + m.premium + m.cash, total: m.total });
  }
  const span = roundToPaisa(legs.reduce((s, l) => s + l.span, 0));
  const exposure = roundToPaisa(legs.reduce((s, l) => s + l.exposure, 0));
  return { ok: true, value: { span, exposure, totalMargin: roundToPaisa(span + exposure), legs } };
}
