import { displayStatus } from "../../src/core/rules/orderStatus.js";
import type { OrderStatus } from "../../src/core/types/orderStatus.js";
import type { BrokerContext } from "../context.js";
import type { Db } from "../db.js";
import type { OrderEvents } from "./events.js";
import { isModifiableStatus } from "../../src/core/rules/orderStatus.js";
import { orderUpdateOf } from "./orderUpdate.js";
import { NO_MARGIN, type OrderRecord, type TradeRow } from "./record.js";
import { historyLine } from "./rows.js";
import { OrderStore } from "./store.js";
import type { WorkingOrders } from "./working.js";

/** An order changed in the open scope: written once when the scope ends, whatever number of changes it saw. */
interface Pending {
  r: OrderRecord;
  /** The IST day a new order was placed on ("" for an order already stored: the column is kept). */
  day: string;
  history: string;
}

/**
 * Persistence of the order engine: every change to an order is written to SQLite in the same
 * transaction as the trades, positions and funds it causes, so a restart (even a kill -9) picks
 * up exactly where it stopped. Order updates are published only after their transaction commits.
 *
 * The records in memory are what the engine works on; the changes of one scope (inTransaction)
 * are gathered and each order touched is written once at the scope's end, still inside its
 * transaction: an order placed and filled in one call is one row write, not an insert, an update
 * and three history inserts (issue 18).
 */
export class OrderJournal {
  readonly store: OrderStore;
  private readonly outbox: OrderRecord[] = [];
  private readonly pending = new Map<string, Pending>();
  /** Trades wait for their order's row (the foreign key): written after the orders of the scope. */
  private readonly pendingTrades: Array<{ userId: string; seq: number; day: string; trade: TradeRow }> = [];
  private orderSeq: number;
  private tradeSeq: number;
  /** One wrapper made once: better-sqlite3 runs it as BEGIN/COMMIT, or as a savepoint when a transaction is already open. */
  private readonly tx: (fn: () => void) => void;

  constructor(
    private readonly db: Db,
    private readonly ctx: Pick<BrokerContext, "clock">,
    private readonly working: WorkingOrders,
    private readonly events: OrderEvents,
    /** Told when a change rolled back, so that state read from SQLite into memory (the portfolio's) is read again. */
    private readonly afterRollback: () => void,
  ) {
    this.store = new OrderStore(db);
    this.tx = db.transaction((fn: () => void) => fn());
    this.orderSeq = this.store.maxOrderSeq();
    this.tradeSeq = this.store.maxTradeSeq();
  }

  /** Puts the orders that were working when the broker stopped back to work. */
  restore(): void {
    for (const r of this.store.working()) this.working.add(r);
  }

  /** Order and trade numbers continue across restarts; nothing is reused. */
  nextOrderSeq(): number {
    return ++this.orderSeq;
  }

  nextTradeSeq(): number {
    return ++this.tradeSeq;
  }

  /** A new order's first row and history entry, under the IST day it was placed. */
  insert(r: OrderRecord, day: string): void {
    this.pending.set(r.brokerOrderId, { r, day, history: historyLine(r) });
  }

  addTrade(userId: string, seq: number, day: string, trade: TradeRow): void {
    this.pendingTrades.push({ userId, seq, day, trade });
  }

  /** The order's latest state, whether working, written in the open scope, or stored. */
  get(id: string): OrderRecord | undefined {
    return this.working.get(id) ?? this.pending.get(id)?.r ?? this.store.get(id);
  }

  /** Records a status: the row, one history entry, and (when `publish`) an order update after commit. */
  setStatus(r: OrderRecord, status: OrderStatus, publish: boolean): void {
    r.orderStatus = status;
    r.status = displayStatus(r);
    r.orderTime = this.ctx.clock.now().toISOString();
    this.touched(r).history += historyLine(r);
    this.working.touch(r);
    if (publish) this.outbox.push({ ...r });
  }

  /** Saves a change that is not a new status (a fill that leaves the order working). */
  save(r: OrderRecord): void {
    r.status = displayStatus(r);
    this.touched(r);
    this.working.touch(r);
  }

  private touched(r: OrderRecord): Pending {
    let p = this.pending.get(r.brokerOrderId);
    if (!p) {
      p = { r, day: "", history: "" };
      this.pending.set(r.brokerOrderId, p);
    }
    return p;
  }

  /** Writes what the open scope changed: each order once, then the trades. */
  private writePending(): void {
    for (const p of this.pending.values()) this.store.write(p.r, isModifiableStatus(p.r.orderStatus), p.day, p.history);
    this.pending.clear();
    for (const t of this.pendingTrades) this.store.addTrade(t.userId, t.seq, t.day, t.trade);
    this.pendingTrades.length = 0;
  }

  /** The order stops working in a final status and releases its margin. */
  finish(r: OrderRecord, status: OrderStatus): void {
    r.blocked = NO_MARGIN;
    this.setStatus(r, status, true);
    this.working.remove(r);
  }

  /** What is still pending is cancelled (cancel, IOC remainder, lapse); the order finishes in `status`. */
  cancelRest(r: OrderRecord, status: OrderStatus): void {
    r.cancelledQuantity += r.pendingQuantity;
    r.pendingQuantity = 0;
    this.finish(r, status);
  }

  /**
   * Runs a change in one SQLite transaction, then publishes the order updates it produced. Inside
   * an enclosing transaction (a group commit, groupCommit.ts) the change is a savepoint: a failure
   * rolls back only this change, and its updates wait for the enclosing commit.
   */
  inTransaction(fn: () => void): void {
    const start = this.outbox.length;
    // An enclosing scope's changes so far are written first, so that what a failure here discards is its own.
    this.writePending();
    try {
      this.tx(() => {
        fn();
        this.writePending();
      });
    } catch (err) {
      this.outbox.length = start;
      this.pending.clear();
      this.pendingTrades.length = 0;
      this.afterRollback();
      throw err;
    }
    if (this.db.inTransaction) return;
    const updates = this.outbox.splice(0);
    for (const u of updates) this.events.emit(u.userId, orderUpdateOf(u));
  }
}
