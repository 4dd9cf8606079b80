import type { FastifyInstance } from "fastify";
import { findUser } from "../accounts.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { issueSession } from "../sessions.js";
import { route } from "../http/wire.js";
import { devSession } from "../../src/core/wire/dev.js";

/**
 * POST /dev/session signs a demo user in without the login flow: tests of areas other than
 * access use it so that each test does not replay a login. It is a session without
 * credentials, so it exists only under the test harness (DEV_SESSION=1, server/dev/index.ts).
 */
export function registerDevSession(app: FastifyInstance, ctx: BrokerContext): void {
  route(app, devSession, async (req) => {
    const user = findUser(ctx.db, req.body.userId);
    if (!user) return fail("EC016", "Invalid userId");
    const accessToken = issueSession(ctx.db, user.user_id, new Date(), { device: "Test harness session", deviceId: "" });
    return ok([{ accessToken, authToken: accessToken, clientCode: user.user_id, clientName: user.client_name }]);
  });
}
