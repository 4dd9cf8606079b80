import crypto from "node:crypto";
import { toExchPair, type Exchange } from "../../src/core/types/exchange.js";
import type { GttEntry } from "../../src/core/types/gtt.js";
import { gttExpiresAt } from "../../src/core/rules/gtt.js";
import type { Db } from "../db.js";
import type { GttSpec } from "./payload.js";
import type { GttState } from "./types.js";

/** A stored GTT: its owner and spec. Persisted in SQLite so a restart keeps every untriggered one. */
export interface StoredGtt {
  gttId: string;
  userId: string;
  spec: GttSpec;
  state: GttState;
  /** ISO instants (UTC): placed, and last changed (its end, once it has ended). */
  createdAt: string;
  updatedAt: string;
  /** Once it fired: the leg (1 the SINGLE or OCO target, 2 the OCO stop-loss), the last price that fired it, and its order's number or why that was refused. */
  triggeredLeg?: 1 | 2;
  triggeredPrice?: number;
  orderNo?: string;
  note?: string;
}

interface Row {
  gtt_id: string;
  user_id: string;
  exchange: string;
  token: number;
  buy_sell: "B" | "S";
  trigger_type: "SINGLE" | "OCO";
  qty: number;
  trigger1: number;
  price1: number;
  trigger2: number;
  price2: number;
  state: GttState;
  created_at: string;
  updated_at: string;
  trail_value: number;
  trail_unit: string;
  trail_jump: number;
  triggered_leg: number | null;
  triggered_price: number | null;
  order_no: string | null;
  note: string | null;
}

function fromRow(r: Row): StoredGtt {
  return {
    gttId: r.gtt_id,
    userId: r.user_id,
    state: r.state,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    ...(r.triggered_leg === 1 || r.triggered_leg === 2 ? { triggeredLeg: r.triggered_leg } : {}),
    ...(r.triggered_price !== null ? { triggeredPrice: r.triggered_price } : {}),
    ...(r.order_no ? { orderNo: r.order_no } : {}),
    ...(r.note ? { note: r.note } : {}),
    spec: {
      exchange: r.exchange as Exchange,
      token: r.token,
      side: r.buy_sell,
      triggerType: r.trigger_type,
      qty: r.qty,
      leg1: { trigger: r.trigger1, price: r.price1 },
      leg2: { trigger: r.trigger2, price: r.price2 },
      trail: r.trail_value > 0 ? { value: r.trail_value, unit: r.trail_unit === "PERCENT" ? "PERCENT" : "POINTS", jump: r.trail_jump } : null,
    },
  };
}

/** The GTT list entry (trading-core section 3) of a stored GTT. */
export function toEntry(g: StoredGtt): GttEntry {
  const { Exch, ExchType } = toExchPair(g.spec.exchange);
  return {
    GTTID: g.gttId,
    Exch,
    ExchType,
    ScripCode: String(g.spec.token),
    Qty: g.spec.qty,
    TriggerType: g.spec.triggerType,
    GTTProduct: "D",
    GTTBuySell: g.spec.side,
    // Price is the trigger and EntryPrice the limit price (src/core/types/gtt.ts).
    EntryPrice1: g.spec.leg1.price,
    Price1: g.spec.leg1.trigger,
    EntryPrice2: g.spec.leg2.price,
    Price2: g.spec.leg2.trigger,
    Status: g.state,
    CreatedAt: g.createdAt,
    ExpiresAt: gttExpiresAt(new Date(g.createdAt)).toISOString(),
    // FINDINGS-26 s4 (the spec's entry has no such fields; Tape's names in its style): which leg fired, at what price, the order it placed, or why that was refused.
    ...(g.triggeredLeg ? { TriggeredLeg: g.triggeredLeg } : {}),
    ...(g.triggeredPrice !== undefined ? { TriggeredPrice: g.triggeredPrice } : {}),
    ...(g.orderNo ? { OrderNo: g.orderNo } : {}),
    ...(g.state === "FAILED" && g.note ? { FailedReason: g.note } : {}),
    ...(g.spec.trail ? { TrailValue: g.spec.trail.value, TrailUnit: g.spec.trail.unit, TrailJump: g.spec.trail.jump } : {}),
  };
}

const trailColumns = (spec: GttSpec): [number, string, number] => (spec.trail ? [spec.trail.value, spec.trail.unit, spec.trail.jump] : [0, "", 0]);

export class GttStore {
  constructor(private readonly db: Db) {}

