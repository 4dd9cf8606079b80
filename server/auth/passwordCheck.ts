import { WRONG_PASSWORDS_BEFORE_BLOCK } from "../../src/core/errors/auth.js";
import type { UserRow } from "../accounts.js";
import type { BrokerContext } from "../context.js";
import { verifyPassword } from "../passwords.js";
import { authAccountOf, updateAuthAccount } from "./account.js";
import { loginGate } from "./gates.js";
import { authFail, type Answer } from "./reply.js";

/** Our decision for EC052: more than 10 password attempts (any outcome) in 15 minutes locks for 15 minutes. */
export const PASSWORD_ATTEMPTS_PER_WINDOW = 10;
const ATTEMPT_WINDOW_MS = 15 * 60_000;

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

/**
 * Every check of a typed password, wherever it is typed (the login page's pwd/validate and the
 * old password of pwd/change): the attempt limit (EC052), the account gates (EC014, EC081,
 * EC004), then the password; a wrong one counts, and the fifth in a row blocks (EC004). A
 * right one resets the count. Undefined when the password is right and nothing stops it.
 */
export function checkPassword(ctx: BrokerContext, user: UserRow, password: string): Answer | undefined {
  const gate = attemptGate(ctx, user.user_id, ctx.clock.now().getTime()) ?? loginGate(ctx, user.user_id);
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
  updateAuthAccount(ctx.db, user.user_id, { wrong_passwords: 0 });
  return undefined;
}
