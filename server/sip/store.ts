import { instalmentDate, type Sip, type SipFrequency, type SipSpec } from "../../src/core/rules/sip.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { Db } from "../db.js";

export type StoredSip = Omit<Sip, "tradingSymbol"> & { userId: string };

interface Row {
  sip_id: number;
  user_id: string;
  exchange: string;
  token: number;
  quantity: number;
  amount: number;
  frequency: string;
  start_date: string;
  count: number;
  done: number;
  status: string;
  created_at: string;
  last_result: string;
}

function fromRow(r: Row): StoredSip {
  const s = { startDate: r.start_date, frequency: r.frequency as SipFrequency };
  return {
    sipId: r.sip_id,
    userId: r.user_id,
    exchange: r.exchange as Exchange,
    token: r.token,
    quantity: r.quantity,
    amount: r.amount,
    frequency: s.frequency,
    startDate: r.start_date,
    count: r.count,
    done: r.done,
    status: r.status as StoredSip["status"],
    nextDate: r.status === "ACTIVE" && r.done < r.count ? instalmentDate(s, r.done) : "",
    createdAt: r.created_at,
    lastResult: r.last_result,
  };
}

/** The sips table (migration 1701). */
export class SipStore {
  constructor(private readonly db: Db) {}

  insert(userId: string, spec: SipSpec, at: Date): StoredSip {
    const info = this.db
      .prepare("INSERT INTO sips (user_id, exchange, token, quantity, amount, frequency, start_date, count, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'ACTIVE', ?)")
      .run(userId, spec.exchange, spec.token, spec.quantity, spec.amount, spec.frequency, spec.startDate, spec.count, at.toISOString());
    return this.get(Number(info.lastInsertRowid))!;
  }

  get(sipId: number): StoredSip | undefined {
    const r = this.db.prepare("SELECT * FROM sips WHERE sip_id = ?").get(sipId) as Row | undefined;
    return r ? fromRow(r) : undefined;
  }

  /**
   * The user's SIPs, newest first: those cancelled before `since` (today's IST start) are left
   * out. One cancelled today stays, marked Cancelled with its last result, as a cancelled order
   * stays in the day's order book (the spec's "cancelled" status allows only details).
   */
  list(userId: string, since: Date): StoredSip[] {
    return (
      this.db.prepare("SELECT * FROM sips WHERE user_id = ? AND (status != 'CANCELLED' OR cancelled_at >= ?) ORDER BY sip_id DESC").all(userId, since.toISOString()) as Row[]
    ).map(fromRow);
  }

  allActive(): StoredSip[] {
    return (this.db.prepare("SELECT * FROM sips WHERE status = 'ACTIVE' ORDER BY sip_id").all() as Row[]).map(fromRow);
  }

  /** Instalment `n` is done (placed, refused or missed): counts it, once; the last one completes the SIP. */
  recordInstalment(sipId: number, n: number, result: string): boolean {
    return (
      this.db
        .prepare("UPDATE sips SET done = done + 1, last_result = ?, status = CASE WHEN done + 1 >= count THEN 'COMPLETED' ELSE status END WHERE sip_id = ? AND done = ? AND status = 'ACTIVE'")
        .run(result, sipId, n).changes === 1
    );
  }

  cancel(userId: string, sipId: number, at: Date): boolean {
    return this.db.prepare("UPDATE sips SET status = 'CANCELLED', cancelled_at = ? WHERE sip_id = ? AND user_id = ? AND status = 'ACTIVE'").run(at.toISOString(), sipId, userId).changes === 1;
  }
}
