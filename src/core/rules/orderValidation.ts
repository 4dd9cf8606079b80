import { OK, ruleError, type RuleError, type RuleResult } from "../errors";
import { groupIndian } from "../format";
import type { ContractInfo, Profile } from "../types/contract";
import { isBseExchange, isCommodityExchange, type Exchange } from "../types/exchange";
import type { Order, OrderRequest } from "../types/order";
import type { OrderBody } from "../wire/orders";
import { quantityStep } from "./contractValue";
import { isModifiableStatus, legRole } from "./orderStatus";
import { requiredFields } from "./orderWindow";
import { isOnTick } from "./tick";
import { checkTrail } from "./trail";
import { fundsRefusalDetail } from "./fundsRefusal";

/** trading-core section 9. */
export const MAX_QUANTITY = 50_000_000;
export const ORDER_TAG_MAX = 50;
export const ALGO_ID_MAX = 12;

/** "It is allowed only on NSEEQ, BSEEQ, MCXCOMM, NSECURR and BSECURR." (disclosed quantity) */
export const DISCLOSED_QUANTITY_EXCHANGES: readonly Exchange[] = ["NSEEQ", "BSEEQ", "MCXCOMM", "NSECURR", "BSECURR"];

/**
 * "margin" checks a margin-check payload, which carries no bracket legs (no target, no stop-loss;
 * a CO's stop-loss trigger may be untyped yet): the legs' rules wait for the place.
 */
export type ValidationMode = { kind: "place" } | { kind: "modify"; existing: Order } | { kind: "margin" };

export type ParseResult = { ok: true; value: OrderRequest } | RuleError;

/** A number the order body carries, as a number or as numeric text (the wire schema has checked which). */
const amountOf = (v: number | string | undefined): number => (v === undefined ? 0 : Number(v));

/**
 * The order a body the wire schema accepted (src/core/wire/orders.ts OrderBody) asks for: numbers
 * sent as text read as numbers, optional amounts 0, validity DAY, orderComplexity REGULAR, and
 * `triggerPrice` as another name for `slTriggerPrice`.
 */
export function orderRequestOf(b: OrderBody): OrderRequest {
  const value: OrderRequest = {
    exchange: b.exchange,
    instrumentId: String(b.instrumentId).trim(),
    transactionType: b.transactionType,
    quantity: Number(b.quantity),
    product: b.product,
    orderComplexity: b.orderComplexity ?? "REGULAR",
    orderType: b.orderType,
    validity: b.validity ?? "DAY",
    price: amountOf(b.price),
    slTriggerPrice: amountOf(b.slTriggerPrice ?? b.triggerPrice),
    disclosedQuantity: amountOf(b.disclosedQuantity),
    marketProtection: amountOf(b.marketProtection),
    targetPrice: amountOf(b.targetPrice),
    stopLossPrice: amountOf(b.stopLossPrice),
    trailingSlAmount: amountOf(b.trailingSlAmount),
  };
  if (b.trailValue !== undefined && amountOf(b.trailValue) !== 0) value.trailValue = amountOf(b.trailValue);
  if (b.trailUnit !== undefined) value.trailUnit = b.trailUnit;
  if (b.trailJump !== undefined && amountOf(b.trailJump) !== 0) value.trailJump = amountOf(b.trailJump);
  if (b.gtdValidityDate !== undefined) value.gtdValidityDate = b.gtdValidityDate;
  if (b.orderTag !== undefined) value.orderTag = b.orderTag;
  if (b.algoId !== undefined) value.algoId = b.algoId;
  if (b.clientOrderKey !== undefined) value.clientOrderKey = b.clientOrderKey;
  return value;
}

/** "Dormant, frozen and voluntary-freeze accounts cannot trade (EC803 to EC805)." Blocked users are refused as frozen. */
export function checkAccountCanTrade(account: Pick<Profile, "accountStatus">): RuleResult {
  switch (account.accountStatus) {
    case "DORMANT":
      return ruleError("EC803");
    case "FROZEN":
    case "BLOCKED":
      return ruleError("EC804");
    case "VOLUNTARY_FREEZE":
      return ruleError("EC805");
    default:
      return OK;
  }
}

/** "Some services are unavailable for certain account types (EC076)": an exchange the profile does not list. */
export function checkAccountExchange(account: Pick<Profile, "exchanges">, exchange: Exchange): RuleResult {
  return account.exchanges.includes(exchange) ? OK : ruleError("EC076", `${exchange} is not enabled`);
}

/** Quantity: "a positive integer, at most 50000000, and a multiple of lot size". */
export function checkQuantity(quantity: number, contract: Pick<ContractInfo, "exchange" | "lotSize" | "freezeQty">): RuleResult {
  if (!Number.isInteger(quantity) || quantity <= 0) return ruleError("EC903");
  if (quantity > MAX_QUANTITY) return ruleError("EC948");
  const step = quantityStep(contract.exchange, contract.lotSize);
  if (quantity % step !== 0) return ruleError("EC954", `lot size ${step}`);
  if (contract.freezeQty > 0 && quantity > contract.freezeQty) return ruleError("EC939", `freeze quantity ${contract.freezeQty}`);
  return OK;
}

