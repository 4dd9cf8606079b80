import { chargesInputOf, computeCharges } from "../../src/core/rules/charges.js";
import { quantityStep } from "../../src/core/rules/contractValue.js";
import { trailedStopLoss } from "../../src/core/rules/execution.js";
import { isModifiableStatus } from "../../src/core/rules/orderStatus.js";
import type { TransactionType } from "../../src/core/types/order.js";
import { istParts } from "../../src/core/time.js";
import type { DepthLevel, Instrument, Quote } from "../market/types.js";
import { blockedMargin, closingAhead } from "./blocked.js";
import { orderBook, positionTypeOf } from "../../src/core/rules/positionKey.js";
import type { OrderDesk } from "./desk.js";
import { followLeg } from "./legs.js";
import { averagePrice, depthInOrderUnits, isTriggered, protectionPrice, takeLiquidity, type Fill } from "./matching.js";
import { NO_MARGIN, type BlockedMargin, type OrderRecord, type TradeRow } from "./record.js";
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
    portfolio.applyFill(r.userId, { inst, product: r.product, type: positionTypeOf(r.orderComplexity), transactionType: r.transactionType, quantity: f.quantity, price: f.price, charges });
    r.filledQuantity += f.quantity;
    r.pendingQuantity -= f.quantity;
    r.filledValue += f.quantity * f.price;
    r.averageTradedPrice = averagePrice(r.filledValue, r.filledQuantity);
    // A filled order holds nothing: the quote (a copy of the book) is read only for what is still pending.
    const quote = r.pendingQuantity > 0 ? market.quote(inst.exchange, inst.token) : undefined;
    r.blocked = quote ? blockedMargin(market, portfolio, r, inst, quote, (enough) => closingAhead(working, r, enough)) : NO_MARGIN;
    if (r.pendingQuantity === 0) journal.finish(r, "complete");
    else journal.save(r);
    this.remarginSiblings(r, inst, f.quantity);
    this.afterFill(r, inst, f.quantity);
  }

  /**
   * The position moved: the user's other working orders on it (its instrument and book) hold margin
   * for what it no longer covers. A target SELL 10 @ 990 placed against a long 10 held none; once an
   * exit fills, it opens a short 10 and holds that short's margin. closingAhead's rule, oldest first,
   * for the orders the position reaches before the fill or after it (a SELL closes a long, a BUY a
   * short): an order past both reaches opened exposure before and after, so its margin stands.
   * Margining every order of the user on the instrument at each fill, each with its own scan of the
   * book, took the engine's time per order from 81 to 305 µs in the orders bench, whose trader rests
   * hundreds of orders an instrument. An order is saved only when its margin moved (a save writes its
   * row and sorts the instrument's resting index again).
   */
  private remarginSiblings(r: OrderRecord, inst: Instrument, filled: number): void {
    const { market, portfolio, journal, working } = this.desk;
    const book = orderBook(r);
    const after = portfolio.netQuantity(r.userId, inst, book) ?? 0;
    const before = after - (r.transactionType === "BUY" ? filled : -filled);
    const reach: Record<TransactionType, number> = { SELL: Math.max(before, after, 0), BUY: Math.max(-before, -after, 0) };
    if (reach.SELL === 0 && reach.BUY === 0) return;
    const sides: Record<TransactionType, OrderRecord[]> = { BUY: [], SELL: [] };
    for (const w of working.onInstrument(r.exchange, r.tokenNo)) {
      if (w.userId === r.userId && w.mainLegOrderId === "" && w.pendingQuantity > 0 && reach[w.transactionType] > 0 && orderBook(w) === book) sides[w.transactionType].push(w);
    }
    const quote = market.quote(inst.exchange, inst.token);
    if (!quote) return;
    for (const side of ["BUY", "SELL"] as const) {
      let ahead = 0;
      for (const w of oldestWithin(sides[side], reach[side])) {
        if (w !== r) {
          const before = ahead;
          const blocked = blockedMargin(market, portfolio, w, inst, quote, () => before);
          if (!sameMargin(blocked, w.blocked)) {
            w.blocked = blocked;
            journal.save(w);
          }
        }
        ahead += w.pendingQuantity;
      }
    }
  }
}

const sameMargin = (a: BlockedMargin, b: BlockedMargin): boolean =>
  a.total === b.total && a.span === b.span && a.exposure === b.exposure && a.premium === b.premium && a.cash === b.cash;

/**
 * The orders a position of `reach` reaches, oldest first: each while the pending quantity of those
 * before it is under `reach`. The oldest are picked one at a time (a position reaches one or two
 * orders as a rule: no sort of every order at each fill); past 16 picks the rest are sorted once.
 * Reorders `orders`.
 */
export function oldestWithin(orders: OrderRecord[], reach: number): OrderRecord[] {
  const out: OrderRecord[] = [];
  let ahead = 0;
  for (let from = 0; ahead < reach && from < orders.length; from++) {
    if (from === 16) {
      const rest = orders.slice(from).sort((a, b) => a.seq - b.seq);
      for (const w of rest) {
        if (ahead >= reach) break;
        out.push(w);
        ahead += w.pendingQuantity;
      }
      return out;
    }
    let min = from;
    for (let i = from + 1; i < orders.length; i++) if (orders[i]!.seq < orders[min]!.seq) min = i;
    const w = orders[min]!;
    orders[min] = orders[from]!;
    orders[from] = w;
    out.push(w);
    ahead += w.pendingQuantity;
  }
  return out;
}