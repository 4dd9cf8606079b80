import { OK, ruleError, type RuleError, type RuleResult } from "../../src/core/errors.js";
import { computeCharges } from "../../src/core/rules/charges.js";
import { trailedStopLoss } from "../../src/core/rules/execution.js";
import { quantityStep } from "../../src/core/rules/contractValue.js";
import { displayStatus, isModifiableStatus, legRole } from "../../src/core/rules/orderStatus.js";
import { checkSufficientFunds, parseOrderRequest, validateOrder } from "../../src/core/rules/orderValidation.js";
import { ACCOUNT_STATUSES, type AccountStatus, type Profile } from "../../src/core/types/contract.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { OrderRequest, TransactionType } from "../../src/core/types/order.js";
import type { OrderStatus } from "../../src/core/types/orderStatus.js";
import type { OrderUpdate } from "../../src/core/types/orderUpdate.js";
import { mwTopic } from "../../src/feed/topics.js";
import { findUser } from "../accounts.js";
import { istParts } from "../clock.js";
import type { BrokerContext } from "../context.js";
import type { Instrument, Market, Quote } from "../market/types.js";
import { marginFor } from "../portfolio/margin.js";
import { holdingProductOf, holdsInDemat, Portfolio, type WorkingMargin } from "../portfolio/portfolio.js";
import { figuresOf } from "../portfolio/positions.js";
import { contractInfoOf, findInstrument } from "./contract.js";
import { OrderEvents, type OrderUpdateListener } from "./events.js";
import { averagePrice, depthInOrderUnits, isTriggered, protectionPrice, takeLiquidity, type Fill } from "./matching.js";
import { NO_MARGIN, toRow, type BlockedMargin, type OrderRecord, type OrderRow, type TradeRow } from "./record.js";
import { OrderStore } from "./store.js";

/** One result of a place call (the spec: "array of results, each with status and message"). */
export interface PlaceResult {
  status: string;
  message: string;
  orderNo: string;
  brokerOrderId: string;
  orderStatus: string;
  clientOrderKey: string;
}

/** The answer of modify and cancel: the envelope's status and message, and the order touched. */
export type ActionResult = { ok: true; orderNo: string; orderStatus: string } | RuleError;

const ckey = (exchange: Exchange, token: number): string => `${exchange}:${token}`;

/**
 * The paper broker's order engine. Working orders live in memory, indexed by instrument so that
 * a market tick touches only the orders of its own instrument, and every change is written to
 * SQLite in the same transaction as the trades, positions and funds it causes: a restart picks
 * up exactly where it stopped. Each change publishes an order update (events.ts).
 */
export class OrderEngine {
  readonly portfolio: Portfolio;
  readonly store: OrderStore;
  private readonly working = new Map<string, OrderRecord>();
  private readonly byInstrument = new Map<string, Set<string>>();
  private readonly watches = new Map<string, () => void>();
  /** What earlier orders took from each depth level of an instrument's current quote. */
  private readonly used = new Map<string, { seq: number; bids: number[]; asks: number[] }>();
  private readonly outbox: OrderRecord[] = [];
  private orderSeq: number;
  private tradeSeq: number;
  private readonly stopTick: () => void;
  private readonly timer: NodeJS.Timeout;
  private readonly events: OrderEvents;

  constructor(
    private readonly ctx: BrokerContext,
    readonly market: Market,
  ) {
    this.events = new OrderEvents(ctx.log);
    this.store = new OrderStore(ctx.db);
    this.portfolio = new Portfolio(ctx.db, market, (userId) => this.workingMargins(userId));
    this.orderSeq = this.store.maxOrderSeq();
    this.tradeSeq = this.store.maxTradeSeq();
    for (const r of this.store.working()) this.index(r);
    this.stopTick = market.onTick((quote, inst) => this.onTick(quote, inst));
    // Session edges (AMO release at the open, DAY lapse at the close, GTD expiry) are checked
    // once a second; a broker restarted later in the day catches up at once (constructor sweep).
    this.timer = setInterval(() => this.sweep(), 1000);
    this.timer.unref();
    this.sweep();
  }

  /** Subscribes to every order update of every client (the feed, tests). Returns an unsubscribe. */
  onOrderUpdate(listener: OrderUpdateListener): () => void {
    return this.events.on(listener);
  }

