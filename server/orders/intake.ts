import { ruleError, type RuleError } from "../../src/core/errors.js";
import { displayStatus } from "../../src/core/rules/orderStatus.js";
import { checkSufficientFunds, orderRequestOf, validateOrder, type ValidationMode } from "../../src/core/rules/orderValidation.js";
import type { OrderBody, PlaceResult } from "../../src/core/wire/orders.js";
import { ACCOUNT_STATUSES, type AccountStatus, type Profile } from "../../src/core/types/contract.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { OrderRequest } from "../../src/core/types/order.js";
import type { Statement } from "better-sqlite3";
import { findUser, type UserRow } from "../accounts.js";
import { istParts } from "../../src/core/time.js";
import type { Db } from "../db.js";
import type { Instrument, Quote } from "../market/types.js";
import { blockedMargin, closingAhead } from "./blocked.js";
import { findInstrument } from "./contract.js";
import { contractInfo } from "../market/contractInfo.js";
import { checkHoldingCovers } from "./holdingClaims.js";
import type { Evaluate, OrderDesk } from "./desk.js";
import { protectionPrice } from "./matching.js";
import { NO_MARGIN, withTrail, type OrderRecord } from "./record.js";
import { restingStatus } from "./working.js";
import { orderIdOf } from "./orderId.js";

export type { PlaceResult };

/** A new order that passed every check, with what it was checked against. */
export type CheckedOrder = { ok: true; req: OrderRequest; profile: Profile; inst: Instrument; quote: Quote };

const profileRows = new WeakMap<Db, Statement>();

/**
 * The user's profile as order validation reads it; an unknown account status counts as BLOCKED.
 * Read for every order: the user id a session or a GTT carries is the stored one, found through
 * the primary key; any other spelling goes through findUser's case-blind search.
 */
export function profileOf(db: Db, userId: string): Profile | undefined {
  let q = profileRows.get(db);
  if (!q) profileRows.set(db, (q = db.prepare("SELECT account_status, exchanges FROM users WHERE user_id = ?")));
  const u = (q.get(userId) as Pick<UserRow, "account_status" | "exchanges"> | undefined) ?? findUser(db, userId);
  if (!u) return undefined;
  const status = (ACCOUNT_STATUSES as readonly string[]).includes(u.account_status) ? (u.account_status as AccountStatus) : "BLOCKED";
  return { accountStatus: status, exchanges: JSON.parse(u.exchanges) as Exchange[] };
}

/**
 * Intake: a new order is read, validated against its contract, the session, the holdings and the
 * funds, booked, and set to work. A repeated clientOrderKey answers the first result and places
 * nothing ("one submit, one order"); a refused order does not use up its key.
 */
export class OrderIntake {
  constructor(
    private readonly desk: OrderDesk,
    private readonly evaluate: Evaluate,
  ) {}

  /** The in-process door the HTTP call and the GTT engine share; `byTrader` for the trader's own door (the HTTP call), which the trader gate checks too. */
  place(userId: string, body: OrderBody, byTrader = false): PlaceResult {
    const key = body.clientOrderKey?.trim() ?? "";
    if (key) {
      const first = this.desk.journal.keyResult<PlaceResult>(userId, key);
      if (first) return first;
    }
    // A key already answered is answered again above (one submit, one order); a new order waits for a moving replay.
    const waiting = byTrader ? this.desk.gates.trader?.("place") : undefined;
    if (waiting) return { status: waiting.code, message: waiting.message, orderNo: "", brokerOrderId: "", orderStatus: "", clientOrderKey: key };
    // Before anything is read: a segment whose kill switch is on refuses every order type.
    const gated = this.desk.gates.place?.(userId, body.exchange, this.desk.ctx.clock.now());
    if (gated) return { status: gated.code, message: gated.message, orderNo: "", brokerOrderId: "", orderStatus: "", clientOrderKey: key };
    const placed = this.tryPlace(userId, body, key);
    if (!placed.ok) return { status: placed.code, message: placed.message, orderNo: "", brokerOrderId: "", orderStatus: "", clientOrderKey: key };
    return accepted(placed.record, key);
  }

  /** Reads and validates a new order against its contract and live quote: the check placing and the pre-order margin call share. */
  check(userId: string, body: OrderBody, mode: ValidationMode = { kind: "place" }): CheckedOrder | RuleError {
    const { ctx, market, portfolio } = this.desk;
    const req = orderRequestOf(body);
    const profile = this.desk.journal.readOnce(`profile:${userId}`, () => profileOf(ctx.db, userId));
    if (!profile) return ruleError("EC900", "unknown user");
    const inst = findInstrument(market, req.exchange, req.instrumentId);
    const quote = inst ? market.quote(inst.exchange, inst.token) : undefined;
    const contract = inst && !inst.isIndex ? contractInfo(inst, quote, portfolio.holdingQuantities(userId, inst)) : undefined;
    const valid = validateOrder(req, contract, profile, mode);
    if (!valid.ok) return valid;
    if (!inst || !quote) return ruleError("EC902");
    return { ok: true, req, profile, inst, quote };
  }

