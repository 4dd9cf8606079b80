import type { FastifyInstance } from "fastify";
import { WRONG_PASSWORDS_BEFORE_BLOCK } from "../../src/core/errors/auth.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { verifyPassword } from "../passwords.js";
import { issueSession } from "../sessions.js";
import type { UserRow } from "../accounts.js";
import { authAccountOf, updateAuthAccount } from "./account.js";
import { encryptedRoute } from "./encrypted.js";
import { clientOf, isAnswer, loginGate } from "./gates.js";
import type { AuthKeys } from "./keys.js";
import { checkOtp, countWrongCode, otpLockAnswer, sendOtp } from "./otp.js";
import { clearPending, isPending, markPending } from "./pending.js";
import { authFail, field, missing, type Answer } from "./reply.js";
import { acceptedTotpStep } from "./totp.js";

/** Our decision for EC052: more than 10 password attempts (any outcome) in 15 minutes locks for 15 minutes. */
export const PASSWORD_ATTEMPTS_PER_WINDOW = 10;
const ATTEMPT_WINDOW_MS = 15 * 60_000;

/** The success answer of otp/validate and topt/verify (DESIGN.md section 5). */
export function signedIn(ctx: BrokerContext, user: UserRow, vendor?: string): Answer {
  const accessToken = issueSession(ctx.db, user.user_id, new Date());
  return ok([{ accessToken, authToken: accessToken, clientCode: user.user_id, clientName: user.client_name, ...(vendor ? { vendor } : {}) }]);
}

function attemptGate(ctx: BrokerContext, userId: string, now: number): Answer | undefined {
  const lockedUntil = authAccountOf(ctx.db, userId).login_locked_until;
  const timer = (until: number) => authFail("EC052", [{ retryAfterSeconds: Math.ceil((until - now) / 1000), retryAt: new Date(until).toISOString() }]);
  if (lockedUntil && lockedUntil > now) return timer(lockedUntil);
  ctx.db.prepare("DELETE FROM auth_attempts WHERE user_id = ? AND kind = 'password' AND at <= ?").run(userId, now - ATTEMPT_WINDOW_MS);
  const { n } = ctx.db.prepare("SELECT COUNT(*) AS n FROM auth_attempts WHERE user_id = ? AND kind = 'password'").get(userId) as { n: number };
  if (n >= PASSWORD_ATTEMPTS_PER_WINDOW) {
    updateAuthAccount(ctx.db, userId, { login_locked_until: now + ATTEMPT_WINDOW_MS });
    ctx.db.prepare("DELETE FROM auth_attempts WHERE user_id = ? AND kind = 'password'").run(userId);
    return timer(now + ATTEMPT_WINDOW_MS);
  }
  ctx.db.prepare("INSERT INTO auth_attempts (user_id, kind, at) VALUES (?, 'password', ?)").run(userId, now);
  return undefined;
}

