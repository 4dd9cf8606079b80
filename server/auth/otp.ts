import crypto from "node:crypto";
import { OTP_LOCKOUT_MINUTES, OTP_RESEND_SECONDS } from "../../src/core/errors/auth.js";
import type { BrokerContext } from "../context.js";
import { authAccountOf, updateAuthAccount } from "./account.js";
import { deliver } from "./outbox.js";
import { authFail, type Answer } from "./reply.js";

/** What a one-time code is for; a code of one purpose never validates another. */
export type OtpPurpose = "login" | "unblock" | "forgot" | "totp";

/** Our decisions where the spec is silent: a code lives 5 minutes; 5 sends per 15 minutes; 5 wrong codes lock. */
export const OTP_VALID_MS = 5 * 60_000;
export const OTP_SENDS_PER_WINDOW = 5;
export const WRONG_OTPS_BEFORE_LOCK = 5;
const LOCK_MS = OTP_LOCKOUT_MINUTES * 60_000;
const OTP_DIGITS = 4;

const PURPOSE_TEXT: Record<OtpPurpose, string> = {
  login: "log in to Tape",
  unblock: "unblock your Tape account",
  forgot: "reset your Tape password",
  totp: "register an authenticator app with Tape",
};

function lockedAnswer(ctx: BrokerContext, userId: string, now: number): Answer | undefined {
  const until = authAccountOf(ctx.db, userId).otp_locked_until;
  if (until && until > now) return authFail("EC080", [{ retryAfterSeconds: Math.ceil((until - now) / 1000), retryAt: new Date(until).toISOString() }]);
  return undefined;
}

/**
 * Sends a fresh code (EC018 within 60 s of the last, EC019 past the limit, EC080 while locked),
 * bound to the key (kid) that asked for it: only that key may verify it.
 */
export function sendOtp(ctx: BrokerContext, userId: string, mobile: string, purpose: OtpPurpose, kid: string): Answer {
  const now = ctx.clock.now().getTime();
  const locked = lockedAnswer(ctx, userId, now);
  if (locked) return locked;
  const last = ctx.db.prepare("SELECT sent_at, used FROM auth_otps WHERE user_id = ? AND purpose = ? ORDER BY id DESC LIMIT 1").get(userId, purpose) as
    | { sent_at: number; used: number }
    | undefined;
  // The 60 s gap is between resends of a live code; once the newest code has been used the
  // flow is over and a new login may ask for a code at once (the newest is never superseded).
  if (last && !last.used && now - last.sent_at < OTP_RESEND_SECONDS * 1000) {
    return authFail("EC018", [{ retryAfterSeconds: Math.ceil((last.sent_at + OTP_RESEND_SECONDS * 1000 - now) / 1000) }]);
  }
  const recent = ctx.db.prepare("SELECT COUNT(*) AS n FROM auth_otps WHERE user_id = ? AND purpose = ? AND sent_at > ?").get(userId, purpose, now - LOCK_MS) as { n: number };
  if (recent.n >= OTP_SENDS_PER_WINDOW) return authFail("EC019");
  const code = crypto.randomInt(0, 10 ** OTP_DIGITS).toString().padStart(OTP_DIGITS, "0");
  // Only the newest code of a purpose is live: an older one cannot be replayed after a resend.
  ctx.db.transaction(() => {
    ctx.db.prepare("UPDATE auth_otps SET used = 1 WHERE user_id = ? AND purpose = ? AND used = 0").run(userId, purpose);
    ctx.db
      .prepare("INSERT INTO auth_otps (user_id, purpose, code, kid, sent_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(userId, purpose, code, kid, now, now + OTP_VALID_MS);
  })();
  deliver(ctx, {
    userId,
    channel: "SMS",
    code,
    text: `${code} is your OTP to ${PURPOSE_TEXT[purpose]}. It is valid for ${OTP_VALID_MS / 60_000} minutes. Do not share it.`,
    at: new Date(now).toISOString(),
  });
  return { status: "Ok", message: `OTP sent to your mobile number ending ${mobile.slice(-4)}`, result: [{ resendAfterSeconds: OTP_RESEND_SECONDS, otpLength: OTP_DIGITS }] };
}

/** Counts a wrong OTP or TOTP; the fifth in a row locks one-time codes for 15 minutes (EC080). */
export function countWrongCode(ctx: BrokerContext, userId: string, now: number): Answer {
  const wrong = authAccountOf(ctx.db, userId).wrong_otps + 1;
  if (wrong >= WRONG_OTPS_BEFORE_LOCK) {
    updateAuthAccount(ctx.db, userId, { wrong_otps: 0, otp_locked_until: now + LOCK_MS });
    return authFail("EC080", [{ retryAfterSeconds: LOCK_MS / 1000, retryAt: new Date(now + LOCK_MS).toISOString() }]);
  }
  updateAuthAccount(ctx.db, userId, { wrong_otps: wrong });
  return authFail("EC025", [{ attemptsLeft: WRONG_OTPS_BEFORE_LOCK - wrong }]);
}

/**
 * Checks and consumes a code: undefined when accepted (once only), else the error answer. A
 * call from another key than the one the code was sent for answers EC044 as if there were no
 * flow at all: it neither uses the code up nor counts toward the owner's lockout.
 */
export function checkOtp(ctx: BrokerContext, userId: string, purpose: OtpPurpose, received: string, kid: string): Answer | undefined {
  const now = ctx.clock.now().getTime();
  const locked = lockedAnswer(ctx, userId, now);
  if (locked) return locked;
  const live = ctx.db.prepare("SELECT id, code, kid, expires_at FROM auth_otps WHERE user_id = ? AND purpose = ? AND used = 0 ORDER BY id DESC LIMIT 1").get(userId, purpose) as
    | { id: number; code: string; kid: string; expires_at: number }
    | undefined;
  if (!live) return countWrongCode(ctx, userId, now);
  if (live.kid !== kid) return authFail("EC044");
  if (live.expires_at <= now) return authFail("EC024");
  const a = Buffer.from(received);
  const b = Buffer.from(live.code);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return countWrongCode(ctx, userId, now);
  ctx.db.prepare("UPDATE auth_otps SET used = 1 WHERE id = ?").run(live.id);
  updateAuthAccount(ctx.db, userId, { wrong_otps: 0 });
  return undefined;
}

export function otpLockAnswer(ctx: BrokerContext, userId: string): Answer | undefined {
  return lockedAnswer(ctx, userId, ctx.clock.now().getTime());
}
