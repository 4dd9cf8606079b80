import { chargesInputOf, computeCharges } from "../../src/core/rules/charges.js";
import { quantityStep } from "../../src/core/rules/contractValue.js";
import { trailedStopLoss } from "../../src/core/rules/execution.js";
import { isModifiableStatus } from "../../src/core/rules/orderStatus.js";
import type { TransactionType } from "../../src/core/types/order.js";
import { istParts } from "../../src/core/time.js";
import type { DepthLevel, Instrument, Quote } from "../market/types.js";
import { blockedMargin, bookOf, closingAhead } from "./blocked.js";
import type { OrderDesk } from "./desk.js";
import { followLeg } from "./legs.js";
import { averagePrice, depthInOrderUnits, isTriggered, protectionPrice, takeLiquidity, type Fill } from "./matching.js";
import { NO_MARGIN, type OrderRecord, type TradeRow } from "./record.js";
import { trailStop } from "./trailStop.js";

/** Told of every fill after it is booked (the BO/CO legs follow their entry's fills). */
export type AfterFill = (r: OrderRecord, inst: Instrument, filled: number) => void;

/**
 * Fills: one working order against the current quote. Stops trail and trigger, then the order
 * takes what the book offers within its limit (or market protection), each fill is booked as a
 * trade with its charges into the portfolio, and IOC cancels what is left at once.
 */
export class Fills {
  /** What earlier orders took from each depth level of an instrument's current quote, and its levels in order units (worked out once a quote). */
  private readonly used = new Map<Instrument, { seq: number; bids: number[]; asks: number[]; levels: { BUY?: DepthLevel[]; SELL?: DepthLevel[] } }>();

  constructor(
    private readonly desk: OrderDesk,
    private readonly afterFill: AfterFill,
  ) {}

  evaluate(r: OrderRecord, inst: Instrument, quote: Quote): void {
    const { journal, working } = this.desk;
    if (r.sessionDay === "" || !isModifiableStatus(r.orderStatus)) return;
    const isStop = r.orderType === "SL" || r.orderType === "SLM";
    if (isStop && !r.triggered) {
      if (r.trailingSlAmount > 0 && r.mainLegOrderId !== "") {
        // The shared trailing rule from the entry price, the stop it started at and the best price since.
        const entrySide: TransactionType = r.transactionType === "SELL" ? "BUY" : "SELL";
        r.trailBest = entrySide === "BUY" ? Math.max(r.trailBest, quote.ltp) : Math.min(r.trailBest, quote.ltp);
        const trigger = trailedStopLoss({ entrySide, referencePrice: r.trailRef, initialStop: r.stopLossPrice, bestPrice: r.trailBest, trailAmount: r.trailingSlAmount, tickSize: inst.tickSize });
        if (trigger !== r.triggerPrice) {
          const from = r.triggerPrice;
          r.triggerPrice = trigger;
          r.slTriggerPrice = trigger;
          journal.setStatus(r, "modified", false);
          // The trail's, as a trailing stop's move is: the app says "Trail moved" from where to where, not "Modified".
          journal.setStatus(r, "trigger pending", true, { reason: "trail", previousTrigger: from });
          // The main row shows the stop that is working: it follows its leg here as after a trader's modify.
          const main = journal.get(r.mainLegOrderId);
          if (main && followLeg(main, r)) journal.save(main);
        }
      }
      const before = r.triggerPrice;
      if (trailStop(r, quote.ltp, inst.tickSize)) {
        journal.setStatus(r, "modified", false);
        // Marked as the trail's: the app says "Trail moved" from where to where, not a trader's "Modified".
        journal.setStatus(r, "trigger pending", true, { reason: "trail", previousTrigger: before });
      }
      if (!isTriggered(r.transactionType, r.triggerPrice, quote.ltp)) return;
      r.triggered = true;
      if (r.orderType === "SLM") r.protectionPrice = protectionPrice(r.transactionType, quote.ltp, r.marketProtection, inst.tickSize, quote.upperCircuit, quote.lowerCircuit);
      journal.setStatus(r, "open", true);
    }
    const bound = Number.isFinite(r.protectionPrice) && r.protectionPrice > 0 ? r.protectionPrice : undefined;
    const limit = r.orderType === "LIMIT" || r.orderType === "SL" ? r.price : bound;
    const fills = this.take(r, inst, quote, limit);
    for (const f of fills) this.book(r, inst, f);
    if (!working.has(r.brokerOrderId)) return;
    if (r.validity === "IOC" && r.pendingQuantity > 0) {
      journal.cancelRest(r, "cancelled");
      return;
    }
    if (fills.length > 0 && r.pendingQuantity > 0) journal.setStatus(r, "partly executed", true);
  }

