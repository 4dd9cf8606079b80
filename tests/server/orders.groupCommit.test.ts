import Database from "better-sqlite3";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import type { Clock } from "../../server/clock.js";
import { migrate } from "../../server/db.js";
import { OrderEvents } from "../../server/orders/events.js";
import { GroupCommit } from "../../server/orders/groupCommit.js";
import { OrderJournal } from "../../server/orders/journal.js";
import { NO_MARGIN, type OrderRecord } from "../../server/orders/record.js";
import { WorkingOrders } from "../../server/orders/working.js";
import { PortfolioStore, type PositionRecord } from "../../server/portfolio/store.js";

const NOW = new Date("2026-11-23T05:00:00.000Z");

function order(seq: number): OrderRecord {
  const id = `261123${String(seq).padStart(7, "0")}`;
  return {
    brokerOrderId: id,
    orderNo: id,
    status: "",
    orderStatus: "put order req received",
    mainLegOrderId: "",
    exchange: "NSEEQ",
    instrumentId: "1594",
    token: "1594",
    tradingSymbol: "INFY-EQ",
    quantity: 1,
    pendingQuantity: 1,
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
    orderTag: "",
    algoId: "",
    orderComplexity: "REGULAR",
    product: "INTRADAY",
    orderType: "LIMIT",
    validity: "DAY",
    transactionType: "BUY",
    rejectionReason: "",
    orderTime: NOW.toISOString(),
    clientOrderKey: "",
    userId: "U1",
    seq,
    tokenNo: 1594,
    insType: "EQ",
    blocked: NO_MARGIN,
    triggered: false,
    protectionPrice: 0,
    trailRef: 0,
    trailBest: 0,
    sessionDay: "2026-11-23",
    filledValue: 0,
  };
}

const position = (dayBuyQuantity: number): PositionRecord => ({
  exchange: "NSEEQ",
  token: 1594,
  product: "INTRADAY",
  type: "",
  tradingSymbol: "INFY-EQ",
  cfBuyQuantity: 0,
  cfBuyValue: 0,
  cfSellQuantity: 0,
  cfSellValue: 0,
  dayBuyQuantity,
  dayBuyValue: dayBuyQuantity * 1400,
  daySellQuantity: 0,
  daySellValue: 0,
});

/**
 * Group commit without a savepoint per order (issue 18): the orders of a group share one
 * transaction, written at its end; one that fails must still be taken back alone, in SQLite and
 * in memory, while the others are committed and acknowledged.
 */