  private tryPlace(userId: string, body: OrderBody, key: string): { ok: true; record: OrderRecord } | RuleError {
    const { ctx, market, portfolio, working, journal } = this.desk;
    const checked = this.check(userId, body);
    if (!checked.ok) return checked;
    const { req, inst, quote } = checked;
    // Issue 33: a bracket template named on the entry (EC721, EC726, EC728).
    const bracketName = body.bracket?.trim() ?? "";
    const template = bracketName && this.desk.brackets ? this.desk.brackets.check(userId, bracketName, req, inst) : undefined;
    if (template && "ok" in template) return template;
    const now = ctx.clock.now();
    const open = market.isOpen(inst.exchange, now);
    const isAmo = req.orderComplexity === "AMO";
    if (isAmo && open) return ruleError("EC947");
    if (!isAmo && !open) return ruleError("EC946");

    const holdingsCheck = checkHoldingCovers(this.desk, userId, { exchange: inst.exchange, token: inst.token, product: req.product, transactionType: req.transactionType, quantity: req.quantity });
    if (!holdingsCheck.ok) return holdingsCheck;

    const day = istParts(now).dateKey;
    const r = newRecord(userId, journal.nextOrderSeq(), day, req, inst, key, now);
    if (template) r.bracket = template.name;
    if (r.orderType === "MARKET") r.protectionPrice = protectionPrice(r.transactionType, quote.ltp, r.marketProtection, inst.tickSize, quote.upperCircuit, quote.lowerCircuit);
    r.blocked = blockedMargin(market, portfolio, r, inst, quote, (enough) => closingAhead(working, r, enough));
    const funds = checkSufficientFunds(r.blocked.total, portfolio.tradingLimit(userId));
    if (!funds.ok) return funds;

    journal.inTransaction(() => {
      r.status = displayStatus(r);
      journal.insert(r, day);
      journal.setStatus(r, "validation pending", false);
      journal.setStatus(r, isAmo ? "after market order req received" : restingStatus(r), true);
      working.add(r);
      if (template) this.desk.brackets?.begin(r, template, inst);
      if (!isAmo) this.evaluate(r, inst, quote);
      if (key) journal.putKey(userId, key, accepted(r, key), now);
    });
    return { ok: true, record: r };
  }
}

function accepted(r: OrderRecord, key: string): PlaceResult {
  return { status: "Ok", message: "Success", orderNo: r.orderNo, brokerOrderId: r.brokerOrderId, orderStatus: r.orderStatus, clientOrderKey: key };
}

/** A new order's record: numbered yyMMdd + sequence (orderId.ts), with the prices its type and complexity use. */
function newRecord(userId: string, seq: number, day: string, req: OrderRequest, inst: Instrument, key: string, now: Date): OrderRecord {
  const id = orderIdOf(day, seq);
  const isStop = req.orderType === "SL" || req.orderType === "SLM";
  const r: OrderRecord = {
    brokerOrderId: id,
    orderNo: id,
    status: "",
    orderStatus: "put order req received",
    mainLegOrderId: "",
    exchange: inst.exchange,
    instrumentId: String(inst.token),
    token: String(inst.token),
    tradingSymbol: inst.tradingSymbol,
    quantity: req.quantity,
    pendingQuantity: req.quantity,
    filledQuantity: 0,
    cancelledQuantity: 0,
    price: req.orderType === "MARKET" || req.orderType === "SLM" ? 0 : req.price,
    triggerPrice: isStop ? req.slTriggerPrice : 0,
    slTriggerPrice: isStop || req.orderComplexity === "CO" ? req.slTriggerPrice : 0,
    stopLossPrice: req.orderComplexity === "BO" ? req.stopLossPrice : 0,
    targetPrice: req.orderComplexity === "BO" ? req.targetPrice : 0,
    trailingSlAmount: req.trailingSlAmount,
    disclosedQuantity: req.disclosedQuantity,
    averageTradedPrice: 0,
    marketProtection: req.marketProtection,
    orderTag: req.orderTag ?? "",
    algoId: req.algoId ?? "",
    orderComplexity: req.orderComplexity,
    product: req.product,
    orderType: req.orderType,
    validity: req.validity,
    transactionType: req.transactionType,
    rejectionReason: "",
    orderTime: now.toISOString(),
    clientOrderKey: key,
    userId,
    seq,
    tokenNo: inst.token,
    insType: inst.insType,
    blocked: NO_MARGIN,
    triggered: false,
    protectionPrice: 0,
    trailRef: 0,
    trailBest: 0,
    sessionDay: req.orderComplexity === "AMO" ? "" : day,
    filledValue: 0,
  };
  if (req.validity === "GTD" && req.gtdValidityDate) r.gtdValidityDate = req.gtdValidityDate;
  withTrail(r, req);
  return r;
}