/** A price or trigger on the tick and inside the circuit limits (`tickCode`, `circuitCode`); also read by a chart line's move before Enter (charts/orderLines/orderMove.ts). */
export function checkPriceField(
  value: number,
  contract: Pick<ContractInfo, "tickSize" | "upperCircuit" | "lowerCircuit">,
  tickCode: "EC917" | "EC924",
  circuitCode: "EC918" | "EC925",
): RuleResult {
  if (!isOnTick(value, contract.tickSize)) return ruleError(tickCode, `tick size ${contract.tickSize}`);
  const { lowerCircuit, upperCircuit } = contract;
  // The band as prices read on screen ("₹911.00 to ₹1,366.40"; four decimals on a currency's tick), not "911 - 1366.4".
  const d = contract.tickSize < 0.01 ? 4 : 2;
  const band = `₹${groupIndian(lowerCircuit, d)} to ₹${groupIndian(upperCircuit, d)}`;
  if (upperCircuit > 0 && value > upperCircuit) return ruleError(circuitCode, band);
  if (lowerCircuit > 0 && value < lowerCircuit) return ruleError(circuitCode, band);
  return OK;
}

const complexityOf = (c: OrderRequest["orderComplexity"]): "Regular" | "BO" | "CO" => (c === "BO" || c === "CO" ? c : "Regular");

/**
 * The paper broker's order validation (trading-core section 5, server side). The first broken rule
 * wins, and nothing is changed by a refused order. `contract` is the instrument the request names.
 */
export function validateOrder(
  req: OrderRequest,
  contract: ContractInfo | undefined,
  account: Profile,
  mode: ValidationMode,
): RuleResult {
  const accountCheck = checkAccountCanTrade(account);
  if (!accountCheck.ok) return accountCheck;
  const exchangeCheck = checkAccountExchange(account, req.exchange);
  if (!exchangeCheck.ok) return exchangeCheck;
  if (!contract || contract.exchange !== req.exchange) return ruleError("EC902");

  if (mode.kind === "modify") {
    const m = checkModify(req, mode.existing);
    if (!m.ok) return m;
  }

  const q = checkQuantity(req.quantity, contract);
  if (!q.ok) return q;

  const isAmo = req.orderComplexity === "AMO";
  const isBo = req.orderComplexity === "BO";
  const isCo = req.orderComplexity === "CO";

  // "DELIVERY and BNPL are allowed only on NSEEQ or BSEEQ."
  if ((req.product === "DELIVERY" || req.product === "BNPL") && req.exchange !== "NSEEQ" && req.exchange !== "BSEEQ") return ruleError("EC904");
  // "BO and CO are allowed only with INTRADAY."
  if ((isBo || isCo) && req.product !== "INTRADAY") return ruleError("EC905");
  // "BO allows only LIMIT or SL. CO allows only LIMIT or MARKET."
  if (isBo && req.orderType !== "LIMIT" && req.orderType !== "SL") return ruleError("EC906");
  if (isCo && req.orderType !== "LIMIT" && req.orderType !== "MARKET") return ruleError("EC907");
  if (req.product === "BNPL" && req.transactionType === "BUY" && (contract.productLeverage === 0 || contract.productLeverage === 100)) {
    return ruleError("EC942");
  }

  // "IOC is not allowed for AMO."
  if (isAmo && req.validity === "IOC") return ruleError("EC913");
  if (req.validity === "GTD") {
    if (!isCommodityExchange(req.exchange) || req.product === "INTRADAY") return ruleError("EC931");
    // The spec's margin-check payload has no gtdValidityDate: only a place must carry one.
    const dateMissing = !req.gtdValidityDate && mode.kind === "margin";
    if (!dateMissing && (!req.gtdValidityDate || !/^\d{4}-\d{2}-\d{2}$/.test(req.gtdValidityDate) || Number.isNaN(Date.parse(req.gtdValidityDate)))) {
      return ruleError("EC932");
    }
  }

  const needs = requiredFields(req.orderType, complexityOf(req.orderComplexity));
  if (needs.price && !(req.price > 0)) return ruleError("EC921", req.orderType);
  // A margin check of a CO whose stop-loss is not typed yet: the stop-loss leg is checked at the place.
  const triggerPending = isCo && mode.kind === "margin" && !(req.slTriggerPrice > 0);
  if (needs.trigger && !triggerPending && !(req.slTriggerPrice > 0)) return ruleError("EC923", isCo ? "CO" : req.orderType);
  if (req.price < 0 || req.slTriggerPrice < 0) return ruleError("EC944");
  if (needs.price) {
    const p = checkPriceField(req.price, contract, "EC917", "EC918");
    if (!p.ok) return p;
  }
  if (needs.trigger && !triggerPending) {
    const t = checkPriceField(req.slTriggerPrice, contract, "EC924", "EC925");
    if (!t.ok) return t;
  }

  // "A buy SL trigger must be below the price. A sell SL trigger must be above it."
  if (req.orderType === "SL") {
    if (req.transactionType === "BUY" && !(req.slTriggerPrice < req.price)) return ruleError("EC908");
    if (req.transactionType === "SELL" && !(req.slTriggerPrice > req.price)) return ruleError("EC909");
  }

  if (isBo && mode.kind === "place") {
    if (!(req.targetPrice > 0) || !(req.stopLossPrice > 0)) return ruleError("EC933");
    const tp = checkPriceField(req.targetPrice, contract, "EC917", "EC918");
    if (!tp.ok) return tp;
    const sp = checkPriceField(req.stopLossPrice, contract, "EC917", "EC918");
    if (!sp.ok) return sp;
    if (req.transactionType === "BUY" && !(req.targetPrice > req.price && req.stopLossPrice < req.price)) return ruleError("EC934");
    if (req.transactionType === "SELL" && !(req.targetPrice < req.price && req.stopLossPrice > req.price)) return ruleError("EC935");
  }
  if (req.trailingSlAmount < 0) return ruleError("EC940");
  // Issue 33: a trail rides only on a regular SL or SL-M order, in points on the tick or a percent.
  const trail = checkTrail(req, contract.tickSize);
  if (!trail.ok) return trail;

  if (isCo && mode.kind === "place") {
    // The CO stop-loss protects the entry: below a buy's price, above a sell's (MARKET uses the last price).
    const ref = req.orderType === "MARKET" ? contract.ltp : req.price;
    if (ref > 0) {
      if (req.transactionType === "BUY" && !(req.slTriggerPrice < ref)) return ruleError("EC936");
      if (req.transactionType === "SELL" && !(req.slTriggerPrice > ref)) return ruleError("EC936");
    }
  }

  // "Disclosed quantity cannot exceed quantity. It is allowed only on NSEEQ, BSEEQ, MCXCOMM, NSECURR and BSECURR. It must be zero for AMO."
  if (!Number.isInteger(req.disclosedQuantity) || req.disclosedQuantity < 0) return ruleError("EC900", "disclosedQuantity must be a whole number");
  if (req.disclosedQuantity > req.quantity) return ruleError("EC910");
  if (req.disclosedQuantity > 0 && !DISCLOSED_QUANTITY_EXCHANGES.includes(req.exchange)) return ruleError("EC911");
  if (req.disclosedQuantity > 0 && isAmo) return ruleError("EC912");

  if (req.marketProtection < 0 || req.marketProtection > 100) return ruleError("EC943");
  // "orderTag (at most 50 characters), algoId (at most 12 characters)"
  if ((req.orderTag ?? "").length > ORDER_TAG_MAX) return ruleError("EC914");
  if ((req.algoId ?? "").length > ALGO_ID_MAX) return ruleError("EC915");
  return OK;
}

