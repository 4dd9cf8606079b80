import type { FastifyInstance } from "fastify";
import { SUCCESS_MESSAGES } from "../../src/core/rules/loginStage.js";
import { passwordMeetsRule } from "../../src/core/rules/password.js";
import type { BrokerContext } from "../context.js";
import { ok } from "../envelope.js";
import { hashPassword } from "../passwords.js";
import { revokeAllSessions } from "../sessions.js";
import { updateAuthAccount } from "./account.js";
import { encryptedRoute } from "./encrypted.js";
import { adminGate, bearerUser, clientOf, isAnswer } from "./gates.js";
import type { AuthKeys } from "./keys.js";
import { checkOtp, sendOtp } from "./otp.js";
import { checkPassword } from "./passwordCheck.js";
import { clearPending, isPending, markPending } from "./pending.js";
import { authFail, missing, named, type Refusal } from "./reply.js";
import { changePassword, forgotPassword, resetPassword, unblock, verifyForgotPassword, verifyUnblock } from "../../src/core/wire/auth.js";

/** The spec's success messages (section 4). */
export const UNBLOCKED_MESSAGE = SUCCESS_MESSAGES.unblocked;
export const PASSWORD_SET_MESSAGE = SUCCESS_MESSAGES.passwordSet;
export const PASSWORD_CHANGED_MESSAGE = "Your password has been changed successfully";

/** The OTP of the unblock and forgot-password verify calls (payloads not shown): receivedOtp, or otp. */
function otpOf(p: { receivedOtp?: string; otp?: string }): string | undefined {
  return named(p.receivedOtp) ?? named(p.otp);
}

/**
 * "date of birth format MMDDYYYY": the unblock and forgot-password verify calls carry `dob`, and it
 * must be the account's. It is checked before the OTP, so a wrong date never spends an OTP attempt.
 */
function dobRefusal(ctx: BrokerContext, userId: string, dob: string): Refusal | undefined {
  const row = ctx.db.prepare("SELECT dob FROM users WHERE user_id = ?").get(userId) as { dob: string } | undefined;
  const d = dob.trim();
  return /^\d{8}$/.test(d) && row?.dob === d ? undefined : authFail("EC992");
}

function setPassword(ctx: BrokerContext, userId: string, password: string): void {
  ctx.db.prepare("UPDATE users SET password_hash = ? WHERE user_id = ?").run(hashPassword(password), userId);
}

export function registerRecovery(app: FastifyInstance, ctx: BrokerContext, keys: AuthKeys): void {
  encryptedRoute(app, ctx, keys, unblock, (p, _req, caller) => {
    const user = clientOf(ctx, p.userId);
    if (isAnswer(user)) return user;
    // A block by the administrator or a voluntary freeze is not the client's to lift.
    return adminGate(ctx, user.user_id) ?? sendOtp(ctx, user.user_id, user.mobile, "unblock", caller.kid);
  });

  encryptedRoute(app, ctx, keys, verifyUnblock, (p, _req, caller) => {
    const user = clientOf(ctx, p.userId);
    if (isAnswer(user)) return user;
    const otp = otpOf(p);
    if (!otp) return missing("receivedOtp");
    const refused = adminGate(ctx, user.user_id) ?? dobRefusal(ctx, user.user_id, p.dob) ?? checkOtp(ctx, user.user_id, "unblock", otp, caller.kid);
    if (refused) return refused;
    updateAuthAccount(ctx.db, user.user_id, { blocked: 0, wrong_passwords: 0, login_locked_until: null });
    return ok([], UNBLOCKED_MESSAGE);
  });

  encryptedRoute(app, ctx, keys, forgotPassword, (p, _req, caller) => {
    const user = clientOf(ctx, p.userId);
    if (isAnswer(user)) return user;
    return adminGate(ctx, user.user_id) ?? sendOtp(ctx, user.user_id, user.mobile, "forgot", caller.kid);
  });

  encryptedRoute(app, ctx, keys, verifyForgotPassword, (p, _req, caller) => {
    const user = clientOf(ctx, p.userId);
    if (isAnswer(user)) return user;
    const otp = otpOf(p);
    if (!otp) return missing("receivedOtp");
    const refused = adminGate(ctx, user.user_id) ?? dobRefusal(ctx, user.user_id, p.dob) ?? checkOtp(ctx, user.user_id, "forgot", otp, caller.kid);
    if (refused) return refused;
    markPending(ctx, user.user_id, "reset", caller);
    return ok([{ clientCode: user.user_id }]);
  });

  // userId, password, osName, deviceId, appName; allowed only after pwd/forgot/verify by the same key and device.
  encryptedRoute(app, ctx, keys, resetPassword, (p, _req, caller) => {
    const user = clientOf(ctx, p.userId);
    if (isAnswer(user)) return user;
    const password = p.password;
    if (!isPending(ctx, user.user_id, "reset", caller)) return authFail("EC044");
    if (!passwordMeetsRule(password)) return authFail("EC030");
    setPassword(ctx, user.user_id, password);
    // The OTP proved who the client is, so a block from wrong passwords and an expiry go too.
    updateAuthAccount(ctx.db, user.user_id, { wrong_passwords: 0, blocked: 0, password_expires_at: null, login_locked_until: null });
    clearPending(ctx, user.user_id, "reset");
    // Sessions opened with the old password end with it.
    revokeAllSessions(ctx.db, user.user_id);
    return ok([], PASSWORD_SET_MESSAGE);
  });

  // In-app change password (our path; the spec only says it exists): bearer plus oldPassword, newPassword.
  encryptedRoute(app, ctx, keys, changePassword, (p, req) => {
    const user = clientOf(ctx, bearerUser(ctx, req));
    if (isAnswer(user)) return user;
    const { oldPassword, newPassword } = p;
    // A wrong old password counts as a wrong password on the login page: the fifth blocks (EC004).
    const refused = checkPassword(ctx, user, oldPassword);
    if (refused) return refused;
    if (!passwordMeetsRule(newPassword)) return authFail("EC030");
    setPassword(ctx, user.user_id, newPassword);
    updateAuthAccount(ctx.db, user.user_id, { password_expires_at: null });
    return ok([], PASSWORD_CHANGED_MESSAGE);
  });
}
