import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate } from "../../server/db.js";
import { migrations, type Migration } from "../../server/migrations.js";

const altersOrders = (m: Migration): boolean => /ALTER TABLE orders ADD COLUMN/.test(m.sql);
import { OrderStore } from "../../server/orders/store.js";

/**
 * Migration 310 (issue 18) moves orders, their history and trades from one JSON document per row
 * into columns, and 311 drops the index on the order number (the sequence inside it is the key)
 * and has trades name their order's sequence. A data folder written before both must still open
 * with every order, history row and trade as it was: the rows below are what the engine wrote
 * then (server/orders/store.ts at 8de7add).
 */
describe("an existing data folder opens after orders moved into columns", () => {
  it("keeps every order, its history in order, its trades and which orders still work", () => {
    const db = new Database(":memory:");
    db.pragma("foreign_keys = ON");
    // The data folder as it was: every migration but 310 and 311 applied.
    db.exec("CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    for (const m of [...migrations].sort((a, b) => a.id - b.id)) {
      // Later migrations that add columns to the table 310 makes (3300's trail, 3322's bracket, issue 33):
      // a folder from before 310 has not had them either.
      if (m.id === 310 || m.id === 311 || altersOrders(m)) continue;
      db.exec(m.sql);
      db.prepare("INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)").run(m.id, m.name, "2026-11-20T00:00:00.000Z");
    }
    db.prepare("INSERT INTO users (user_id, client_name, mobile, email, password_hash, exchanges, created_at) VALUES ('U1', 'U', '', '', '', '[]', '')").run();

    const margin = { span: 0, exposure: 0, premium: 0, cash: 1523.45, total: 1523.45 };
    const row = {
      brokerOrderId: "2611200000007",
      orderNo: "2611200000007",
      status: "OPEN",
      orderStatus: "open",
      mainLegOrderId: "",
      exchange: "NSEEQ",
      instrumentId: "1594",
      token: "1594",
      tradingSymbol: "INFY-EQ",
      quantity: 10,
      pendingQuantity: 10,
      filledQuantity: 0,
      cancelledQuantity: 0,
      price: 1400,
      triggerPrice: 0,
      slTriggerPrice: 0,
      stopLossPrice: 0,
      targetPrice: 0,
      trailingSlAmount: 0,
      disclosedQuantity: 0,
      averageTradedPrice: 0,
      marketProtection: 0,
      orderTag: "swing",
      algoId: "",
      orderComplexity: "REGULAR",
      product: "DELIVERY",
      orderType: "LIMIT",
      validity: "GTD",
      gtdValidityDate: "2026-11-27",
      transactionType: "BUY",
      rejectionReason: "",
      orderTime: "2026-11-20T04:00:00.000Z",
      clientOrderKey: "k-1",
    };
    const working = { ...row, userId: "U1", seq: 7, tokenNo: 1594, insType: "EQ", blocked: margin, triggered: false, protectionPrice: 0, trailRef: 0, trailBest: 0, sessionDay: "2026-11-20", filledValue: 0 };
    // A second order, placed and filled the same day: no longer working.
    const doneRow = { ...row, brokerOrderId: "2611200000008", orderNo: "2611200000008", status: "COMPLETE", orderStatus: "complete", orderType: "MARKET", validity: "DAY", price: 0, quantity: 2, pendingQuantity: 0, filledQuantity: 2, averageTradedPrice: 1500.5, orderTag: "", clientOrderKey: "", orderTime: "2026-11-20T04:01:00.000Z" };
    delete (doneRow as { gtdValidityDate?: string }).gtdValidityDate;
    const done = { ...doneRow, userId: "U1", seq: 8, tokenNo: 1594, insType: "EQ", blocked: { span: 0, exposure: 0, premium: 0, cash: 0, total: 0 }, triggered: false, protectionPrice: 1575.5, trailRef: 0, trailBest: 0, sessionDay: "2026-11-20", filledValue: 3001 };
    const order = db.prepare("INSERT INTO orders (broker_order_id, user_id, seq, working, day, data) VALUES (?, ?, ?, ?, ?, ?)");
    order.run(working.brokerOrderId, "U1", 7, 1, "2026-11-20", JSON.stringify(working));
    order.run(done.brokerOrderId, "U1", 8, 0, "2026-11-20", JSON.stringify(done));
    const history = db.prepare("INSERT INTO order_history (broker_order_id, data) VALUES (?, ?)");
    const h1 = { ...row, status: "PUT ORDER REQ RECEIVED", orderStatus: "put order req received" };
    const h2 = { ...row, status: "VALIDATION PENDING", orderStatus: "validation pending" };
    const d1 = { ...doneRow, status: "OPEN", orderStatus: "open", pendingQuantity: 2, filledQuantity: 0, averageTradedPrice: 0 };
    // Inserted interleaved, as two orders placed together were: each keeps its own order.
    history.run(working.brokerOrderId, JSON.stringify(h1));
    history.run(done.brokerOrderId, JSON.stringify(d1));
    history.run(working.brokerOrderId, JSON.stringify(h2));
    history.run(done.brokerOrderId, JSON.stringify(doneRow));
    history.run(working.brokerOrderId, JSON.stringify(row));
    const trade = { tradeId: "T000000003", brokerOrderId: done.brokerOrderId, orderNo: done.orderNo, exchange: "NSEEQ", instrumentId: "1594", token: "1594", tradingSymbol: "INFY-EQ", transactionType: "BUY", product: "DELIVERY", orderType: "MARKET", orderComplexity: "REGULAR", filledQuantity: 2, tradedPrice: 1500.5, tradeTime: "2026-11-20T04:01:00.000Z", charges: 3.21 };
    db.prepare("INSERT INTO trades (trade_id, user_id, broker_order_id, seq, day, data) VALUES (?, ?, ?, ?, ?, ?)").run(trade.tradeId, "U1", trade.brokerOrderId, 3, "2026-11-20", JSON.stringify(trade));

    expect(migrate(db)).toBe(2 + migrations.filter(altersOrders).length);
    const store = new OrderStore(db);

    expect(store.get(working.brokerOrderId)).toEqual(working);
    expect(store.get(done.brokerOrderId)).toEqual(done);
    expect(store.working()).toEqual([working]);
    // Newest first: the book of 2026-11-20.
    expect(store.book("U1", "2026-11-20").map((r) => r.orderNo)).toEqual(["2611200000008", "2611200000007"]);
    // On a later day only the GTD order still working is in the book.
    expect(store.book("U1", "2026-11-23").map((r) => r.orderNo)).toEqual(["2611200000007"]);
    expect(store.history(working.brokerOrderId)).toEqual([h1, h2, row]);
    expect(store.history(done.brokerOrderId)).toEqual([d1, doneRow]);
    expect(store.trades("U1", "2026-11-20")).toEqual([trade]);
    expect(store.maxOrderSeq()).toBe(8);
    expect(store.maxTradeSeq()).toBe(3);
    // The trade names its order by the order's sequence (8), and a trade of an order that does not exist is refused (the foreign key).
    expect(db.prepare("SELECT order_seq FROM trades").all()).toEqual([{ order_seq: 8 }]);
    const insertTrade = db.prepare("INSERT INTO trades (seq, trade_id, user_id, broker_order_id, day, exchange, token, trading_symbol, transaction_type, product, order_type, order_complexity, filled_quantity, traded_price, trade_time, charges, order_seq) VALUES (4, 'T000000004', 'U1', '2611200000009', '2026-11-20', 'NSEEQ', 1594, 'INFY-EQ', 'BUY', 'DELIVERY', 'MARKET', 'REGULAR', 1, 1, '', 0, ?)");
    expect(() => insertTrade.run(9)).toThrow(/FOREIGN KEY/);
    // Text that only looks like an order number finds nothing: the number must match as well as the sequence in it.
    expect(store.get("2611210000007")).toBeUndefined();
    expect(store.get("not-a-number")).toBeUndefined();
    db.close();
  });
});