  insert(userId: string, spec: GttSpec, now: Date): StoredGtt {
    // Numeric like the broker's other ids, unique without a counter table.
    const gttId = `${now.getTime()}${crypto.randomInt(100, 1000)}`;
    this.db
      .prepare(
        `INSERT INTO gtts (gtt_id, user_id, exchange, token, buy_sell, trigger_type, qty, trigger1, price1, trigger2, price2, state, created_at, updated_at, trail_value, trail_unit, trail_jump)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'ACTIVE', ?, ?, ?, ?, ?)`,
      )
      .run(gttId, userId, spec.exchange, spec.token, spec.side, spec.triggerType, spec.qty, spec.leg1.trigger, spec.leg1.price, spec.leg2.trigger, spec.leg2.price, now.toISOString(), now.toISOString(), ...trailColumns(spec));
    return { gttId, userId, spec, state: "ACTIVE", createdAt: now.toISOString(), updatedAt: now.toISOString() };
  }

  update(gttId: string, spec: GttSpec, now: Date): void {
    this.db
      .prepare(
        `UPDATE gtts SET buy_sell = ?, trigger_type = ?, qty = ?, trigger1 = ?, price1 = ?, trigger2 = ?, price2 = ?, updated_at = ?, trail_value = ?, trail_unit = ?, trail_jump = ?
         WHERE gtt_id = ? AND state = 'ACTIVE'`,
      )
      .run(spec.side, spec.triggerType, spec.qty, spec.leg1.trigger, spec.leg1.price, spec.leg2.trigger, spec.leg2.price, now.toISOString(), ...trailColumns(spec), gttId);
  }

  /** A trail moved a leg (issue 33): its trigger and limit price, written at once so a kill -9 resumes from there. */
  moveLeg(gttId: string, leg: 1 | 2, to: { trigger: number; price: number }): void {
    const sql = leg === 1 ? "UPDATE gtts SET trigger1 = ?, price1 = ? WHERE gtt_id = ? AND state = 'ACTIVE'" : "UPDATE gtts SET trigger2 = ?, price2 = ? WHERE gtt_id = ? AND state = 'ACTIVE'";
    this.db.prepare(sql).run(to.trigger, to.price, gttId);
  }

  /** Moves an ACTIVE GTT to its end state; false when it was no longer ACTIVE (so nothing fires twice). */
  finish(gttId: string, state: Exclude<GttState, "ACTIVE">, now: Date, detail: { leg?: number; ltp?: number; orderNo?: string; note?: string } = {}): boolean {
    const r = this.db
      .prepare("UPDATE gtts SET state = ?, triggered_leg = ?, triggered_price = ?, order_no = ?, note = ?, updated_at = ? WHERE gtt_id = ? AND state = 'ACTIVE'")
      .run(state, detail.leg ?? null, detail.ltp ?? null, detail.orderNo ?? null, detail.note ?? null, now.toISOString(), gttId);
    return r.changes === 1;
  }

  recordOrder(gttId: string, orderNo: string | undefined, note: string | undefined, state: GttState): void {
    this.db.prepare("UPDATE gtts SET order_no = ?, note = ?, state = ? WHERE gtt_id = ?").run(orderNo ?? null, note ?? null, state, gttId);
  }

  activeOf(userId: string, gttId: string): StoredGtt | undefined {
    const r = this.db.prepare("SELECT * FROM gtts WHERE gtt_id = ? AND user_id = ? AND state = 'ACTIVE'").get(gttId, userId) as Row | undefined;
    return r ? fromRow(r) : undefined;
  }

  /** The list a trader reads: every ACTIVE GTT, then those that ended since `since` (today's IST start), each newest first. */
  listForDay(userId: string, since: Date): StoredGtt[] {
    return (
      this.db
        .prepare("SELECT * FROM gtts WHERE user_id = ? AND (state = 'ACTIVE' OR updated_at >= ?) ORDER BY state = 'ACTIVE' DESC, created_at DESC, gtt_id DESC")
        .all(userId, since.toISOString()) as Row[]
    ).map(fromRow);
  }

  /** Ends every ACTIVE GTT whose year has run out by `now` (EXPIRED); answers them so the engine stops watching them. */
  expireDue(now: Date): StoredGtt[] {
    const due = this.allActive().filter((g) => gttExpiresAt(new Date(g.createdAt)) <= now);
    return due.filter((g) => this.finish(g.gttId, "EXPIRED", now));
  }

  allActive(): StoredGtt[] {
    return (this.db.prepare("SELECT * FROM gtts WHERE state = 'ACTIVE'").all() as Row[]).map(fromRow);
  }

  byId(gttId: string): StoredGtt | undefined {
    const r = this.db.prepare("SELECT * FROM gtts WHERE gtt_id = ?").get(gttId) as Row | undefined;
    return r ? fromRow(r) : undefined;
  }
}