  private take(r: OrderRecord, inst: Instrument, quote: Quote, limit: number | undefined): Fill[] {
    let u = this.used.get(inst);
    if (!u || u.seq !== quote.seq) {
      u = { seq: quote.seq, bids: [], asks: [], levels: {} };
      this.used.set(inst, u);
    }
    const side = r.transactionType;
    const levels = (u.levels[side] ??= (side === "BUY" ? quote.asks : quote.bids).map((l) => ({ ...l, quantity: depthInOrderUnits(inst.exchange, inst.lotSize, l.quantity) })));
    return takeLiquidity({ side, quantity: r.pendingQuantity, limit, levels, used: side === "BUY" ? u.asks : u.bids, step: quantityStep(inst.exchange, inst.lotSize) });
  }

  /** One fill: the trade with its charges, the position and holdings, the order's quantities and margin. */
  private book(r: OrderRecord, inst: Instrument, f: Fill): void {
    const { ctx, market, portfolio, journal, working } = this.desk;
    const now = ctx.clock.now();
    const charges = computeCharges(chargesInputOf(inst, { product: r.product, transactionType: r.transactionType, quantity: f.quantity, price: f.price })).total;
    const seq = journal.nextTradeSeq();
    const trade: TradeRow = {
      tradeId: `T${String(seq).padStart(9, "0")}`,
      brokerOrderId: r.brokerOrderId,
      orderNo: r.orderNo,
      exchange: r.exchange,
      instrumentId: r.instrumentId,
      token: r.token,
      tradingSymbol: r.tradingSymbol,
      transactionType: r.transactionType,
      product: r.product,
      orderType: r.orderType,
      orderComplexity: r.orderComplexity,
      filledQuantity: f.quantity,
      tradedPrice: f.price,
      tradeTime: journal.isoOf(now),
      charges,
    };
    journal.addTrade(r, seq, istParts(now).dateKey, trade);
    const type = r.orderComplexity === "BO" || r.orderComplexity === "CO" ? r.orderComplexity : "";
    portfolio.applyFill(r.userId, { inst, product: r.product, type, transactionType: r.transactionType, quantity: f.quantity, price: f.price, charges });
    r.filledQuantity += f.quantity;
    r.pendingQuantity -= f.quantity;
    r.filledValue += f.quantity * f.price;
    r.averageTradedPrice = averagePrice(r.filledValue, r.filledQuantity);
    // A filled order holds nothing: the quote (a copy of the book) is read only for what is still pending.
    const quote = r.pendingQuantity > 0 ? market.quote(inst.exchange, inst.token) : undefined;
    r.blocked = quote ? blockedMargin(market, portfolio, r, inst, quote, closingAhead(working, r)) : NO_MARGIN;
    if (r.pendingQuantity === 0) journal.finish(r, "complete");
    else journal.save(r);
    this.remarginSiblings(r, inst);
    this.afterFill(r, inst, f.quantity);
  }

  /**
   * The position moved: the user's other working orders on it (its instrument and book) hold margin
   * for what it no longer covers. A target SELL 10 @ 990 placed against a long 10 held none; once an
   * exit fills, it opens a short 10 and holds that short's margin. closingAhead's rule in one pass,
   * oldest first, each side's pending quantity summed as it goes (a call each read the instrument's
   * orders again for every order); an order is saved only when its margin moved, as a save writes
   * its row and sorts the instrument's resting index again.
   */
  private remarginSiblings(r: OrderRecord, inst: Instrument): void {
    const { market, portfolio, journal, working } = this.desk;
    const book = bookOf(r);
    const siblings: OrderRecord[] = [];
    for (const w of working.onInstrument(r.exchange, r.tokenNo)) {
      if (w.userId === r.userId && w.mainLegOrderId === "" && w.pendingQuantity > 0 && bookOf(w) === book) siblings.push(w);
    }
    if (siblings.length === 0 || (siblings.length === 1 && siblings[0] === r)) return;
    const quote = market.quote(inst.exchange, inst.token);
    if (!quote) return;
    siblings.sort((a, b) => a.seq - b.seq);
    let buying = 0;
    let selling = 0;
    for (const w of siblings) {
      const ahead = w.transactionType === "BUY" ? buying : selling;
      if (w.transactionType === "BUY") buying += w.pendingQuantity;
      else selling += w.pendingQuantity;
      if (w === r) continue;
      const blocked = blockedMargin(market, portfolio, w, inst, quote, ahead);
      if (blocked.total === w.blocked.total && blocked.span === w.blocked.span && blocked.exposure === w.blocked.exposure && blocked.premium === w.blocked.premium && blocked.cash === w.blocked.cash) continue;
      w.blocked = blocked;
      journal.save(w);
    }
  }
}
