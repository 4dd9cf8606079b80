import type { BrokerContext } from "../context.js";

/**
 * A step of a flow proven earlier: "login" after a right password (OTP or TOTP may follow),
 * "reset" after a right forgot-password OTP (a new password may follow). Our decision: such
 * a proof lasts 10 minutes and is used up by the step it allows.
 */
export type PendingPurpose = "login" | "reset";
const PENDING_MS = 10 * 60_000;

export function markPending(ctx: BrokerContext, userId: string, purpose: PendingPurpose): void {
  ctx.db.prepare("INSERT OR REPLACE INTO auth_pending (user_id, purpose, at) VALUES (?, ?, ?)").run(userId, purpose, ctx.clock.now().getTime());
}

export function isPending(ctx: BrokerContext, userId: string, purpose: PendingPurpose): boolean {
  const row = ctx.db.prepare("SELECT at FROM auth_pending WHERE user_id = ? AND purpose = ?").get(userId, purpose) as { at: number } | undefined;
  return row !== undefined && ctx.clock.now().getTime() - row.at < PENDING_MS;
}

export function clearPending(ctx: BrokerContext, userId: string, purpose: PendingPurpose): void {
  ctx.db.prepare("DELETE FROM auth_pending WHERE user_id = ? AND purpose = ?").run(userId, purpose);
}
