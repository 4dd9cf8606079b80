import type { Db } from "../db.js";
import type { OrderRecord, OrderRow, TradeRow } from "./record.js";
import { isModifiableStatus } from "../../src/core/rules/orderStatus.js";

/** SQLite persistence of orders, their history, trades and client order keys. */
export class OrderStore {
  private readonly q;
  constructor(readonly db: Db) {
    this.q = {
      insert: db.prepare("INSERT INTO orders (broker_order_id, user_id, seq, working, day, data) VALUES (?, ?, ?, ?, ?, ?)"),
      update: db.prepare("UPDATE orders SET working = ?, data = ? WHERE broker_order_id = ?"),
      history: db.prepare("INSERT INTO order_history (broker_order_id, data) VALUES (?, ?)"),
      historyOf: db.prepare("SELECT data FROM order_history WHERE broker_order_id = ? ORDER BY id"),
      one: db.prepare("SELECT data FROM orders WHERE broker_order_id = ?"),
      working: db.prepare("SELECT data FROM orders WHERE working = 1 ORDER BY seq"),
      book: db.prepare("SELECT data FROM orders WHERE user_id = ? AND (day = ? OR working = 1) ORDER BY seq DESC"),
      maxSeq: db.prepare("SELECT COALESCE(MAX(seq), 0) AS n FROM orders"),
      trade: db.prepare("INSERT INTO trades (trade_id, user_id, broker_order_id, seq, day, data) VALUES (?, ?, ?, ?, ?, ?)"),
      trades: db.prepare("SELECT data FROM trades WHERE user_id = ? AND day = ? ORDER BY seq DESC"),
      maxTrade: db.prepare("SELECT COALESCE(MAX(seq), 0) AS n FROM trades"),
      key: db.prepare("SELECT result FROM client_order_keys WHERE user_id = ? AND client_order_key = ?"),
      putKey: db.prepare("INSERT OR IGNORE INTO client_order_keys (user_id, client_order_key, result, created_at) VALUES (?, ?, ?, ?)"),
    };
  }

  maxOrderSeq(): number {
    return (this.q.maxSeq.get() as { n: number }).n;
  }

  maxTradeSeq(): number {
    return (this.q.maxTrade.get() as { n: number }).n;
  }

  insert(r: OrderRecord, day: string): void {
    this.q.insert.run(r.brokerOrderId, r.userId, r.seq, isModifiableStatus(r.orderStatus) ? 1 : 0, day, JSON.stringify(r));
  }

  save(r: OrderRecord): void {
    this.q.update.run(isModifiableStatus(r.orderStatus) ? 1 : 0, JSON.stringify(r), r.brokerOrderId);
  }

  addHistory(id: string, row: OrderRow): void {
    this.q.history.run(id, JSON.stringify(row));
  }

  history(id: string): OrderRow[] {
    return (this.q.historyOf.all(id) as Array<{ data: string }>).map((r) => JSON.parse(r.data) as OrderRow);
  }

  get(id: string): OrderRecord | undefined {
    const row = this.q.one.get(id) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as OrderRecord) : undefined;
  }

  working(): OrderRecord[] {
    return (this.q.working.all() as Array<{ data: string }>).map((r) => JSON.parse(r.data) as OrderRecord);
  }

  /** Today's orders and every order still working (an AMO or GTD order from an earlier day), newest first. */
  book(userId: string, day: string): OrderRecord[] {
    return (this.q.book.all(userId, day) as Array<{ data: string }>).map((r) => JSON.parse(r.data) as OrderRecord);
  }

  addTrade(userId: string, seq: number, day: string, t: TradeRow): void {
    this.q.trade.run(t.tradeId, userId, t.brokerOrderId, seq, day, JSON.stringify(t));
  }

  trades(userId: string, day: string): TradeRow[] {
    return (this.q.trades.all(userId, day) as Array<{ data: string }>).map((r) => JSON.parse(r.data) as TradeRow);
  }

  keyResult<T>(userId: string, key: string): T | undefined {
    const row = this.q.key.get(userId, key) as { result: string } | undefined;
    return row ? (JSON.parse(row.result) as T) : undefined;
  }

  putKey(userId: string, key: string, result: unknown, at: Date): void {
    this.q.putKey.run(userId, key, JSON.stringify(result), at.toISOString());
  }
}