/**
 * Modify rules: "A modify is refused when the order is not in a valid state (EC993)", "Only price is
 * modifiable on sub-leg orders (EC802)", "BSE orders cannot be modified to SL (EC801)". A modify
 * may not change what the order is (exchange, instrument, side, product, complexity), nor go
 * below what has already filled. On a stop-loss sub-leg the trigger is its price, so it may move too.
 */
export function checkModify(req: OrderRequest, existing: Order): RuleResult {
  if (!isModifiableStatus(existing.orderStatus)) return ruleError("EC993", existing.orderStatus);
  if (
    req.exchange !== existing.exchange ||
    req.instrumentId !== existing.instrumentId ||
    req.transactionType !== existing.transactionType ||
    req.product !== existing.product ||
    req.orderComplexity !== existing.orderComplexity
  ) {
    return ruleError("EC937");
  }
  const role = legRole(existing);
  if (role !== "main") {
    const changed =
      req.quantity !== existing.quantity ||
      req.orderType !== existing.orderType ||
      req.validity !== existing.validity ||
      req.disclosedQuantity !== existing.disclosedQuantity ||
      (role === "target" && req.slTriggerPrice !== existing.slTriggerPrice);
    if (changed) return ruleError("EC802");
  }
  if (isBseExchange(existing.exchange) && req.orderType === "SL" && existing.orderType !== "SL") return ruleError("EC801");
  const filled = existing.quantity - existing.pendingQuantity;
  if (req.quantity < filled) return ruleError("EC945", `${filled} already filled`);
  return OK;
}

/** "insufficient funds refused" (issue 5): the order's margin must fit in what is available. */
export function checkSufficientFunds(requiredMargin: number, availableMargin: number): RuleResult {
  // In rupees as every figure beside it reads (the dialog showed "required 3772800.00" under "Required ₹37,72,800.00").
  return requiredMargin > availableMargin + 1e-9 ? ruleError("EC919", fundsRefusalDetail(requiredMargin, availableMargin)) : OK;
}

/** Read, find the contract, validate: the whole server-side check of a place body the wire schema accepted. */
export function validateOrderBody(
  body: OrderBody,
  findContract: (exchange: Exchange, instrumentId: string) => ContractInfo | undefined,
  account: Profile,
  mode: ValidationMode,
): ParseResult {
  const req = orderRequestOf(body);
  const result = validateOrder(req, findContract(req.exchange, req.instrumentId), account, mode);
  return result.ok ? { ok: true, value: req } : result;
}
