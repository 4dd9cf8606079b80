import { ruleError, type RuleError } from "../../src/core/errors.js";
import { legRole } from "../../src/core/rules/orderStatus.js";
import { cancelAllTakes } from "../../src/core/rules/cancelAll.js";
import { checkSufficientFunds, orderRequestOf, validateOrder } from "../../src/core/rules/orderValidation.js";
import type { ModifyBody, OrderBody } from "../../src/core/wire/orders.js";
import type { OrderRequest } from "../../src/core/types/order.js";
import { blockedMargin, closingAhead } from "./blocked.js";
import { contractInfo } from "../market/contractInfo.js";
import { checkHoldingCovers } from "./holdingClaims.js";
import type { Evaluate, OrderDesk } from "./desk.js";
import { profileOf } from "./intake.js";
import { followLeg, type Legs } from "./legs.js";
import { protectionPrice } from "./matching.js";
import { toRow, withTrail, type OrderRecord } from "./record.js";
import { restingStatus } from "./working.js";

/** The answer of modify and cancel: the envelope's status and message, and the order touched. */
export type ActionResult = { ok: true; orderNo: string; orderStatus: string } | RuleError;

/** Modify, cancel and cancel all of working orders, by the spec's rules and codes. */
export class OrderChanges {
  constructor(
    private readonly desk: OrderDesk,
    private readonly evaluate: Evaluate,
    private readonly legs: Legs,
  ) {}

  /** Modify (PUT v2/orders/{orderNo}): the body's fields over the order's own; the spec's modify rules. */
  modify(userId: string, orderNo: string, body: ModifyBody): ActionResult {
    const { ctx, market, portfolio, working, journal } = this.desk;
    const r = working.get(orderNo);
    if (!r || r.userId !== userId) {
      const stored = journal.get(orderNo);
      if (!stored || stored.userId !== userId) return ruleError("EC941");
      return ruleError("EC993", stored.orderStatus);
    }
    const waiting = this.desk.gates.trader?.("modify");
    if (waiting) return waiting;
    const merged: OrderBody = { ...requestOf(r), ...definedOf(body) };
    const gated = this.desk.gates.modify?.(userId, r.exchange, ctx.clock.now(), r.pendingQuantity, Number(merged.quantity ?? r.quantity) - r.filledQuantity);
    if (gated) return gated;
    // A body naming only triggerPrice must not be shadowed by the order's own slTriggerPrice.
    if (body.slTriggerPrice === undefined && body.triggerPrice !== undefined) merged.slTriggerPrice = body.triggerPrice;
    // A modify to LIMIT or MARKET that does not name the trail drops it: only a stop trails (issue 33).
    if (body.trailValue === undefined && merged.orderType !== "SL" && merged.orderType !== "SLM") merged.trailValue = 0;
    // No trail, no jump: a trail of 0 removes both.
    if (Number(merged.trailValue ?? 0) === 0) merged.trailJump = 0;
    const req = orderRequestOf(merged);
    const profile = profileOf(ctx.db, userId);
    const inst = market.instrument(r.exchange, r.tokenNo);
    const quote = inst ? market.quote(r.exchange, r.tokenNo) : undefined;
    if (!profile || !inst || !quote) return ruleError("EC902");
    const role = legRole(r);
    // A leg's own prices are not BO/CO entry prices: validate it as the plain order it is.
    const asValidated: OrderRequest = role === "main" ? req : { ...req, orderComplexity: "REGULAR" };
    const existing = role === "main" ? toRow(r) : { ...toRow(r), orderComplexity: "REGULAR" as const };
    const valid = validateOrder(asValidated, contractInfo(inst, quote, this.desk.portfolio.holdingQuantities(userId, inst)), profile, { kind: "modify", existing });
    if (!valid.ok) return valid;
    // A sale out of the holding may grow only into shares no other working sell claims.
    const covered = checkHoldingCovers(this.desk, userId, { exchange: r.exchange, token: r.tokenNo, product: r.product, transactionType: r.transactionType, quantity: req.quantity - r.filledQuantity }, r.brokerOrderId);
    if (!covered.ok) return covered;

    const next: OrderRecord = { ...r };
    next.quantity = req.quantity;
    next.pendingQuantity = req.quantity - r.filledQuantity;
    next.orderType = req.orderType;
    next.validity = req.validity;
    next.price = req.orderType === "MARKET" || req.orderType === "SLM" ? 0 : req.price;
    const isStop = req.orderType === "SL" || req.orderType === "SLM";
    next.triggerPrice = isStop ? req.slTriggerPrice : 0;
    next.slTriggerPrice = isStop || r.orderComplexity === "CO" ? req.slTriggerPrice : 0;
    next.disclosedQuantity = req.disclosedQuantity;
    next.marketProtection = req.marketProtection;
    if (req.orderTag !== undefined) next.orderTag = req.orderTag;
    if (req.gtdValidityDate !== undefined && req.validity === "GTD") next.gtdValidityDate = req.gtdValidityDate;
    // Issue 33: the trail as modified (0 removes it); the trigger trails from the one the modify set.
    delete next.trailValue;
    delete next.trailUnit;
    delete next.trailJump;
    withTrail(next, req);
    if (role === "main" && r.orderComplexity === "BO") {
      next.targetPrice = req.targetPrice || r.targetPrice;
      next.stopLossPrice = req.stopLossPrice || r.stopLossPrice;
    }
    // A trailing BO stop leg moved by the trader trails on from the stop the trader set and the best
    // price so far (fills.ts trails from stopLossPrice and trailRef): from its old base the next tick
    // put the old stop back, undoing a tightened stop at once.
    if (role !== "main" && isStop && r.trailingSlAmount > 0 && next.triggerPrice !== r.triggerPrice) {
      next.stopLossPrice = next.triggerPrice;
      next.trailRef = r.trailBest;
    }
    if (isStop && (r.orderType !== req.orderType || r.triggerPrice !== next.triggerPrice)) next.triggered = false;
    if (!isStop) next.triggered = false;
    if (req.orderType === "MARKET") next.protectionPrice = protectionPrice(next.transactionType, quote.ltp, next.marketProtection, inst.tickSize, quote.upperCircuit, quote.lowerCircuit);
    next.blocked = blockedMargin(market, portfolio, next, inst, quote, (enough) => closingAhead(working, next, enough));
    const funds = checkSufficientFunds(next.blocked.total - r.blocked.total, portfolio.tradingLimit(userId));
    if (!funds.ok) return funds;

    const waitingAmo = r.sessionDay === "";
    journal.inTransaction(() => {
      Object.assign(r, next);
      if (next.trailValue === undefined) {
        delete r.trailValue;
        delete r.trailUnit;
        delete r.trailJump;
      }
      journal.setStatus(r, "modified", false);
      journal.setStatus(r, waitingAmo ? "modify after market order req received" : restingStatus(r), true);
      // A sub-leg's new figure is its main order's too (legs.ts followLeg).
      const main = role === "main" ? undefined : journal.get(r.mainLegOrderId);
      if (main && followLeg(main, r)) journal.save(main);
      if (!waitingAmo) this.evaluate(r, inst, quote);
    });
    return { ok: true, orderNo: r.orderNo, orderStatus: r.orderStatus };
  }

