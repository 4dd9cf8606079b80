import type { TransactionType } from "../../src/core/types/order.js";
import { istParts } from "../../src/core/time.js";
import type { Instrument, Quote } from "../market/types.js";
import type { Evaluate, OrderDesk } from "./desk.js";
import { protectionPrice } from "./matching.js";
import { NO_MARGIN, type OrderRecord } from "./record.js";
import { restingStatus } from "./working.js";

/**
 * BO and CO legs. The entry's fills place them (BO: a LIMIT target and an SLM stop-loss; CO: an
 * SLM stop-loss) and later fills raise their quantity; what one leg fills the other no longer
 * protects (OCO); cancelling either leg exits the position through the stop-loss leg.
 */
export class Legs {
  constructor(
    private readonly desk: OrderDesk,
    private readonly evaluate: Evaluate,
  ) {}

  /** After a fill of any order: a BO/CO entry grows its legs, a leg shrinks its sibling. */
  followFill(r: OrderRecord, inst: Instrument, filled: number): void {
    // Legs are told apart by their main-leg id (an exit leg may be MARKET, which the display rule calls main).
    if (r.mainLegOrderId === "" && (r.orderComplexity === "BO" || r.orderComplexity === "CO")) this.grow(r, inst, filled);
    else if (r.mainLegOrderId !== "") this.shrinkSibling(r, filled);
  }

  /**
   * Cancelling a leg while the session is open exits the position: the stop-loss leg is
   * triggered at once and fills at market within protection, and OCO cancels the target.
   * Call inside the journal's transaction.
   */
  exit(leg: OrderRecord, inst: Instrument, quote: Quote): void {
    const stop = this.desk.working.legsOf(leg.mainLegOrderId).find((l) => l.orderType === "SLM") ?? leg;
    stop.triggered = true;
    stop.protectionPrice = protectionPrice(stop.transactionType, quote.ltp, stop.marketProtection, inst.tickSize, quote.upperCircuit, quote.lowerCircuit);
    if (stop.orderType !== "SLM") {
      stop.orderType = "SLM";
      stop.price = 0;
    }
    this.desk.journal.setStatus(stop, "open", true);
    this.evaluate(stop, inst, quote);
  }

  private grow(main: OrderRecord, inst: Instrument, filled: number): void {
    const { ctx, market, working, journal } = this.desk;
    const legs = working.legsOf(main.brokerOrderId);
    if (legs.length > 0) {
      for (const leg of legs) {
        leg.quantity += filled;
        leg.pendingQuantity += filled;
        journal.setStatus(leg, leg.orderStatus, true);
      }
      return;
    }
    const exit: TransactionType = main.transactionType === "BUY" ? "SELL" : "BUY";
    const quote = market.quote(inst.exchange, inst.token);
    const stopTrigger = main.orderComplexity === "BO" ? main.stopLossPrice : main.slTriggerPrice;
    const created: OrderRecord[] = [];
    if (main.orderComplexity === "BO") created.push(this.newLeg(main, exit, filled, "LIMIT", main.targetPrice, 0, 0));
    created.push(this.newLeg(main, exit, filled, "SLM", 0, stopTrigger, main.orderComplexity === "BO" ? main.trailingSlAmount : 0));
    for (const leg of created) {
      leg.trailRef = main.averageTradedPrice;
      leg.trailBest = main.averageTradedPrice;
      journal.insert(leg, istParts(ctx.clock.now()).dateKey);
      journal.setStatus(leg, restingStatus(leg), true);
      working.add(leg);
    }
    if (quote) for (const leg of created) this.evaluate(leg, inst, quote);
  }

  private newLeg(main: OrderRecord, side: TransactionType, quantity: number, orderType: "LIMIT" | "SLM", price: number, trigger: number, trail: number): OrderRecord {
    // A stop-loss leg remembers the stop it started at: the trailing rule moves from there.
    return { ...exitLeg(this.desk, main, side, quantity, orderType, price, trigger), stopLossPrice: trigger, trailingSlAmount: trail };
  }


  /** OCO: what one leg fills, the other no longer protects; at zero it is cancelled. */
  private shrinkSibling(leg: OrderRecord, filled: number): void {
    const { working, journal } = this.desk;
    for (const other of working.legsOf(leg.mainLegOrderId)) {
      if (other.brokerOrderId === leg.brokerOrderId) continue;
      const cut = Math.min(filled, other.pendingQuantity);
      other.pendingQuantity -= cut;
      other.quantity -= cut;
      if (other.pendingQuantity === 0) {
        other.quantity += cut;
        other.cancelledQuantity += cut;
        journal.finish(other, "cancelled");
      } else journal.setStatus(other, other.orderStatus, true);
    }
  }
}

/**
 * A leg's modified figure, written back to its main order: the main's target and stop are what
 * grow() places its legs at, and what the order book shows on the main row (a CO's Trigger). A main
 * still saying the old stop after its stop leg moved misled the trader, and a later
 * leg would be placed at the old figure. The broker keeps one truth: the main follows its leg,
 * whether a trader moved it (changes.ts) or its trailing stop did (fills.ts).
 * Answers whether the main changed.
 */
export function followLeg(main: OrderRecord, leg: Pick<OrderRecord, "orderType" | "price" | "slTriggerPrice">): boolean {
  const before = [main.targetPrice, main.stopLossPrice, main.slTriggerPrice].join();
  const stop = leg.orderType === "SL" || leg.orderType === "SLM";
  if (main.orderComplexity === "CO" && stop) main.slTriggerPrice = leg.slTriggerPrice;
  else if (main.orderComplexity === "BO" && stop) main.stopLossPrice = leg.slTriggerPrice;
  else if (main.orderComplexity === "BO" && leg.orderType === "LIMIT") main.targetPrice = leg.price;
  return [main.targetPrice, main.stopLossPrice, main.slTriggerPrice].join() !== before;
}

/**
 * An exit leg of `main` (a BO/CO leg here, a bracket template's target or stop in brackets.ts): a new
 * order number under the main's, its instrument and product, the exit side, nothing filled yet,
 * placed now (not when its main was).
 */
export function exitLeg(desk: Pick<OrderDesk, "ctx" | "journal">, main: OrderRecord, side: TransactionType, quantity: number, orderType: "LIMIT" | "SLM", price: number, trigger: number): OrderRecord {
  const { ctx, journal } = desk;
  const seq = journal.nextOrderSeq();
  const id = `${main.brokerOrderId.slice(0, 6)}${String(seq).padStart(7, "0")}`;
  return {
    ...main,
    brokerOrderId: id,
    orderNo: id,
    orderStatus: "put order req received",
    status: "",
    mainLegOrderId: main.brokerOrderId,
    transactionType: side,
    quantity,
    pendingQuantity: quantity,
    filledQuantity: 0,
    cancelledQuantity: 0,
    orderType,
    price,
    triggerPrice: trigger,
    slTriggerPrice: trigger,
    stopLossPrice: 0,
    targetPrice: 0,
    trailingSlAmount: 0,
    disclosedQuantity: 0,
    averageTradedPrice: 0,
    validity: "DAY",
    rejectionReason: "",
    clientOrderKey: "",
    orderTime: journal.isoOf(ctx.clock.now()),
    seq,
    blocked: NO_MARGIN,
    triggered: false,
    protectionPrice: 0,
    trailRef: 0,
    trailBest: 0,
    filledValue: 0,
  };
}
