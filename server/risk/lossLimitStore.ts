import type { LimitName, LimitsDay, LossLimits, TripFigures } from "../../src/core/rules/lossLimits.js";
import type { Db } from "../db.js";

interface Row {
  user_id: string;
  max_loss: number | null;
  max_orders: number | null;
  max_position_value: number | null;
  square_off: number;
  day: string;
  baseline_pnl: number;
  tripped: string | null;
  tripped_at: string | null;
  tripped_text: string;
  tripped_figures: string;
}

/** A user's limits and the day's state of their check. */
export interface StoredLimits {
  userId: string;
  limits: LossLimits;
  day: LimitsDay | undefined;
  trippedAt: string | null;
  trippedText: string;
}

const fromRow = (r: Row): StoredLimits => ({
  userId: r.user_id,
  limits: { maxLoss: r.max_loss, maxOrders: r.max_orders, maxPositionValue: r.max_position_value, squareOff: r.square_off === 1 },
  day: r.day ? { day: r.day, tripped: r.tripped as LimitName | null, ...(r.tripped_figures ? { at: JSON.parse(r.tripped_figures) as TripFigures } : {}) } : undefined,
  trippedAt: r.tripped_at,
  trippedText: r.tripped_text,
});

/**
 * The loss_limits table (migrations 3311, 3313): one row per user. The day's state (whether it
 * tripped, and the figures it tripped at) is written when it changes, before the trip acts, so a
 * restart neither trips a day again nor forgets that it did, nor what it tripped at. baseline_pnl
 * is no longer read: the day's loss is measured from the day's start (lossLimits.ts dayFigures).
 */
export class LossLimitStore {
  constructor(private readonly db: Db) {}

  get(userId: string): StoredLimits | undefined {
    const r = this.db.prepare("SELECT * FROM loss_limits WHERE user_id = ?").get(userId) as Row | undefined;
    return r ? fromRow(r) : undefined;
  }

  all(): StoredLimits[] {
    return (this.db.prepare("SELECT * FROM loss_limits").all() as Row[]).map(fromRow);
  }

  setLimits(userId: string, l: LossLimits): void {
    this.db
      .prepare(
        "INSERT INTO loss_limits (user_id, max_loss, max_orders, max_position_value, square_off) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET max_loss = excluded.max_loss, max_orders = excluded.max_orders, max_position_value = excluded.max_position_value, square_off = excluded.square_off",
      )
      .run(userId, l.maxLoss, l.maxOrders, l.maxPositionValue, l.squareOff ? 1 : 0);
  }

  setDay(userId: string, d: LimitsDay, trippedAt: string | null = null, trippedText = ""): void {
    this.db
      .prepare("UPDATE loss_limits SET day = ?, tripped = ?, tripped_at = ?, tripped_text = ?, tripped_figures = ? WHERE user_id = ?")
      .run(d.day, d.tripped, trippedAt, trippedText, d.at ? JSON.stringify(d.at) : "", userId);
  }
}
