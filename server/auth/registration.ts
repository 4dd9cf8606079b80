import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";
import { SUCCESS_MESSAGES } from "../../src/core/rules/loginStage.js";
import type { BrokerContext } from "../context.js";
import { ok } from "../envelope.js";
import { authAccountOf, updateAuthAccount } from "./account.js";
import { encryptedRoute } from "./encrypted.js";
import { adminGate, isAnswer, provenClient } from "./gates.js";
import type { AuthKeys } from "./keys.js";
import { checkOtp, countWrongCode, otpLockAnswer, sendOtp } from "./otp.js";
import { authFail, missing, named } from "./reply.js";
import { enableTotp, generateScanner, getScanner } from "../../src/core/wire/auth.js";
import { acceptedTotpStep, newTotpSecret, totpFor } from "./totp.js";

export const TOTP_REGISTERED_MESSAGE = SUCCESS_MESSAGES.totpRegistered;

/**
 * Authenticator registration (section 4): totpGenerate asks for an OTP (scanner/generate),
 * registerTotp shows the QR and secret (scanner/get, after that OTP), and the first code from
 * the app switches TOTP on (topt/enable). Until then the old secret, if any, stays in force.
 */
export function registerTotpRegistration(app: FastifyInstance, ctx: BrokerContext, keys: AuthKeys): void {
  encryptedRoute(app, ctx, keys, generateScanner, (p, req, caller) => {
    const user = provenClient(ctx, req, p, caller);
    if (isAnswer(user)) return user;
    return adminGate(ctx, user.user_id) ?? sendOtp(ctx, user.user_id, user.mobile, "totp", caller.kid);
  });

  encryptedRoute(app, ctx, keys, getScanner, async (p, req, caller) => {
    const user = provenClient(ctx, req, p, caller);
    if (isAnswer(user)) return user;
    const otp = named(p.receivedOtp) ?? named(p.otp);
    if (!otp) return missing("receivedOtp");
    const refused = adminGate(ctx, user.user_id) ?? checkOtp(ctx, user.user_id, "totp", otp, caller.kid);
    if (refused) return refused;
    const secret = newTotpSecret();
    updateAuthAccount(ctx.db, user.user_id, { totp_pending_secret: secret });
    const otpauthUri = totpFor(user.user_id, secret).toString();
    const qrCode = await QRCode.toDataURL(otpauthUri, { margin: 1, width: 240 });
    return ok([{ secret, otpauthUri, qrCode }]);
  });

  encryptedRoute(app, ctx, keys, enableTotp, (p, req, caller) => {
    const user = provenClient(ctx, req, p, caller);
    if (isAnswer(user)) return user;
    const token = p.totp.trim();
    const refused = adminGate(ctx, user.user_id) ?? otpLockAnswer(ctx, user.user_id);
    if (refused) return refused;
    const pending = authAccountOf(ctx.db, user.user_id).totp_pending_secret;
    if (!pending) return authFail("EC031");
    const step = acceptedTotpStep(user.user_id, pending, token, Date.now(), null);
    if (step === undefined) return countWrongCode(ctx, user.user_id, ctx.clock.now().getTime());
    updateAuthAccount(ctx.db, user.user_id, { totp_secret: pending, totp_pending_secret: null, totp_last_step: step, wrong_otps: 0 });
    return ok([], TOTP_REGISTERED_MESSAGE);
  });
}
