import type { RuleError } from "../../src/core/errors.js";
import { killSwitchModifyRefusal, killSwitchRefusal, type KillSwitchReason, type KillSwitchState } from "../../src/core/rules/killSwitch.js";
import type { Exchange, Segment } from "../../src/core/types/exchange.js";
import type { Db } from "../db.js";

interface Row {
  user_id: string;
  segment: string;
  on_at: number;
  until: number;
  reason: string;
}

/**
 * The kill switches (migration 3310), one row per user and segment, kept in memory for the order
 * intake's check on every order and written through at once: a switch answered as on is on
 * after a SIGKILL (synchronous=FULL, server/db.ts). A lifted switch stays as a row; its `until`
 * is in the past, which is what "off" is.
 */
export class KillSwitches {
  private readonly byUser = new Map<string, Map<Segment, KillSwitchState>>();

  constructor(private readonly db: Db) {
    for (const r of db.prepare("SELECT * FROM kill_switches").all() as Row[]) this.remember(r.user_id, { segment: r.segment as Segment, onAt: r.on_at, until: r.until, reason: r.reason as KillSwitchReason });
  }

  get(userId: string, segment: Segment): KillSwitchState | undefined {
    return this.byUser.get(userId)?.get(segment);
  }

  /** Stores a switch as turned on (killSwitch.ts decides its end). */
  put(userId: string, s: KillSwitchState): void {
    this.db
      .prepare("INSERT INTO kill_switches (user_id, segment, on_at, until, reason) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, segment) DO UPDATE SET on_at = excluded.on_at, until = excluded.until, reason = excluded.reason")
      .run(userId, s.segment, s.onAt, s.until, s.reason);
    this.remember(userId, s);
  }

  /**
   * The intake's check of a new order from any door (HTTP, basket, alias, GTT, SIP, alert order):
   * EC710, or EC712 with `lossLimitFigure` when a tripped loss limit turned the switch on.
   */
  refusal(userId: string, exchange: Exchange, now: number, lossLimitFigure?: () => string | undefined): RuleError | undefined {
    const mine = this.byUser.get(userId);
    return mine ? killSwitchRefusal((seg) => mine.get(seg), exchange, now, lossLimitFigure) : undefined;
  }

  /** The check of a modify: refused only when it would add to the quantity still to fill. */
  modifyRefusal(userId: string, exchange: Exchange, now: number, pendingBefore: number, pendingAfter: number, lossLimitFigure?: () => string | undefined): RuleError | undefined {
    const mine = this.byUser.get(userId);
    return mine ? killSwitchModifyRefusal((seg) => mine.get(seg), exchange, now, pendingBefore, pendingAfter, lossLimitFigure) : undefined;
  }

  private remember(userId: string, s: KillSwitchState): void {
    let mine = this.byUser.get(userId);
    if (!mine) this.byUser.set(userId, (mine = new Map()));
    mine.set(s.segment, s);
  }
}
