import type { RuleError, RuleResult } from "../../src/core/errors.js";
import type { ValidationMode } from "../../src/core/rules/orderValidation.js";
import type { ModifyBody, OrderBody } from "../../src/core/wire/orders.js";
import type { Profile } from "../../src/core/types/contract.js";
import { istParts } from "../../src/core/time.js";
import type { BrokerContext } from "../context.js";
import type { Instrument, Market, Quote } from "../market/types.js";
import type { Portfolio, WorkingMargin } from "../portfolio/portfolio.js";
import { Brackets } from "./brackets.js";
import { OrderChanges, type ActionResult } from "./changes.js";
import type { Evaluate, OrderDesk, OrderGates } from "./desk.js";
import { checkHoldingCovers } from "./holdingClaims.js";
import { OrderEvents, type OrderUpdateListener } from "./events.js";
import { Fills } from "./fills.js";
import { GroupCommit } from "./groupCommit.js";
import { OrderIntake, profileOf, type CheckedOrder, type PlaceResult } from "./intake.js";
import { OrderJournal } from "./journal.js";
import { Legs } from "./legs.js";
import { toRow, type OrderRecord, type OrderRow, type TradeRow } from "./record.js";
import { SessionSweep } from "./session.js";
import type { WorkingOrders } from "./working.js";

export type { ActionResult } from "./changes.js";
export type { PlaceResult } from "./intake.js";

/**
 * The paper broker's order engine, put together from its parts: intake and idempotency
 * (intake.ts), modify and cancel (changes.ts), fills (fills.ts), BO/CO legs (legs.ts), the
 * session sweep (session.ts) and persistence (journal.ts, over the in-memory working orders of
 * working.ts). The market drives it: each tick re-evaluates the working orders of its
 * instrument, and the session edges are checked once a second.
 */
