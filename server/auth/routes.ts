import type { FastifyInstance } from "fastify";
import type { BrokerContext } from "../context.js";
import { loadAuthKeys } from "./keys.js";
import { registerLogin } from "./login.js";
import { registerRecovery } from "./recovery.js";
import { registerTotpRegistration } from "./registration.js";
import { registerSessionCalls } from "./session.js";

/** Every /auth call of access-and-surroundings section 7, plus in-app change password. */
export function registerAuth(app: FastifyInstance, ctx: BrokerContext): void {
  const keys = loadAuthKeys(ctx.db);
  registerLogin(app, ctx, keys);
  registerRecovery(app, ctx, keys);
  registerTotpRegistration(app, ctx, keys);
  registerSessionCalls(app, ctx, keys);
}