  stop(): void {
    clearInterval(this.timer);
    this.stopTick();
    for (const release of this.watches.values()) release();
    this.watches.clear();
  }

  // ---------------------------------------------------------------- place

  /**
   * Places an order for a user: the in-process door the HTTP call and the GTT engine share.
   * A repeated clientOrderKey answers the first result and places nothing ("one submit, one order").
   */
  placeOrder(userId: string, raw: unknown): PlaceResult {
    const key = typeof raw === "object" && raw !== null && typeof (raw as { clientOrderKey?: unknown }).clientOrderKey === "string" ? (raw as { clientOrderKey: string }).clientOrderKey.trim() : "";
    if (key) {
      const first = this.store.keyResult<PlaceResult>(userId, key);
      if (first) return first;
    }
    const placed = this.tryPlace(userId, raw, key);
    if (!placed.ok) return { status: placed.code, message: placed.message, orderNo: "", brokerOrderId: "", orderStatus: "", clientOrderKey: key };
    const r = placed.record;
    const result: PlaceResult = { status: "Ok", message: "Success", orderNo: r.orderNo, brokerOrderId: r.brokerOrderId, orderStatus: r.orderStatus, clientOrderKey: key };
    return result;
  }

  /**
   * Reads and validates a new order for a user against its contract and live quote: the one
   * check that both placing and the pre-order margin call run.
   */
  checkNewOrder(userId: string, raw: unknown): { ok: true; req: OrderRequest; profile: Profile; inst: Instrument; quote: Quote } | RuleError {
    const parsed = parseOrderRequest(raw);
    if (!parsed.ok) return parsed;
    const req = parsed.value;
    const profile = this.profileOf(userId);
    if (!profile) return ruleError("EC900", "unknown user");
    const inst = findInstrument(this.market, req.exchange, req.instrumentId);
    const quote = inst ? this.market.quote(inst.exchange, inst.token) : undefined;
    const contract = inst && !inst.isIndex ? contractInfoOf(inst, quote) : undefined;
    const valid = validateOrder(req, contract, profile, { kind: "place" });
    if (!valid.ok) return valid;
    if (!inst || !quote) return ruleError("EC902");
    return { ok: true, req, profile, inst, quote };
  }

  private tryPlace(userId: string, raw: unknown, key: string): { ok: true; record: OrderRecord } | RuleError {
    const checked = this.checkNewOrder(userId, raw);
    if (!checked.ok) return checked;
    const { req, inst, quote } = checked;
    const now = this.ctx.clock.now();
    const open = this.market.isOpen(inst.exchange, now);
    const isAmo = req.orderComplexity === "AMO";
    if (isAmo && open) return ruleError("EC947");
    if (!isAmo && !open) return ruleError("EC946");

    const holdingsCheck = this.checkHoldings(userId, inst, req);
    if (!holdingsCheck.ok) return holdingsCheck;

    const seq = ++this.orderSeq;
    const day = istParts(now).dateKey;
    const id = `${day.replace(/-/g, "").slice(2)}${String(seq).padStart(7, "0")}`;
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
      triggerPrice: req.orderType === "SL" || req.orderType === "SLM" ? req.slTriggerPrice : 0,
      slTriggerPrice: req.orderType === "SL" || req.orderType === "SLM" || req.orderComplexity === "CO" ? req.slTriggerPrice : 0,
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
      sessionDay: isAmo ? "" : day,
      filledValue: 0,
    };
    if (req.validity === "GTD" && req.gtdValidityDate) r.gtdValidityDate = req.gtdValidityDate;
    if (r.orderType === "MARKET") r.protectionPrice = protectionPrice(r.transactionType, quote.ltp, r.marketProtection, inst.tickSize, quote.upperCircuit, quote.lowerCircuit);
    r.blocked = this.marginOf(r, inst, quote);
    const funds = checkSufficientFunds(r.blocked.total, this.portfolio.tradingLimit(userId));
    if (!funds.ok) return funds;