  /**
   * Cancel (DELETE v2/orders/{id}). Cancelling either leg of a BO or CO while the session is open
   * exits the position (legs.ts); outside the session a leg is simply cancelled (at the close the
   * session sweep has already squared the position off through its stop-loss leg: session.ts).
   */
  cancel(userId: string, id: string): ActionResult {
    const { market, working, journal } = this.desk;
    const r = working.get(id);
    if (!r || r.userId !== userId) {
      const stored = journal.get(id);
      if (!stored || stored.userId !== userId) return ruleError("EC941");
      return ruleError("EC955", stored.orderStatus);
    }
    const inst = market.instrument(r.exchange, r.tokenNo);
    const quote = inst ? market.quote(r.exchange, r.tokenNo) : undefined;
    if (r.mainLegOrderId !== "" && inst && quote && market.isOpen(r.exchange)) {
      journal.inTransaction(() => this.legs.exit(r, inst, quote));
      const now = journal.get(r.brokerOrderId) ?? r;
      return { ok: true, orderNo: now.orderNo, orderStatus: now.orderStatus };
    }
    journal.inTransaction(() => journal.cancelRest(r, r.sessionDay === "" ? "cancelled after market order" : "cancelled"));
    return { ok: true, orderNo: r.orderNo, orderStatus: r.orderStatus };
  }

  /**
   * Cancels the user's working main orders that `pick` chooses (a kill switch's segment, a tripped
   * loss limit's all), as cancel all does; BO/CO legs stay: they only close a position. Answers
   * the orders cancelled.
   */
  cancelWhere(userId: string, pick: (r: OrderRecord) => boolean): string[] {
    const { working, journal } = this.desk;
    const chosen = working.all().filter((r) => r.userId === userId && r.mainLegOrderId === "" && pick(r));
    if (chosen.length === 0) return [];
    journal.inTransaction(() => {
      for (const r of chosen) journal.cancelRest(r, r.sessionDay === "" ? "cancelled after market order" : "cancelled");
    });
    return chosen.map((r) => r.orderNo);
  }

  /** Cancel all (DELETE v2/orders/cancelAll): every working order of the user that is not a BO/CO leg. EC938 when none. */
  cancelAll(userId: string): { ok: true; orderNos: string[] } | RuleError {
    const { working, journal } = this.desk;
    // The one rule the preview uses too (core/rules/cancelAll.ts): BO/CO legs stay.
    const mine = working.all().filter((r) => r.userId === userId && cancelAllTakes(r));
    if (mine.length === 0) return ruleError("EC938");
    journal.inTransaction(() => {
      for (const r of mine) journal.cancelRest(r, r.sessionDay === "" ? "cancelled after market order" : "cancelled");
    });
    return { ok: true, orderNos: mine.map((r) => r.orderNo) };
  }
}

/** An order's own fields as a request, for modify to lay the body over. */
/** The fields a modify names (a field sent as undefined is not named). */
function definedOf(body: ModifyBody): ModifyBody {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as ModifyBody;
}

/** The order as it stands, as the body that would place it: what a modify's fields go over. */
function requestOf(r: OrderRecord): OrderBody {
  return {
    exchange: r.exchange,
    instrumentId: r.instrumentId,
    transactionType: r.transactionType,
    quantity: r.quantity,
    product: r.product,
    orderComplexity: r.orderComplexity,
    orderType: r.orderType,
    validity: r.validity,
    price: r.price,
    slTriggerPrice: r.slTriggerPrice,
    disclosedQuantity: r.disclosedQuantity,
    marketProtection: r.marketProtection,
    targetPrice: r.targetPrice,
    stopLossPrice: r.stopLossPrice,
    trailingSlAmount: r.trailingSlAmount,
    trailValue: r.trailValue ?? 0,
    trailUnit: r.trailUnit ?? "POINTS",
    trailJump: r.trailJump ?? 0,
    gtdValidityDate: r.gtdValidityDate,
    orderTag: r.orderTag,
    algoId: r.algoId,
  };
}
