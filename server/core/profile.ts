import type { FastifyInstance } from "fastify";
import { findUser } from "../accounts.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";

/** GET {core}profile: accountStatus and exchanges (access-and-surroundings section 7). */
export function registerProfile(app: FastifyInstance, ctx: BrokerContext): void {
  app.get("/core/profile", async (req) => {
    const user = findUser(ctx.db, req.userId);
    if (!user) return fail("EC044", "Invalid session");
    return ok([
      {
        clientCode: user.user_id,
        clientName: user.client_name,
        accountStatus: user.account_status,
        exchanges: JSON.parse(user.exchanges) as string[],
        mobile: user.mobile,
        email: user.email,
      },
    ]);
  });
}