    this.inTransaction(() => {
      r.status = displayStatus(r);
      this.store.insert(r, day);
      this.store.addHistory(r.brokerOrderId, toRow(r));
      this.setStatus(r, "validation pending", false);
      this.setStatus(r, isAmo ? "after market order req received" : this.restingStatus(r), true);
      this.index(r);
      if (!isAmo) this.evaluate(r, inst, quote);
      if (key) {
        const result: PlaceResult = { status: "Ok", message: "Success", orderNo: r.orderNo, brokerOrderId: r.brokerOrderId, orderStatus: r.orderStatus, clientOrderKey: key };
        this.store.putKey(userId, key, result, now);
      }
    });
    return { ok: true, record: r };
  }

  /** Equity sells out of the demat account need the shares: the holding less what pending sells already claim. */
  private checkHoldings(userId: string, inst: Instrument, req: OrderRequest): RuleResult {
    if (req.transactionType !== "SELL" || !holdsInDemat(inst.exchange, req.product)) return OK;
    const product = holdingProductOf(req.product);
    const held = this.portfolio.holdingQuantity(userId, inst.isin, product);
    let claimed = 0;
    for (const o of this.working.values()) {
      if (o.userId !== userId || o.transactionType !== "SELL" || !holdsInDemat(o.exchange, o.product) || holdingProductOf(o.product) !== product) continue;
      const oi = this.market.instrument(o.exchange, o.tokenNo);
      if (oi?.isin === inst.isin) claimed += o.pendingQuantity;
    }
    return req.quantity <= held - claimed ? OK : ruleError("EC949", `available ${Math.max(0, held - claimed)}`);
  }

  // ---------------------------------------------------------------- modify and cancel

  /** Modify (PUT v2/orders/{orderNo}): the body's fields over the order's own; the spec's modify rules. */
  modifyOrder(userId: string, orderNo: string, raw: unknown): ActionResult {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return ruleError("EC900", "the body must be a JSON object");
    const r = this.working.get(orderNo);
    if (!r || r.userId !== userId) {
      const stored = this.store.get(orderNo);
      if (!stored || stored.userId !== userId) return ruleError("EC941");
      return ruleError("EC993", stored.orderStatus);
    }
    const merged = { ...this.requestOf(r), ...(raw as Record<string, unknown>) };
    // A body naming only triggerPrice must not be shadowed by the order's own slTriggerPrice.
    if ((raw as Record<string, unknown>).slTriggerPrice === undefined && (raw as Record<string, unknown>).triggerPrice !== undefined) {
      merged.slTriggerPrice = (raw as Record<string, unknown>).triggerPrice;
    }
    const parsed = parseOrderRequest(merged);
    if (!parsed.ok) return parsed;
    const req = parsed.value;
    const profile = this.profileOf(userId);
    const inst = this.market.instrument(r.exchange, r.tokenNo);
    const quote = inst ? this.market.quote(r.exchange, r.tokenNo) : undefined;
    if (!profile || !inst || !quote) return ruleError("EC902");
    const role = legRole(r);
    // A leg's own prices are not BO/CO entry prices: validate it as the plain order it is.
    const asValidated: OrderRequest = role === "main" ? req : { ...req, orderComplexity: "REGULAR" };
    const existing = role === "main" ? toRow(r) : { ...toRow(r), orderComplexity: "REGULAR" as const };
    const valid = validateOrder(asValidated, contractInfoOf(inst, quote), profile, { kind: "modify", existing });
    if (!valid.ok) return valid;

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
    if (role === "main" && r.orderComplexity === "BO") {
      next.targetPrice = req.targetPrice || r.targetPrice;
      next.stopLossPrice = req.stopLossPrice || r.stopLossPrice;
    }
    if (isStop && (r.orderType !== req.orderType || r.triggerPrice !== next.triggerPrice)) next.triggered = false;
    if (!isStop) next.triggered = false;
    if (req.orderType === "MARKET") next.protectionPrice = protectionPrice(next.transactionType, quote.ltp, next.marketProtection, inst.tickSize, quote.upperCircuit, quote.lowerCircuit);
    next.blocked = this.marginOf(next, inst, quote);
    const funds = checkSufficientFunds(next.blocked.total - r.blocked.total, this.portfolio.tradingLimit(userId));
    if (!funds.ok) return funds;

    const waitingAmo = r.sessionDay === "";
    this.inTransaction(() => {
      Object.assign(r, next);
      this.setStatus(r, "modified", false);
      this.setStatus(r, waitingAmo ? "modify after market order req received" : this.restingStatus(r), true);
      if (!waitingAmo) this.evaluate(r, inst, quote);
    });
    return { ok: true, orderNo: r.orderNo, orderStatus: r.orderStatus };
  }

  /**
   * Cancel (DELETE v2/orders/{id}). Cancelling either leg of a BO or CO exits the position: the
   * stop-loss leg is triggered at once and fills at market, and OCO cancels the target.
   */
  cancelOrder(userId: string, id: string): ActionResult {
    const r = this.working.get(id);
    if (!r || r.userId !== userId) {
      const stored = this.store.get(id);
      if (!stored || stored.userId !== userId) return ruleError("EC941");
      return ruleError("EC955", stored.orderStatus);
    }
    const inst = this.market.instrument(r.exchange, r.tokenNo);
    const quote = inst ? this.market.quote(r.exchange, r.tokenNo) : undefined;
    // Outside the session a leg is simply cancelled (legs lapse at the close anyway).
    if (r.mainLegOrderId !== "" && inst && quote && this.market.isOpen(r.exchange)) {
      const stop = this.legsOf(r.mainLegOrderId).find((l) => l.orderType === "SLM") ?? r;
      this.inTransaction(() => {
        // The stop-loss leg is triggered now: it sells (or buys) at market within protection.
        stop.triggered = true;
        stop.protectionPrice = protectionPrice(stop.transactionType, quote.ltp, stop.marketProtection, inst.tickSize, quote.upperCircuit, quote.lowerCircuit);
        if (stop.orderType !== "SLM") {
          stop.orderType = "SLM";
          stop.price = 0;
        }
        this.setStatus(stop, "open", true);
        this.evaluate(stop, inst, quote);
      });
      const now = this.working.get(r.brokerOrderId) ?? this.store.get(r.brokerOrderId) ?? r;
      return { ok: true, orderNo: now.orderNo, orderStatus: now.orderStatus };
    }
    this.inTransaction(() => this.cancelRest(r, r.sessionDay === "" ? "cancelled after market order" : "cancelled"));
    return { ok: true, orderNo: r.orderNo, orderStatus: r.orderStatus };
  }

  /** Cancel all (DELETE v2/orders/cancelAll): every working order of the user that is not a BO/CO leg. EC938 when none. */
  cancelAll(userId: string): { ok: true; orderNos: string[] } | RuleError {
    const mine = [...this.working.values()].filter((r) => r.userId === userId && r.mainLegOrderId === "");
    if (mine.length === 0) return ruleError("EC938");
    this.inTransaction(() => {
      for (const r of mine) this.cancelRest(r, r.sessionDay === "" ? "cancelled after market order" : "cancelled");
    });
    return { ok: true, orderNos: mine.map((r) => r.orderNo) };
  }

  // ---------------------------------------------------------------- books

  orderBook(userId: string): OrderRow[] {
    return this.store.book(userId, this.today()).map((r) => toRow(this.working.get(r.brokerOrderId) ?? r));
  }

  tradeBook(userId: string): TradeRow[] {
    return this.store.trades(userId, this.today());
  }

  /** The order's rows as it changed, oldest first; undefined when the order is not the user's. */
  history(userId: string, id: string): OrderRow[] | undefined {
    const r = this.store.get(id);
    if (!r || r.userId !== userId) return undefined;
    return this.store.history(id);
  }

  /** Margins of the user's working orders, for the funds limits. */
  workingMargins(userId: string): WorkingMargin[] {
    const out: WorkingMargin[] = [];
    for (const r of this.working.values()) {
      if (r.userId === userId && r.blocked.total > 0) out.push({ exchange: r.exchange, transactionType: r.transactionType, blocked: r.blocked });
    }
    return out;
  }

  /** How many orders are working (the benchmark and tests read it). */
  workingCount(): number {
    return this.working.size;
  }

  // ---------------------------------------------------------------- the market drives the rest

  private onTick(quote: Quote, inst: Instrument): void {
    const ids = this.byInstrument.get(ckey(inst.exchange, inst.token));
    if (!ids || ids.size === 0) return;
    const orders = [...ids].map((id) => this.working.get(id)).filter((r): r is OrderRecord => r !== undefined);
    orders.sort((a, b) => a.seq - b.seq);
    this.inTransaction(() => {
      for (const r of orders) {
        if (!this.working.has(r.brokerOrderId)) continue;
        if (r.sessionDay === "" && this.market.isOpen(r.exchange)) this.release(r, inst, quote);
        else this.evaluate(r, inst, quote);
      }
    });
  }

  /**
   * Session edges: AMOs are released at their exchange's open; DAY and IOC orders lapse when the
   * session they worked in has closed ("done for day" when part filled, "lapsed" otherwise);
   * GTD orders carry to the next session until the close of their validity date.
   * Tests call this directly after choosing the clock.
   */
  sweep(now: Date = this.ctx.clock.now()): void {
    if (this.working.size === 0) return;
    const { dateKey: today, minutes } = istParts(now);
    this.inTransaction(() => {
      for (const r of [...this.working.values()].sort((a, b) => a.seq - b.seq)) {
        const inst = this.market.instrument(r.exchange, r.tokenNo);
        if (!inst) continue;
        const open = this.market.isOpen(r.exchange, now);
        const closeMin = this.market.hours(r.exchange).close;
        if (r.sessionDay === "") {
          if (open) {
            const quote = this.market.quote(r.exchange, r.tokenNo);
            if (quote) this.release(r, inst, quote);
          }
          continue;
        }
        if (r.validity === "GTD" && r.gtdValidityDate) {
          const expired = today > r.gtdValidityDate || (today === r.gtdValidityDate && minutes >= closeMin);
          if (expired) this.cancelRest(r, "lapsed");
          else if (open && r.sessionDay !== today) r.sessionDay = today;
          continue;
        }
        const ended = today > r.sessionDay || (today === r.sessionDay && minutes >= closeMin);
        if (ended) this.cancelRest(r, r.filledQuantity > 0 ? "done for day" : "lapsed");
      }
    });
  }

  /** An AMO at the open: re-checked against the funds (they may have moved overnight), then it works like any order. */
  private release(r: OrderRecord, inst: Instrument, quote: Quote): void {
    r.sessionDay = istParts(this.ctx.clock.now()).dateKey;
    if (r.orderType === "MARKET") r.protectionPrice = protectionPrice(r.transactionType, quote.ltp, r.marketProtection, inst.tickSize, quote.upperCircuit, quote.lowerCircuit);
    const held = r.blocked;
    r.blocked = this.marginOf(r, inst, quote);
    const limit = this.portfolio.tradingLimit(r.userId);
    if (r.blocked.total - held.total > limit + 1e-9) {
      r.rejectionReason = "RMS: insufficient funds at the open for this after-market order";
      this.finish(r, "rejected");
      return;
    }
    this.setStatus(r, this.restingStatus(r), true);
    this.evaluate(r, inst, quote);
  }

  /**
   * One order against the current quote: trail and trigger stops, then take what the book offers
   * within the order's limit (or market protection). IOC cancels what is left at once.
   */
  private evaluate(r: OrderRecord, inst: Instrument, quote: Quote): void {
    if (r.sessionDay === "" || !isModifiableStatus(r.orderStatus)) return;
    const isStop = r.orderType === "SL" || r.orderType === "SLM";
    if (isStop && !r.triggered) {
      if (r.trailingSlAmount > 0 && r.mainLegOrderId !== "") {
        // The shared trailing rule from the entry price, the stop it started at and the best price since.
        const entrySide: TransactionType = r.transactionType === "SELL" ? "BUY" : "SELL";
        r.trailBest = entrySide === "BUY" ? Math.max(r.trailBest, quote.ltp) : Math.min(r.trailBest, quote.ltp);
        const trigger = trailedStopLoss({ entrySide, referencePrice: r.trailRef, initialStop: r.stopLossPrice, bestPrice: r.trailBest, trailAmount: r.trailingSlAmount, tickSize: inst.tickSize });
        if (trigger !== r.triggerPrice) {
          r.triggerPrice = trigger;
          r.slTriggerPrice = trigger;
          this.setStatus(r, "modified", false);
          this.setStatus(r, "trigger pending", true);
        }
      }
      if (!isTriggered(r.transactionType, r.triggerPrice, quote.ltp)) return;
      r.triggered = true;
      if (r.orderType === "SLM") r.protectionPrice = protectionPrice(r.transactionType, quote.ltp, r.marketProtection, inst.tickSize, quote.upperCircuit, quote.lowerCircuit);
      this.setStatus(r, "open", true);
    }
    const bound = Number.isFinite(r.protectionPrice) && r.protectionPrice > 0 ? r.protectionPrice : undefined;
    const limit = r.orderType === "LIMIT" || r.orderType === "SL" ? r.price : bound;
    const fills = this.take(r, inst, quote, limit);
    for (const f of fills) this.bookFill(r, inst, f);
    if (!this.working.has(r.brokerOrderId)) return;
    if (r.validity === "IOC" && r.pendingQuantity > 0) {
      this.cancelRest(r, "cancelled");
      return;
    }
    if (fills.length > 0 && r.pendingQuantity > 0) this.setStatus(r, "partly executed", true);
  }

  private take(r: OrderRecord, inst: Instrument, quote: Quote, limit: number | undefined): Fill[] {
    const k = ckey(inst.exchange, inst.token);
    let u = this.used.get(k);
    if (!u || u.seq !== quote.seq) {
      u = { seq: quote.seq, bids: [], asks: [] };
      this.used.set(k, u);
    }
    const side = r.transactionType;
    const book = side === "BUY" ? quote.asks : quote.bids;
    const levels = book.map((l) => ({ ...l, quantity: depthInOrderUnits(inst.exchange, inst.lotSize, l.quantity) }));
    return takeLiquidity({ side, quantity: r.pendingQuantity, limit, levels, used: side === "BUY" ? u.asks : u.bids, step: quantityStep(inst.exchange, inst.lotSize) });
  }

  private bookFill(r: OrderRecord, inst: Instrument, f: Fill): void {
    const now = this.ctx.clock.now();
    const charges = computeCharges({
      exchange: inst.exchange,
      insType: inst.insType,
      product: r.product,
      transactionType: r.transactionType,
      quantity: f.quantity,
      price: f.price,
      multiplier: inst.multiplier,
      lotSize: inst.lotSize,
    }).total;
    const seq = ++this.tradeSeq;
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
      tradeTime: now.toISOString(),
      charges,
    };
    this.store.addTrade(r.userId, seq, istParts(now).dateKey, trade);
    const type = r.orderComplexity === "BO" || r.orderComplexity === "CO" ? r.orderComplexity : "";
    this.portfolio.applyFill(r.userId, { inst, product: r.product, type, transactionType: r.transactionType, quantity: f.quantity, price: f.price, charges });
    r.filledQuantity += f.quantity;
    r.pendingQuantity -= f.quantity;
    r.filledValue += f.quantity * f.price;
    r.averageTradedPrice = averagePrice(r.filledValue, r.filledQuantity);
    const quote = this.market.quote(inst.exchange, inst.token);
    r.blocked = quote ? this.marginOf(r, inst, quote) : NO_MARGIN;
    if (r.pendingQuantity === 0) this.finish(r, "complete");
    else this.save(r);

    // Legs are told apart by their main-leg id (an exit leg may be MARKET, which the display rule calls main).
    if (r.mainLegOrderId === "" && (r.orderComplexity === "BO" || r.orderComplexity === "CO")) this.growLegs(r, inst, f.quantity);
    else if (r.mainLegOrderId !== "") this.shrinkSibling(r, f.quantity);
  }

  /**
   * BO and CO legs follow the entry's fills: the first fill places them (BO: a LIMIT target and
   * an SLM stop-loss; CO: an SLM stop-loss), later fills raise their quantity.
   */
  private growLegs(main: OrderRecord, inst: Instrument, filled: number): void {
    const legs = this.legsOf(main.brokerOrderId);
    if (legs.length > 0) {
      for (const leg of legs) {
        leg.quantity += filled;
        leg.pendingQuantity += filled;
        this.setStatus(leg, leg.orderStatus, true);
      }
      return;
    }
    const exit: TransactionType = main.transactionType === "BUY" ? "SELL" : "BUY";
    const quote = this.market.quote(inst.exchange, inst.token);
    const stopTrigger = main.orderComplexity === "BO" ? main.stopLossPrice : main.slTriggerPrice;
    const created: OrderRecord[] = [];
    if (main.orderComplexity === "BO") created.push(this.newLeg(main, exit, filled, "LIMIT", main.targetPrice, 0, 0));
    created.push(this.newLeg(main, exit, filled, "SLM", 0, stopTrigger, main.orderComplexity === "BO" ? main.trailingSlAmount : 0));
    for (const leg of created) {
      leg.trailRef = main.averageTradedPrice;
      leg.trailBest = main.averageTradedPrice;
      this.store.insert(leg, istParts(this.ctx.clock.now()).dateKey);
      this.store.addHistory(leg.brokerOrderId, toRow(leg));
      this.setStatus(leg, this.restingStatus(leg), true);
      this.index(leg);
    }
    if (quote) for (const leg of created) this.evaluate(leg, inst, quote);
  }

  private newLeg(main: OrderRecord, side: TransactionType, quantity: number, orderType: "LIMIT" | "SLM", price: number, trigger: number, trail: number): OrderRecord {
    const seq = ++this.orderSeq;
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
      // A stop-loss leg remembers the stop it started at: the trailing rule moves from there.
      stopLossPrice: trigger,
      targetPrice: 0,
      trailingSlAmount: trail,
      disclosedQuantity: 0,
      averageTradedPrice: 0,
      validity: "DAY",
      rejectionReason: "",
      clientOrderKey: "",
      seq,
      blocked: NO_MARGIN,
      triggered: false,
      protectionPrice: 0,
      trailRef: 0,
      trailBest: 0,
      filledValue: 0,
    };
  }

  /** OCO: what one leg fills, the other no longer protects; at zero it is cancelled. */
  private shrinkSibling(leg: OrderRecord, filled: number): void {
    for (const other of this.legsOf(leg.mainLegOrderId)) {
      if (other.brokerOrderId === leg.brokerOrderId) continue;
      const cut = Math.min(filled, other.pendingQuantity);
      other.pendingQuantity -= cut;
      other.quantity -= cut;
      if (other.pendingQuantity === 0) {
        other.quantity += cut;
        other.cancelledQuantity += cut;
        this.finish(other, "cancelled");
      } else this.setStatus(other, other.orderStatus, true);
    }
  }

  /** The working legs of a main order (legs work on the main order's instrument). */
  private legsOf(mainId: string): OrderRecord[] {
    const out: OrderRecord[] = [];
    for (const r of this.working.values()) if (r.mainLegOrderId === mainId) out.push(r);
    return out;
  }

  // ---------------------------------------------------------------- state changes

  private cancelRest(r: OrderRecord, status: OrderStatus): void {
    r.cancelledQuantity += r.pendingQuantity;
    r.pendingQuantity = 0;
    this.finish(r, status);
  }

  private finish(r: OrderRecord, status: OrderStatus): void {
    r.blocked = NO_MARGIN;
    this.setStatus(r, status, true);
    this.unindex(r);
  }

  /** Records a status: the row, one history entry, and (when `publish`) an order update after commit. */
  private setStatus(r: OrderRecord, status: OrderStatus, publish: boolean): void {
    r.orderStatus = status;
    r.status = displayStatus(r);
    r.orderTime = this.ctx.clock.now().toISOString();
    this.store.save(r);
    this.store.addHistory(r.brokerOrderId, toRow(r));
    if (publish) this.outbox.push({ ...r });
  }

  private save(r: OrderRecord): void {
    r.status = displayStatus(r);
    this.store.save(r);
  }

  /** The status a working order rests in: waiting for its trigger, part filled, or open. */
  private restingStatus(r: OrderRecord): OrderStatus {
    if ((r.orderType === "SL" || r.orderType === "SLM") && !r.triggered) return "trigger pending";
    if (r.filledQuantity > 0 && r.pendingQuantity > 0) return "partly executed";
    return "open";
  }

  /**
   * The margin a working order holds for its pending quantity. BO/CO legs hold none (they close
   * the entry's position); an order that reduces an open position of the same product holds
   * margin only for the part beyond that position.
   */
  private marginOf(r: OrderRecord, inst: Instrument, quote: Quote): BlockedMargin {
    if (r.mainLegOrderId !== "" || r.pendingQuantity <= 0) return NO_MARGIN;
    let quantity = r.pendingQuantity;
    const type = r.orderComplexity === "BO" || r.orderComplexity === "CO" ? r.orderComplexity : "";
    const pos = this.portfolio.store.position(r.userId, r.exchange, r.tokenNo, type || r.product);
    if (pos && !holdsInDemat(r.exchange, r.product)) {
      const net = figuresOf(pos, inst).netQuantity;
      if ((net > 0 && r.transactionType === "SELL") || (net < 0 && r.transactionType === "BUY")) quantity = Math.max(0, quantity - Math.abs(net));
    }
    const price = r.orderType === "LIMIT" || r.orderType === "SL" ? r.price : r.orderType === "SLM" ? r.triggerPrice : quote.ltp;
    return marginFor(this.market, inst, { product: r.product, orderComplexity: r.orderComplexity, transactionType: r.transactionType, quantity, price });
  }

  private index(r: OrderRecord): void {
    if (!isModifiableStatus(r.orderStatus)) return;
    this.working.set(r.brokerOrderId, r);
    const k = ckey(r.exchange, r.tokenNo);
    let ids = this.byInstrument.get(k);
    if (!ids) {
      ids = new Set();
      this.byInstrument.set(k, ids);
      // A derivative with resting orders must keep ticking even if nobody watches it.
      this.watches.set(k, this.market.watch(r.exchange, r.tokenNo));
    }
    ids.add(r.brokerOrderId);
  }

  private unindex(r: OrderRecord): void {
    this.working.delete(r.brokerOrderId);
    const k = ckey(r.exchange, r.tokenNo);
    const ids = this.byInstrument.get(k);
    if (!ids) return;
    ids.delete(r.brokerOrderId);
    if (ids.size === 0) {
      this.byInstrument.delete(k);
      this.watches.get(k)?.();
      this.watches.delete(k);
    }
  }

  /** Runs a change in one SQLite transaction, then publishes the order updates it produced. */
  private inTransaction(fn: () => void): void {
    const start = this.outbox.length;
    try {
      this.ctx.db.transaction(fn)();
    } catch (err) {
      this.outbox.length = start;
      throw err;
    }
    const updates = this.outbox.splice(0);
    for (const u of updates) this.events.emit(u.userId, orderUpdateOf(u));
  }

  private requestOf(r: OrderRecord): Record<string, unknown> {
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
      gtdValidityDate: r.gtdValidityDate,
      orderTag: r.orderTag,
      algoId: r.algoId,
    };
  }

  profileOf(userId: string): Profile | undefined {
    const u = findUser(this.ctx.db, userId);
    if (!u) return undefined;
    const status = (ACCOUNT_STATUSES as readonly string[]).includes(u.account_status) ? (u.account_status as AccountStatus) : "BLOCKED";
    return { accountStatus: status, exchanges: JSON.parse(u.exchanges) as Exchange[] };
  }

  private today(): string {
    return istParts(this.ctx.clock.now()).dateKey;
  }
}

