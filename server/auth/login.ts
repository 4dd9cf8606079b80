import type { FastifyInstance } from "fastify";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { maskEmail, maskTail } from "../../src/core/rules/masking.js";
import { issueSession, type SessionDevice } from "../sessions.js";
import type { UserRow } from "../accounts.js";
import { authAccountOf, updateAuthAccount } from "./account.js";
import { encryptedRoute } from "./encrypted.js";
import { clientOf, isAnswer, loginGate } from "./gates.js";
import type { AuthKeys } from "./keys.js";
import { checkOtp, countWrongCode, otpLockAnswer, sendOtp } from "./otp.js";
import { checkPassword } from "./passwordCheck.js";
import { clearPending, isPending, markPending } from "./pending.js";
import { authFail, named, type Answer } from "./reply.js";
import { route } from "../http/wire.js";
import { getEncKey, validateOtp, validatePassword, verifyClient, verifyTotp, sendOtp as sendOtpCall } from "../../src/core/wire/auth.js";
import { acceptedTotpStep } from "./totp.js";

/** The success answer of otp/validate and topt/verify (DESIGN.md section 5). */
export function signedIn(ctx: BrokerContext, user: UserRow, vendor?: string, from?: SessionDevice): Answer {
  const accessToken = issueSession(ctx.db, user.user_id, new Date(), from);
  // The auth state keeps mobile and email (access-and-surroundings section 3); they leave masked, as on the profile.
  return ok([
    { accessToken, authToken: accessToken, clientCode: user.user_id, clientName: user.client_name, mobile: maskTail(user.mobile), email: maskEmail(user.email), ...(vendor ? { vendor } : {}) },
  ]);
}

/** The device a login names: its appName and osName, and its deviceId. */
export function deviceOf(p: { appName?: string; osName?: string; deviceId?: string }): SessionDevice {
  return { device: [named(p.appName), named(p.osName)].filter(Boolean).join(" on "), deviceId: named(p.deviceId) ?? "" };
}

export function registerLogin(app: FastifyInstance, ctx: BrokerContext, keys: AuthKeys): void {
  // Plain: the client's key is exchanged for the broker's.
  route(app, getEncKey, async (req) => {
    try {
      keys.registerClientKey(req.body.ceData);
    } catch {
      return fail("EC400", "Bad request: ceData must be an RSA-2048 public key in PEM (SubjectPublicKeyInfo)");
    }
    return ok([{ cPubKey: keys.serverPublicKeyPem }]);
  });

  // Plain: userId, osName, IsPANEntered, DeviceID.
  route(app, verifyClient, async (req) => {
    const p = req.body;
    const isPan = p.IsPANEntered === true || p.IsPANEntered === "Y" || p.IsPANEntered === "true";
    const user = clientOf(ctx, p.userId, isPan);
    if (isAnswer(user)) return user;
    const gate = loginGate(ctx, user.user_id);
    if (gate) return gate;
    const a = authAccountOf(ctx.db, user.user_id);
    return ok([{ clientCode: user.user_id, clientName: user.client_name, isTotpEnabled: a.totp_secret !== null, mobile: maskTail(user.mobile) }]);
  });

  encryptedRoute(app, ctx, keys, validatePassword, (p, _req, caller) => {
    const user = clientOf(ctx, p.userId);
    if (isAnswer(user)) return user;
    const refused = checkPassword(ctx, user, p.password);
    if (refused) return refused;
    const a = authAccountOf(ctx.db, user.user_id);
    if (a.password_expires_at !== null && a.password_expires_at <= ctx.clock.now().getTime()) return authFail("EC069");
    markPending(ctx, user.user_id, "login", caller);
    const isTotpEnabled = a.totp_secret !== null;
    return ok([{ clientCode: user.user_id, clientName: user.client_name, isTotpEnabled, nextStage: isTotpEnabled ? "totp" : "otp" }]);
  });

  encryptedRoute(app, ctx, keys, sendOtpCall, (p, _req, caller) => {
    const user = clientOf(ctx, p.userId);
    if (isAnswer(user)) return user;
    const gate = loginGate(ctx, user.user_id);
    if (gate) return gate;
    if (!isPending(ctx, user.user_id, "login", caller)) return authFail("EC044");
    return sendOtp(ctx, user.user_id, user.mobile, "login", caller.kid);
  });

  encryptedRoute(app, ctx, keys, validateOtp, (p, _req, caller) => {
    const user = clientOf(ctx, p.userId);
    if (isAnswer(user)) return user;
    const gate = loginGate(ctx, user.user_id);
    if (gate) return gate;
    if (!isPending(ctx, user.user_id, "login", caller)) return authFail("EC044");
    const refused = checkOtp(ctx, user.user_id, "login", p.receivedOtp.trim(), caller.kid);
    if (refused) return refused;
    clearPending(ctx, user.user_id, "login");
    return signedIn(ctx, user, named(p.vendor), deviceOf(p));
  });

  encryptedRoute(app, ctx, keys, verifyTotp, (p, _req, caller) => {
    const user = clientOf(ctx, p.userId);
    if (isAnswer(user)) return user;
    const gate = loginGate(ctx, user.user_id) ?? otpLockAnswer(ctx, user.user_id);
    if (gate) return gate;
    if (!isPending(ctx, user.user_id, "login", caller)) return authFail("EC044");
    const a = authAccountOf(ctx.db, user.user_id);
    if (a.totp_secret === null) return authFail("EC031");
    const step = acceptedTotpStep(user.user_id, a.totp_secret, p.totp.trim(), Date.now(), a.totp_last_step);
    if (step === undefined) return countWrongCode(ctx, user.user_id, ctx.clock.now().getTime());
    updateAuthAccount(ctx.db, user.user_id, { totp_last_step: step, wrong_otps: 0 });
    clearPending(ctx, user.user_id, "login");
    return signedIn(ctx, user, named(p.vendor), deviceOf(p));
  });
}
