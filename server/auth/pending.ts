import type { BrokerContext } from "../context.js";

/**
 * The client behind an encrypted call: the kid of the key its cEncData was sealed with, and
 * the device its payload names (deviceId, or DeviceID), if any. A proof belongs to the client
 * that made it, so that another client cannot use it (issue 12).
 */
export interface Caller {
  kid: string;
  deviceId: string | undefined;
}

/**
 * A step of a flow proven earlier: "login" after a right password (OTP or TOTP may follow),
 * "reset" after a right forgot-password OTP (a new password may follow). Our decisions: a
 * login proof lasts 10 minutes (an OTP lives 5 and may be resent), a reset proof 5 minutes;
 * each is used up by the step it allows, and only the caller that proved it may use it.
 */
export type PendingPurpose = "login" | "reset";
export const PENDING_MS: Record<PendingPurpose, number> = { login: 10 * 60_000, reset: 5 * 60_000 };

export function markPending(ctx: BrokerContext, userId: string, purpose: PendingPurpose, caller: Caller): void {
  ctx.db
    .prepare("INSERT OR REPLACE INTO auth_pending (user_id, purpose, kid, device_id, at) VALUES (?, ?, ?, ?, ?)")
    .run(userId, purpose, caller.kid, caller.deviceId ?? null, ctx.clock.now().getTime());
}

/**
 * Whether the caller holds a live proof: the same key, and no other device than the one the
 * proving call named. Calls whose payload has no device field (otp/send, scanner/*,
 * pwd/forgot/verify in the spec's shape) are held to the key alone.
 */
export function isPending(ctx: BrokerContext, userId: string, purpose: PendingPurpose, caller: Caller): boolean {
  const row = ctx.db.prepare("SELECT kid, device_id, at FROM auth_pending WHERE user_id = ? AND purpose = ?").get(userId, purpose) as
    | { kid: string; device_id: string | null; at: number }
    | undefined;
  if (!row || ctx.clock.now().getTime() - row.at >= PENDING_MS[purpose]) return false;
  return row.kid === caller.kid && (row.device_id === null || caller.deviceId === undefined || row.device_id === caller.deviceId);
}

export function clearPending(ctx: BrokerContext, userId: string, purpose: PendingPurpose): void {
  ctx.db.prepare("DELETE FROM auth_pending WHERE user_id = ? AND purpose = ?").run(userId, purpose);
}
