import type { Alert, AlertCondition, AlertOrderLeg, AlertSpec } from "../../src/core/rules/alerts.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { Db } from "../db.js";

/** An alert as stored, with its owner; the trading symbol is the market's, added when listed. */
export type StoredAlert = Omit<Alert, "tradingSymbol"> & { userId: string };

interface Row {
  alert_id: number;
  user_id: string;
  exchange: string;
  token: number;
  condition: string;
  value: number;
  status: string;
  created_at: string;
  triggered_at: string | null;
  triggered_price: number | null;
  then_basket_id: number | null;
  orders_note: string;
  then_order: string | null;
}

const fromRow = (r: Row): StoredAlert => ({
  alertId: r.alert_id,
  userId: r.user_id,
  exchange: r.exchange as Exchange,
  token: r.token,
  condition: r.condition as AlertCondition,
  value: r.value,
  status: r.status as StoredAlert["status"],
  createdAt: r.created_at,
  triggeredAt: r.triggered_at,
  triggeredPrice: r.triggered_price,
  thenBasketId: r.then_basket_id,
  ordersNote: r.orders_note,
  thenOrder: r.then_order ? (JSON.parse(r.then_order) as AlertOrderLeg) : null,
});

/** The alerts table (migration 1700). */
export class AlertStore {
  constructor(private readonly db: Db) {}

  insert(userId: string, spec: AlertSpec, at: Date): StoredAlert {
    const info = this.db
      .prepare("INSERT INTO alerts (user_id, exchange, token, condition, value, status, created_at, then_basket_id, then_order) VALUES (?, ?, ?, ?, ?, 'ACTIVE', ?, ?, ?)")
      .run(userId, spec.exchange, spec.token, spec.condition, spec.value, at.toISOString(), spec.thenBasketId ?? null, spec.thenOrder ? JSON.stringify(spec.thenOrder) : null);
    return this.get(Number(info.lastInsertRowid))!;
  }

  get(alertId: number): StoredAlert | undefined {
    const r = this.db.prepare("SELECT * FROM alerts WHERE alert_id = ?").get(alertId) as Row | undefined;
    return r ? fromRow(r) : undefined;
  }

  /** The user's active alerts and the last 50 that fired, newest first. */
  list(userId: string): StoredAlert[] {
    const rows = this.db
      .prepare("SELECT * FROM alerts WHERE user_id = ? AND status = 'ACTIVE' UNION ALL SELECT * FROM (SELECT * FROM alerts WHERE user_id = ? AND status = 'TRIGGERED' ORDER BY alert_id DESC LIMIT 50) ORDER BY alert_id DESC")
      .all(userId, userId) as Row[];
    return rows.map(fromRow);
  }

  activeCount(userId: string): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM alerts WHERE user_id = ? AND status = 'ACTIVE'").get(userId) as { n: number }).n;
  }

  allActive(): StoredAlert[] {
    return (this.db.prepare("SELECT * FROM alerts WHERE status = 'ACTIVE'").all() as Row[]).map(fromRow);
  }

  /** Marks an active alert as fired; false when it was no longer active (cancelled, fired already). */
  trigger(alertId: number, price: number, at: Date): boolean {
    return this.db.prepare("UPDATE alerts SET status = 'TRIGGERED', triggered_at = ?, triggered_price = ? WHERE alert_id = ? AND status = 'ACTIVE'").run(at.toISOString(), price, alertId).changes === 1;
  }

  /** What the alert's basket (or order line) when it fired (issue 33). */
  noteOrders(alertId: number, note: string): void {
    this.db.prepare("UPDATE alerts SET orders_note = ? WHERE alert_id = ?").run(note, alertId);
  }

  /**
   * Replaces an active alert's terms: condition, value and what it places; false when it
   * was no longer active (fired or cancelled meanwhile), so a fired alert is never changed.
   */
  modify(userId: string, alertId: number, terms: Omit<AlertSpec, "exchange" | "token">): boolean {
    return (
      this.db
        .prepare("UPDATE alerts SET condition = ?, value = ?, then_basket_id = ?, then_order = ? WHERE alert_id = ? AND user_id = ? AND status = 'ACTIVE'")
        .run(terms.condition, terms.value, terms.thenBasketId ?? null, terms.thenOrder ? JSON.stringify(terms.thenOrder) : null, alertId, userId).changes === 1
    );
  }

  cancel(userId: string, alertId: number): boolean {
    return this.db.prepare("UPDATE alerts SET status = 'CANCELLED' WHERE alert_id = ? AND user_id = ? AND status = 'ACTIVE'").run(alertId, userId).changes === 1;
  }
}
