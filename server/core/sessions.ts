import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { BrokerContext } from "../context.js";
import { ok } from "../envelope.js";
import { route } from "../http/wire.js";
import { revokeOtherSessions as revokeOthersCall, sessions } from "../../src/core/wire/profile.js";
import { bearerOf, liveSessionsOf, revokeOtherSessions } from "../sessions.js";

/** A session's public name: never its token, which is a bearer. */
export function sessionIdOf(token: string): string {
  return crypto.createHash("sha256").update(token).digest("base64url").slice(0, 12);
}

/**
 * Settings › Security's active sessions (the spec names no call; these are Tape's):
 *   GET  /core/sessions              the client's live sessions, newest first, the caller's marked current
 *   POST /core/sessions/revokeOthers every other session ends; their feed connections close with them
 */
export function registerActiveSessions(app: FastifyInstance, ctx: BrokerContext): void {
  route(app, sessions, async (req) => {
    const mine = bearerOf(req) ?? "";
    // A session's expiry runs on wall time (sessions.ts), so it is stored on wall time; the list
    // shows it on the broker's clock, like every other time on screen (issue 29: 15:03 beside 10:04).
    const brokerOffsetMs = ctx.clock.now().getTime() - Date.now();
    return ok(
      liveSessionsOf(ctx.db, req.userId).map((s) => ({
        sessionId: sessionIdOf(s.token),
        device: s.device,
        deviceId: s.deviceId,
        loginTime: new Date(Date.parse(s.createdAt) + brokerOffsetMs).toISOString(),
        current: s.token === mine,
      })),
    );
  });

  route(app, revokeOthersCall, async (req) => {
    const revoked = revokeOtherSessions(ctx.db, req.userId, bearerOf(req) ?? "");
    return ok([{ revoked }]);
  });
}
