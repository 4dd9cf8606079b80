import { displayStatus } from "../../src/core/rules/orderStatus.js";
import type { OrderStatus } from "../../src/core/types/orderStatus.js";
import type { BrokerContext } from "../context.js";
import type { Db } from "../db.js";
import type { OrderEvents } from "./events.js";
import { isModifiableStatus } from "../../src/core/rules/orderStatus.js";
import { OrderUpdateMessage } from "./orderUpdate.js";
import { NO_MARGIN, type OrderRecord, type TradeRow } from "./record.js";
import { historyLine } from "./rows.js";
import { OrderStore } from "./store.js";
import type { WorkingOrders } from "./working.js";

/** An order changed in the open transaction: written once at its commit, whatever number of changes it saw. */
interface Pending {
  r: OrderRecord;
  /** The IST day a new order was placed on ("" for an order already stored: the column is kept). */
  day: string;
  history: string;
}

/** Writes another store holds back until the journal's commit (the portfolio's positions, holdings and funds). */
export interface DeferredWrites {
  defer(): void;
  mark(): number;
  rollbackTo(mark: number): void;
  flush(): void;
  abandon(): void;
}

/** Where a nested scope began: what a failure inside it takes back. */
interface Mark {
  outbox: number;
  undo: number;
  trades: number;
  keys: number;
  deferred: number;
}

/**
 * Persistence of the order engine: every change to an order is written to SQLite in the same
 * transaction as the trades, positions and funds it causes, so a restart (even a kill -9) picks
 * up exactly where it stopped. Order updates are published only after their transaction commits.
 *
 * The records in memory are what the engine works on and reads; SQLite is written at the end of
 * the outermost scope (inTransaction), inside its transaction, just before the commit: each order
 * touched is one row write however many changes it saw, and the portfolio's rows likewise
 * (DeferredWrites). A group of orders (groupCommit.ts) is one such scope; an order in it that
 * fails is taken back in memory alone (its nested scope), so no savepoint is needed (issue 18).
 */
export class OrderJournal {
  readonly store: OrderStore;
  /** Order updates of the open transaction, as they stood at each change, published after its commit. */
  private readonly outbox: Array<{ userId: string; update: object }> = [];
  private readonly pending = new Map<string, Pending>();
  /** Trades wait for their order's row (the foreign key): written after the orders. */
  private readonly pendingTrades: Array<{ userId: string; orderSeq: number; seq: number; day: string; trade: TradeRow }> = [];
  /** Client order keys of this transaction, answered before SQLite is asked (a key sent twice in one group). */
  private readonly pendingKeys: Array<{ k: string; userId: string; key: string; result: unknown; at: Date }> = [];
  private readonly keyIndex = new Map<string, unknown>();
  /** What the open transaction read once for all of its changes (readOnce). */
  private readonly reads = new Map<string, unknown>();
  /** How to take back each pending change of a nested scope, newest last. */
  private readonly undo: Array<() => void> = [];
  private depth = 0;
  /** The last instant isoOf() wrote, and its text. */
  private stampAt = Number.NaN;
  private stampText = "";
  private orderSeq: number;
  private tradeSeq: number;
  /** One wrapper made once: better-sqlite3 runs it as BEGIN/COMMIT (a savepoint inside someone else's transaction). */
  private readonly tx: (fn: () => void) => void;

