import type { FastifyInstance } from "fastify";
import type { BrokerContext } from "../context.js";
import { ok } from "../envelope.js";
import { bearerOf, revokeSession, userOfToken } from "../sessions.js";
import { encryptedRoute } from "./encrypted.js";
import { bearerUser, clientOf, isAnswer } from "./gates.js";
import type { AuthKeys } from "./keys.js";
import { signedIn } from "./login.js";
import { authFail, missing, named } from "./reply.js";
import { checkToken, logout, ssoGetToken } from "../../src/core/wire/auth.js";

export function registerSessionCalls(app: FastifyInstance, ctx: BrokerContext, keys: AuthKeys): void {
  // The bearer is revoked: /core, /wrapper, /span and the feed refuse it from now on.
  encryptedRoute(app, ctx, keys, logout, (_p, req) => {
    bearerUser(ctx, req);
    revokeSession(ctx.db, bearerOf(req) ?? "");
    return ok([], "Logged out");
  });

  // userId, token: is this token a live session of this client?
  encryptedRoute(app, ctx, keys, checkToken, (p) => {
    const user = clientOf(ctx, p.userId);
    if (isAnswer(user)) return user;
    const token = p.token.trim();
    if (userOfToken(ctx.db, token) !== user.user_id) return authFail("EC044");
    return ok([{ clientCode: user.user_id, clientName: user.client_name, valid: true }]);
  });

  // A vendor exchanges the one-time authCode of sso/vendor/authorize for a session of the client.
  encryptedRoute(app, ctx, keys, ssoGetToken, (p) => {
    const authCode = named(p.authCode) ?? named(p.authcode);
    if (!authCode) return missing("authCode");
    const vendor = named(p.vendor) ?? named(p.appkey);
    if (!vendor) return missing("vendor");
    const row = ctx.db.prepare("SELECT appkey, user_id, expires_at, used FROM sso_auth_codes WHERE code = ?").get(authCode) as
      | { appkey: string; user_id: string; expires_at: number; used: number }
      | undefined;
    if (!row || row.used || row.appkey !== vendor || row.expires_at <= ctx.clock.now().getTime()) return authFail("EC044");
    ctx.db.prepare("UPDATE sso_auth_codes SET used = 1 WHERE code = ?").run(authCode);
    const user = clientOf(ctx, row.user_id);
    return isAnswer(user) ? user : signedIn(ctx, user);
  });
}