export class OrderEngine {
  readonly market: Market;
  readonly portfolio: Portfolio;
  private readonly working: WorkingOrders;
  private readonly journal: OrderJournal;
  private readonly events: OrderEvents;
  private readonly fills: Fills;
  private readonly session: SessionSweep;
  private readonly intake: OrderIntake;
  private readonly changes: OrderChanges;
  private readonly group: GroupCommit;
  private readonly gates: OrderGates = {};
  private readonly brackets: Brackets;
  private readonly stopTick: () => void;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly ctx: BrokerContext,
    deps: { market: Market; portfolio: Portfolio; working: WorkingOrders },
  ) {
    this.market = deps.market;
    this.portfolio = deps.portfolio;
    this.working = deps.working;
    this.events = new OrderEvents(ctx.log);
    this.journal = new OrderJournal(ctx.db, ctx, this.working, this.events, this.portfolio.store);
    const desk: OrderDesk = { ctx, market: this.market, portfolio: this.portfolio, working: this.working, journal: this.journal, gates: this.gates };
    // Legs, the session sweep, intake and changes all set orders to work through fills.
    const evaluate: Evaluate = (r, inst, quote) => this.fills.evaluate(r, inst, quote);
    const legs = new Legs(desk, evaluate);
    // Issue 33: a bracket's entry and legs follow their template (brackets.ts), the rest BO/CO's rule.
    const brackets = (this.brackets = desk.brackets = new Brackets(desk, evaluate));
    this.fills = new Fills(desk, (r, inst, filled) => {
      if (!brackets.followFill(r, inst, filled)) legs.followFill(r, inst, filled);
    });
    this.session = new SessionSweep(desk, evaluate, legs);
    this.intake = new OrderIntake(desk, evaluate);
    this.changes = new OrderChanges(desk, evaluate, legs);
    this.group = new GroupCommit(this.journal);

    this.journal.restore();
    brackets.restore();
    this.stopTick = this.market.onTick((quote, inst) => this.onTick(quote, inst));
    // Session edges (AMO release at the open, DAY lapse at the close, GTD expiry) are checked
    // once a second; a broker restarted later in the day catches up at once.
    this.timer = setInterval(() => this.sweep(), 1000);
    this.timer.unref();
    this.sweep();
  }

  stop(): void {
    clearInterval(this.timer);
    this.stopTick();
    this.working.stop();
  }

  /** Sets the checks every new order and modify passes (server/risk: the kill switch); called once at start-up. */
  setGates(gates: OrderGates): void {
    Object.assign(this.gates, gates);
  }

  /** Cancels the user's working main orders that `pick` chooses (changes.ts cancelWhere); answers their numbers. */
  cancelWhere(userId: string, pick: (r: OrderRow) => boolean): string[] {
    return this.changes.cancelWhere(userId, (r) => pick(toRow(r)));
  }

  /** Subscribes to every order update of every client (the feed, tests). Returns an unsubscribe. */
  onOrderUpdate(listener: OrderUpdateListener): () => void {
    return this.events.on(listener);
  }

  /**
   * Places an order for a user: the in-process door the HTTP call and the GTT engine share.
   * A repeated clientOrderKey answers the first result and places nothing ("one submit, one order").
   */
  placeOrder(userId: string, body: OrderBody): PlaceResult {
    return this.intake.place(userId, body);
  }

  /**
   * Places an order with the others arriving at the same time, in one transaction (group commit,
   * groupCommit.ts): the HTTP door. Resolves once that transaction has committed.
   */
  submitOrder(userId: string, body: OrderBody): Promise<PlaceResult> {
    return this.group.submit(() => this.intake.place(userId, body, true));
  }

  /** The check placing and the pre-order margin call share (parse, profile, instrument, quote, validation). */
  checkNewOrder(userId: string, body: OrderBody, mode: ValidationMode = { kind: "place" }): CheckedOrder | RuleError {
    return this.intake.check(userId, body, mode);
  }

  /**
   * Whether the client's demat holding covers a sale, as the place checks it (EC949), or as the modify
   * of the working order `except` does (that order's own claim left out): the margin check says so before Enter.
   */
  holdingCovers(userId: string, sale: Parameters<typeof checkHoldingCovers>[2], except = ""): RuleResult {
    return checkHoldingCovers({ market: this.market, portfolio: this.portfolio, working: this.working }, userId, sale, except);
  }

  /** The working orders by instrument: the margin check counts those already closing a position (blocked.ts closingAhead). */
  get workingOrders(): Pick<WorkingOrders, "onInstrument"> {
    return this.working;
  }

  /** The user's working order `orderNo`, as a modify finds it (changes.ts); undefined when there is none. */
  workingOrder(userId: string, orderNo: string): Readonly<OrderRecord> | undefined {
    const r = this.working.get(orderNo);
    return r && r.userId === userId ? r : undefined;
  }

  modifyOrder(userId: string, orderNo: string, body: ModifyBody): ActionResult {
    return this.changes.modify(userId, orderNo, body);
  }

  cancelOrder(userId: string, id: string): ActionResult {
    return this.changes.cancel(userId, id);
  }

  cancelAll(userId: string): { ok: true; orderNos: string[] } | RuleError {
    return this.changes.cancelAll(userId);
  }

  /** Session edges at `now` (tests call this directly after choosing the clock). */
  sweep(now: Date = this.ctx.clock.now()): void {
    this.session.sweep(now);
    this.working.releaseIdle();
  }

  // ---------------------------------------------------------------- books

  orderBook(userId: string): OrderRow[] {
    return this.journal.store.book(userId, this.today()).map((r) => toRow(this.working.get(r.brokerOrderId) ?? r));
  }

  tradeBook(userId: string): TradeRow[] {
    return this.journal.store.trades(userId, this.today());
  }

  /** The number of the latest trade made, any user's (the trade's id is T and this number). */
  lastTradeSeq(): number {
    return this.journal.lastTradeSeq();
  }

  /** The order's rows as it changed, oldest first; undefined when the order is not the user's. */
  history(userId: string, id: string): OrderRow[] | undefined {
    const r = this.journal.store.get(id);
    if (!r || r.userId !== userId) return undefined;
    return this.journal.store.history(id);
  }

  /** Margins of the user's working orders, for the funds limits. */
  workingMargins(userId: string): WorkingMargin[] {
    return this.working.margins(userId);
  }

  /** How many orders are working (the benchmark and tests read it). */
  /** New orders of the user's `day` booked in the open transaction, not yet in SQLite (journal.ts). */
  unwrittenNewOrders(userId: string, day: string): number {
    return this.journal.unwrittenNewOrders(userId, day);
  }

  workingCount(): number {
    return this.working.size;
  }

  /** The user's working orders that are not BO/CO legs: those a tripped loss limit cancels (cancelWhere's own choice). */
  workingMainOrders(userId: string): number {
    return this.working.all().filter((r) => r.userId === userId && r.mainLegOrderId === "").length;
  }

  profileOf(userId: string): Profile | undefined {
    return profileOf(this.ctx.db, userId);
  }

  // ---------------------------------------------------------------- the market drives the rest

  private onTick(quote: Quote, inst: Instrument): void {
    // A bracket waiting to move its stop to break-even after N ticks watches every price.
    if (this.brackets.watchesPrices(inst)) this.journal.inTransaction(() => this.brackets.onTick(quote, inst));
    // Only the orders this quote crosses (restingIndex.ts); a tick that crosses none costs a lookup.
    const orders = this.working.crossedBy(inst.exchange, inst.token, quote);
    if (orders.length === 0) return;
    this.journal.inTransaction(() => {
      for (const r of orders) {
        if (!this.working.has(r.brokerOrderId)) continue;
        if (r.sessionDay === "" && this.market.isOpen(r.exchange)) this.session.release(r, inst, quote);
        else this.fills.evaluate(r, inst, quote);
        // Evaluating may change an order without a new status (a stop's trail): sort it in again.
        this.working.touch(r);
      }
    });
  }

  private today(): string {
    return istParts(this.ctx.clock.now()).dateKey;
  }
}