  constructor(
    private readonly db: Db,
    private readonly ctx: Pick<BrokerContext, "clock">,
    private readonly working: WorkingOrders,
    private readonly events: OrderEvents,
    private readonly deferred: DeferredWrites,
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

  /** The number of the latest trade made (0 before any): a replay's jump notes it, so the report knows which trades came before it. */
  lastTradeSeq(): number {
    return this.tradeSeq;
  }

  /** A new order's first row and history entry, under the IST day it was placed. */
  insert(r: OrderRecord, day: string): void {
    const id = r.brokerOrderId;
    this.pending.set(id, { r, day, history: historyLine(r) });
    if (this.depth > 1) this.undo.push(() => this.pending.delete(id));
  }

  /**
   * New orders of `userId` on `day` booked in the open transaction and not yet written: a group of
   * orders (groupCommit.ts) writes its rows only at its commit, so a count of SQLite's rows alone
   * misses the orders placed before this one in the same group (the loss limits' orders count).
   */
  unwrittenNewOrders(userId: string, day: string): number {
    let n = 0;
    for (const p of this.pending.values()) if (p.day === day && p.r.userId === userId && p.r.mainLegOrderId === "") n++;
    return n;
  }

  /** A trade `seq` of `order`, written after the orders: its row names the order's sequence (the foreign key). */
  addTrade(order: Pick<OrderRecord, "userId" | "seq">, seq: number, day: string, trade: TradeRow): void {
    this.pendingTrades.push({ userId: order.userId, orderSeq: order.seq, seq, day, trade });
  }

  /** The order's latest state, whether working, changed in the open transaction, or stored. */
  get(id: string): OrderRecord | undefined {
    return this.working.get(id) ?? this.pending.get(id)?.r ?? this.store.get(id);
  }

  /** The first result of a client order key, if it was used. */
  keyResult<T>(userId: string, key: string): T | undefined {
    return (this.keyIndex.get(`${userId}\u0000${key}`) as T | undefined) ?? this.store.keyResult<T>(userId, key);
  }

  /**
   * A read that holds for the whole of the open transaction: nothing else runs while it does, and
   * the engine never writes what it reads this way (a user's profile), so the orders of one group
   * read it once. Outside a transaction it is simply read.
   */
  readOnce<T>(key: string, read: () => T): T {
    if (this.depth === 0) return read();
    if (this.reads.has(key)) return this.reads.get(key) as T;
    const value = read();
    this.reads.set(key, value);
    return value;
  }

  /** Keeps a key's first result (a key already used keeps its first). */
  putKey(userId: string, key: string, result: unknown, at: Date): void {
    const k = `${userId}\u0000${key}`;
    if (this.keyIndex.has(k)) return;
    this.keyIndex.set(k, result);
    this.pendingKeys.push({ k, userId, key, result, at });
  }

  /** Records a status: the row, one history entry, and (when `publish`) an order update after commit, both at the broker's now. */
  setStatus(r: OrderRecord, status: OrderStatus, publish: boolean, by?: ConstructorParameters<typeof OrderUpdateMessage>[2]): void {
    // A modify (the trader's, or a trailing stop moved) writes "modified" to the history, then the
    // resting status: the update of that status says it follows a modify, or it reads like a placement.
    const afterModify = r.orderStatus === "modified";
    r.orderStatus = status;
    r.status = displayStatus(r);
    // The order's time stays when it was placed; a change (a fill, a modify, a lapse) carries its
    // own time, in its history line and as its update's brokerUpdateTime.
    const at = this.isoOf(this.ctx.clock.now());
    const p = this.touched(r);
    p.history += historyLine(r, at);
    this.working.touch(r);
    if (publish) this.outbox.push({ userId: r.userId, update: new OrderUpdateMessage(r, afterModify, by, at) });
  }

  /** An instant as ISO text: every change and trade of every order is stamped, so the text is worked out once a millisecond. */
  isoOf(at: Date): string {
    const t = at.getTime();
    if (t !== this.stampAt) {
      this.stampAt = t;
      this.stampText = new Date(t).toISOString();
    }
    return this.stampText;
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
      const id = r.brokerOrderId;
      p = { r, day: "", history: "" };
      this.pending.set(id, p);
      if (this.depth > 1) this.undo.push(() => this.pending.delete(id));
    } else if (this.depth > 1) {
      const q = p;
      const history = q.history;
      this.undo.push(() => (q.history = history));
    }
    return p;
  }

  /** Writes what the transaction changed: each order once, then its trades, keys and the portfolio's rows. */
  private writeBack(): void {
    for (const p of this.pending.values()) this.store.write(p.r, isModifiableStatus(p.r.orderStatus), p.day, p.history);
    for (const t of this.pendingTrades) this.store.addTrade(t.userId, t.orderSeq, t.seq, t.day, t.trade);
    for (const k of this.pendingKeys) this.store.putKey(k.userId, k.key, k.result, k.at);
    this.deferred.flush();
    this.clear();
  }

  private clear(): void {
    this.pending.clear();
    this.pendingTrades.length = 0;
    this.pendingKeys.length = 0;
    this.keyIndex.clear();
    this.reads.clear();
    this.undo.length = 0;
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
   * Runs a change in one SQLite transaction, written at its end, then publishes the order updates
   * it produced. Inside another scope (each order of a group commit, groupCommit.ts) the change is
   * nested: a failure takes back only what it wrote (its pending rows, trades, keys and portfolio
   * rows, and its updates), and its updates wait for the enclosing commit. Records it changed in
   * memory before failing stay as they are.
   */
  inTransaction(fn: () => void): void {
    if (this.depth > 0) {
      this.nested(fn);
      return;
    }
    this.depth = 1;
    this.deferred.defer();
    try {
      this.tx(() => {
        fn();
        this.writeBack();
      });
    } catch (err) {
      // Nothing of it was committed: memory goes back to what SQLite kept, and nobody hears of it.
      this.outbox.length = 0;
      this.clear();
      this.deferred.abandon();
      throw err;
    } finally {
      this.depth = 0;
    }
    const updates = this.outbox.splice(0);
    for (const u of updates) this.events.emit(u.userId, u.update);
  }

  private nested(fn: () => void): void {
    const m: Mark = { outbox: this.outbox.length, undo: this.undo.length, trades: this.pendingTrades.length, keys: this.pendingKeys.length, deferred: this.deferred.mark() };
    this.depth++;
    try {
      fn();
    } catch (err) {
      this.outbox.length = m.outbox;
      while (this.undo.length > m.undo) this.undo.pop()!();
      this.pendingTrades.length = m.trades;
      for (const k of this.pendingKeys.splice(m.keys)) this.keyIndex.delete(k.k);
      this.deferred.rollbackTo(m.deferred);
      throw err;
    } finally {
      this.depth--;
    }
  }
}
