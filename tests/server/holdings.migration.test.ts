import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate } from "../../server/db.js";
import { migrations } from "../../server/migrations.js";
import { averagePriceOf, takeShares, totalQuantityOf } from "../../server/portfolio/holding.js";
import { PortfolioStore } from "../../server/portfolio/store.js";

/**
 * Migration 320 (issue 28) splits a holding's one average into the settled shares' average and
 * today's (T1) shares' cost. A data folder written before it must open showing every holding as it
 * did; the rows below are what server/portfolio/portfolio.ts wrote then (at fcc3a36).
 */
describe("an existing data folder opens after holdings split settled shares from today's", () => {
  it("shows every holding as before, and today's shares leave at the average they were kept at", () => {
    const db = new Database(":memory:");
    db.pragma("foreign_keys = ON");
    db.exec("CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    for (const m of [...migrations].sort((a, b) => a.id - b.id)) {
      if (m.id === 320) continue;
      db.exec(m.sql);
      db.prepare("INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)").run(m.id, m.name, "2026-11-20T00:00:00.000Z");
    }
    db.prepare("INSERT INTO users (user_id, client_name, mobile, email, password_hash, exchanges, created_at) VALUES ('U1', 'U', '', '', '', '[]', '')").run();
    const put = db.prepare("INSERT INTO holdings (user_id, isin, product, data) VALUES ('U1', ?, ?, ?)");
    const listing = { nseToken: 1244, bseToken: 500209, nseTradingSymbol: "INFY-EQ", bseTradingSymbol: "INFY" };
    // 60 settled @ 979.30 and 10 bought @ 1,100: the old record kept one average, (58,758 + 11,000) / 70 = 996.5429.
    put.run("INE009A01021", "DELIVERY", JSON.stringify({ isin: "INE009A01021", product: "DELIVERY", ...listing, totalQuantity: 70, t1Quantity: 10, averageTradedPrice: 996.5429 }));
    put.run("INE154A01025", "BNPL", JSON.stringify({ isin: "INE154A01025", product: "BNPL", nseToken: 1227, bseToken: 500875, nseTradingSymbol: "ITC-EQ", bseTradingSymbol: "ITC", totalQuantity: 100, t1Quantity: 0, averageTradedPrice: 314.65 }));

    expect(migrate(db)).toBe(1);
    const [infy, itc] = new PortfolioStore(db).holdings("U1");
    // What the T1 shares cost apart was never kept, so they are costed at the one average: 10 x 996.5429.
    expect(infy).toEqual({ isin: "INE009A01021", product: "DELIVERY", ...listing, settledQuantity: 60, settledAveragePrice: 996.5429, t1Quantity: 10, t1Value: 9965.429, soldTodayQuantity: 0 });
    expect(itc).toMatchObject({ settledQuantity: 100, settledAveragePrice: 314.65, t1Quantity: 0, t1Value: 0, soldTodayQuantity: 0 });
    // Shown as before: 70 @ 996.5429 and 100 @ 314.65.
    expect([totalQuantityOf(infy!), averagePriceOf(infy!)]).toEqual([70, 996.5429]);
    expect([totalQuantityOf(itc!), averagePriceOf(itc!)]).toEqual([100, 314.65]);
    // Today's 10 leave at what they were kept at: the 60 left show the same average.
    takeShares(infy!, 10);
    expect([totalQuantityOf(infy!), infy!.t1Quantity, infy!.t1Value, averagePriceOf(infy!)]).toEqual([60, 0, 0, 996.5429]);
    db.close();
  });
});