describe("an order that fails inside a group is taken back alone", () => {
  it("its order row, trade, key, position, funds and update are gone; the others are committed", async () => {
    const db = new Database(":memory:");
    db.pragma("foreign_keys = ON");
    migrate(db);
    db.prepare("INSERT INTO users (user_id, client_name, mobile, email, password_hash, exchanges, created_at) VALUES ('U1', 'U', '', '', '', '[]', '')").run();
    const portfolio = new PortfolioStore(db);
    portfolio.putLedger("U1", { ...portfolio.ledger("U1"), intradayPayin: 1000 });
    const clock = { now: () => NOW } as unknown as Clock;
    const working = new WorkingOrders({ watch: () => () => undefined });
    const events = new OrderEvents({ error: () => undefined } as unknown as FastifyBaseLogger);
    const published: string[] = [];
    events.on((_client, u) => published.push(`${(u as { orderNo: string }).orderNo} ${(u as { orderStatus: string }).orderStatus}`));
    const journal = new OrderJournal(db, { clock }, working, events, portfolio);
    const group = new GroupCommit(journal);

    // Each change places an order, opens it, books a trade of it and moves the position and the charges.
    const place = (seq: number, key: string, fail: boolean) => () => {
      journal.inTransaction(() => {
        const r = order(seq);
        journal.insert(r, "2026-11-23");
        journal.setStatus(r, "open", true);
        working.add(r);
        journal.addTrade(r, seq, "2026-11-23", { tradeId: `T${seq}`, brokerOrderId: r.brokerOrderId, orderNo: r.orderNo, exchange: "NSEEQ", instrumentId: "1594", token: "1594", tradingSymbol: "INFY-EQ", transactionType: "BUY", product: "INTRADAY", orderType: "LIMIT", orderComplexity: "REGULAR", filledQuantity: 1, tradedPrice: 1400, tradeTime: NOW.toISOString(), charges: 1 });
        portfolio.putPosition("U1", position(seq));
        portfolio.putLedger("U1", { ...portfolio.ledger("U1"), chargesPaid: portfolio.ledger("U1").chargesPaid + 1 });
        journal.putKey("U1", key, { orderNo: r.orderNo }, NOW);
        if (fail) throw new Error(`order ${seq} failed`);
      });
      return seq;
    };
    const outcomes = await Promise.allSettled([group.submit(place(1, "k1", false)), group.submit(place(2, "k2", true)), group.submit(place(3, "k3", false))]);

    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : (o.reason as Error).message))).toEqual([1, "order 2 failed", 3]);
    // SQLite after the commit: orders 1 and 3, their trades and keys; not order 2.
    expect(db.prepare("SELECT seq FROM orders ORDER BY seq").all()).toEqual([{ seq: 1 }, { seq: 3 }]);
    expect(db.prepare("SELECT seq FROM trades ORDER BY seq").all()).toEqual([{ seq: 1 }, { seq: 3 }]);
    expect(db.prepare("SELECT client_order_key AS k FROM client_order_keys ORDER BY k").all()).toEqual([{ k: "k1" }, { k: "k3" }]);
    expect(journal.keyResult("U1", "k2")).toBeUndefined();
    // Order 3 wrote the position last (3 bought); the charges are 2 (orders 1 and 3), the pay-in kept.
    const stored = new PortfolioStore(db);
    expect(stored.position("U1", "NSEEQ", 1594, "INTRADAY")?.dayBuyQuantity).toBe(3);
    expect(stored.ledger("U1")).toMatchObject({ intradayPayin: 1000, chargesPaid: 2 });
    // Memory agrees with SQLite.
    expect(portfolio.ledger("U1")).toMatchObject({ intradayPayin: 1000, chargesPaid: 2 });
    // Updates only for what was committed, after the commit.
    expect(published).toEqual(["2611230000001 open", "2611230000003 open"]);
    expect(journal.store.history("2611230000003").map((h) => h.orderStatus)).toEqual(["put order req received", "open"]);
  });

  it("a group whose commit fails acknowledges nobody and leaves memory as SQLite kept it", async () => {
    const db = new Database(":memory:");
    db.pragma("foreign_keys = ON");
    migrate(db);
    db.prepare("INSERT INTO users (user_id, client_name, mobile, email, password_hash, exchanges, created_at) VALUES ('U1', 'U', '', '', '', '[]', '')").run();
    const portfolio = new PortfolioStore(db);
    const clock = { now: () => NOW } as unknown as Clock;
    const journal = new OrderJournal(db, { clock }, new WorkingOrders({ watch: () => () => undefined }), new OrderEvents({ error: () => undefined } as unknown as FastifyBaseLogger), portfolio);
    const group = new GroupCommit(journal);
    // A trade naming an order that does not exist fails its foreign key when the group is written.
    const bad = () => {
      journal.inTransaction(() => {
        portfolio.putPosition("U1", position(5));
        journal.addTrade({ userId: "U1", seq: 9 }, 9, "2026-11-23", { tradeId: "T9", brokerOrderId: "nope", orderNo: "nope", exchange: "NSEEQ", instrumentId: "1594", token: "1594", tradingSymbol: "INFY-EQ", transactionType: "BUY", product: "INTRADAY", orderType: "LIMIT", orderComplexity: "REGULAR", filledQuantity: 1, tradedPrice: 1400, tradeTime: NOW.toISOString(), charges: 0 });
      });
      return 1;
    };
    const good = () => {
      journal.inTransaction(() => portfolio.putPosition("U1", position(2)));
      return 2;
    };
    const outcomes = await Promise.allSettled([group.submit(good), group.submit(bad)]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
    expect(db.prepare("SELECT COUNT(*) AS n FROM positions").get()).toEqual({ n: 0 });
    expect(portfolio.position("U1", "NSEEQ", 1594, "INTRADAY")).toBeUndefined();
  });
});