/** The order update of access-and-surroundings section 3, plus the row's identity and averages. */
export function orderUpdateOf(r: OrderRecord): OrderUpdate & { orderNo: string; averageTradedPrice: number; product: string; orderComplexity: string; mainLegOrderId: string; instrumentId: string; triggerPrice: number } {
  return {
    brokerOrderId: r.brokerOrderId,
    orderNo: r.orderNo,
    brokerUpdateTime: r.orderTime,
    orderStatus: r.orderStatus,
    validity: r.validity,
    orderType: r.orderType,
    exchange: r.exchange,
    instrumentId: r.instrumentId,
    tradingSymbol: r.tradingSymbol,
    transactionType: r.transactionType,
    product: r.product,
    orderComplexity: r.orderComplexity,
    mainLegOrderId: r.mainLegOrderId,
    quantity: r.quantity,
    cancelledQuantity: r.cancelledQuantity,
    pendingQuantity: r.pendingQuantity,
    filledQuantity: r.filledQuantity,
    price: r.price,
    triggerPrice: r.triggerPrice,
    slTriggerPrice: r.slTriggerPrice,
    averageTradedPrice: r.averageTradedPrice,
    rejectionReason: r.rejectionReason,
    topic: mwTopic(r.exchange, r.tokenNo),
  };
}