export function registerLogin(app: FastifyInstance, ctx: BrokerContext, keys: AuthKeys): void {
  // Plain: the client's key is exchanged for the broker's.
  app.post<{ Body: { ceData?: unknown } | null }>("/auth/get/encKey", async (req) => {
    const pem = req.body?.ceData;
    if (typeof pem !== "string") return missing("ceData");
    try {
      keys.registerClientKey(pem);
    } catch {
      return fail("EC400", "Bad request: ceData must be an RSA-2048 public key in PEM (SubjectPublicKeyInfo)");
    }
    return ok([{ cPubKey: keys.serverPublicKeyPem }]);
  });

  // Plain: userId, osName, IsPANEntered, DeviceID.
  app.post<{ Body: Record<string, unknown> | null }>("/auth/client/verify", async (req) => {
    const p = req.body && typeof req.body === "object" ? req.body : {};
    const isPan = p.IsPANEntered === true || p.IsPANEntered === "Y" || p.IsPANEntered === "true";
    const user = clientOf(ctx, p, isPan);
    if (isAnswer(user)) return user;
    const gate = loginGate(ctx, user.user_id);
    if (gate) return gate;
    const a = authAccountOf(ctx.db, user.user_id);
    return ok([{ clientCode: user.user_id, clientName: user.client_name, isTotpEnabled: a.totp_secret !== null, mobile: `******${user.mobile.slice(-4)}` }]);
  });

  encryptedRoute(app, ctx, keys, "/auth/pwd/validate", (p) => {
    const user = clientOf(ctx, p);
    if (isAnswer(user)) return user;
    const password = typeof p.password === "string" ? p.password : undefined;
    if (!password) return missing("password");
    const now = ctx.clock.now().getTime();
    const gate = attemptGate(ctx, user.user_id, now) ?? loginGate(ctx, user.user_id);
    if (gate) return gate;
    if (!verifyPassword(password, user.password_hash)) {
      const wrong = authAccountOf(ctx.db, user.user_id).wrong_passwords + 1;
      if (wrong >= WRONG_PASSWORDS_BEFORE_BLOCK) {
        updateAuthAccount(ctx.db, user.user_id, { wrong_passwords: wrong, blocked: 1 });
        return authFail("EC004");
      }
      updateAuthAccount(ctx.db, user.user_id, { wrong_passwords: wrong });
      return authFail("EC016", [{ attemptsLeft: WRONG_PASSWORDS_BEFORE_BLOCK - wrong }]);
    }
    const a = authAccountOf(ctx.db, user.user_id);
    updateAuthAccount(ctx.db, user.user_id, { wrong_passwords: 0 });
    if (a.password_expires_at !== null && a.password_expires_at <= now) return authFail("EC069");
    markPending(ctx, user.user_id, "login");
    const isTotpEnabled = a.totp_secret !== null;
    return ok([{ clientCode: user.user_id, clientName: user.client_name, isTotpEnabled, nextStage: isTotpEnabled ? "totp" : "otp" }]);
  });

  encryptedRoute(app, ctx, keys, "/auth/otp/send", (p) => {
    const user = clientOf(ctx, p);
    if (isAnswer(user)) return user;
    const gate = loginGate(ctx, user.user_id);
    if (gate) return gate;
    if (!isPending(ctx, user.user_id, "login")) return authFail("EC044");
    return sendOtp(ctx, user.user_id, user.mobile, "login");
  });

  encryptedRoute(app, ctx, keys, "/auth/otp/validate", (p) => {
    const user = clientOf(ctx, p);
    if (isAnswer(user)) return user;
    const received = field(p, "receivedOtp");
    if (!received) return missing("receivedOtp");
    const gate = loginGate(ctx, user.user_id);
    if (gate) return gate;
    if (!isPending(ctx, user.user_id, "login")) return authFail("EC044");
    const refused = checkOtp(ctx, user.user_id, "login", received);
    if (refused) return refused;
    clearPending(ctx, user.user_id, "login");
    return signedIn(ctx, user, field(p, "vendor"));
  });

  encryptedRoute(app, ctx, keys, "/auth/topt/verify", (p) => {
    const user = clientOf(ctx, p);
    if (isAnswer(user)) return user;
    const token = field(p, "totp");
    if (!token) return missing("totp");
    const gate = loginGate(ctx, user.user_id) ?? otpLockAnswer(ctx, user.user_id);
    if (gate) return gate;
    if (!isPending(ctx, user.user_id, "login")) return authFail("EC044");
    const a = authAccountOf(ctx.db, user.user_id);
    if (a.totp_secret === null) return authFail("EC031");
    const step = acceptedTotpStep(user.user_id, a.totp_secret, token, Date.now(), a.totp_last_step);
    if (step === undefined) return countWrongCode(ctx, user.user_id, ctx.clock.now().getTime());
    updateAuthAccount(ctx.db, user.user_id, { totp_last_step: step, wrong_otps: 0 });
    clearPending(ctx, user.user_id, "login");
    return signedIn(ctx, user, field(p, "vendor"));
  });

}
