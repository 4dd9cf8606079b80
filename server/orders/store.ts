import type { Db } from "../db.js";
import type { OrderRecord, OrderRow, TradeRow } from "./record.js";
import { orderSeqOf } from "./orderId.js";
import { ORDER_COLUMNS, ORDER_UPSERT, TRADE_COLUMNS, historyRows, orderValues, recordOf, tradeOf, tradeValues, type OrderValues } from "./rows.js";

const ORDER = ORDER_COLUMNS.filter((c) => c !== "history").join(", ");
const TRADE = TRADE_COLUMNS.join(", ");

/** SQLite persistence of orders (with their history), trades and client order keys; rows are columns (rows.ts). */
export class OrderStore {
  private readonly q;
  constructor(readonly db: Db) {
    this.q = {
      write: db.prepare(ORDER_UPSERT),
      // Reads leave the history column out (it is read only by history()), and return value arrays.
      // By the sequence inside the number (the row's key, orderId.ts), and the number itself, so text that only looks like one finds nothing.
      one: db.prepare(`SELECT ${ORDER}, '' FROM orders WHERE seq = ? AND broker_order_id = ?`).raw(),
      withHistory: db.prepare(`SELECT ${ORDER}, history FROM orders WHERE seq = ? AND broker_order_id = ?`).raw(),
      working: db.prepare(`SELECT ${ORDER}, '' FROM orders WHERE working = 1 ORDER BY seq`).raw(),
      book: db.prepare(`SELECT ${ORDER}, '' FROM orders WHERE user_id = ? AND (day = ? OR working = 1) ORDER BY seq DESC`).raw(),
      maxSeq: db.prepare("SELECT COALESCE(MAX(seq), 0) AS n FROM orders"),
      trade: db.prepare(`INSERT INTO trades (${TRADE}) VALUES (${TRADE_COLUMNS.map(() => "?").join(", ")})`),
      trades: db.prepare(`SELECT ${TRADE} FROM trades WHERE user_id = ? AND day = ? ORDER BY seq DESC`).raw(),
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

  /**
   * Writes an order as it stands: inserted under `day` (its IST day) when new, else its changing
   * columns replaced; `history` (history lines, rows.ts) is appended.
   */
  write(r: OrderRecord, working: boolean, day: string, history: string): void {
    this.q.write.run(orderValues(r, working, day, history));
  }

  history(id: string): OrderRow[] {
    const seq = orderSeqOf(id);
    const v = seq === undefined ? undefined : (this.q.withHistory.get(seq, id) as OrderValues | undefined);
    return v ? historyRows(recordOf(v), v[v.length - 1] as string) : [];
  }

  get(id: string): OrderRecord | undefined {
    const seq = orderSeqOf(id);
    const v = seq === undefined ? undefined : (this.q.one.get(seq, id) as OrderValues | undefined);
    return v ? recordOf(v) : undefined;
  }

  working(): OrderRecord[] {
    return (this.q.working.all() as OrderValues[]).map(recordOf);
  }

  /** Today's orders and every order still working (an AMO or GTD order from an earlier day), newest first. */
  book(userId: string, day: string): OrderRecord[] {
    return (this.q.book.all(userId, day) as OrderValues[]).map(recordOf);
  }

  addTrade(userId: string, orderSeq: number, seq: number, day: string, t: TradeRow): void {
    this.q.trade.run(tradeValues(userId, orderSeq, seq, day, t));
  }

  trades(userId: string, day: string): TradeRow[] {
    return (this.q.trades.all(userId, day) as unknown[][]).map(tradeOf);
  }

  keyResult<T>(userId: string, key: string): T | undefined {
    const row = this.q.key.get(userId, key) as { result: string } | undefined;
    return row ? (JSON.parse(row.result) as T) : undefined;
  }

  putKey(userId: string, key: string, result: unknown, at: Date): void {
    this.q.putKey.run(userId, key, JSON.stringify(result), at.toISOString());
  }
}
