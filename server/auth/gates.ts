import type { FastifyRequest } from "fastify";
import type { UserRow } from "../accounts.js";
import type { BrokerContext } from "../context.js";
import { fail } from "../envelope.js";
import { bearerOf, userOfToken } from "../sessions.js";
import { authAccountOf, resolveClient } from "./account.js";
import { PlainReply } from "./encrypted.js";
import { isPending, type Caller } from "./pending.js";
import { authFail, missing, type Refusal } from "./reply.js";

/** The client a userId names, or the error answer (EC400 when none is named, EC011 to EC013, EC016). */
export function clientOf(ctx: BrokerContext, userId: string | undefined, isPan = false): UserRow | Refusal {
  const id = userId?.trim();
  if (!id) return missing("userId");
  const r = resolveClient(ctx.db, id, isPan);
  return "user" in r ? r.user : authFail(r.code);
}

export function isAnswer(x: UserRow | Refusal): x is Refusal {
  return "status" in x;
}

/** States that stop every login step: EC014 blocked by the administrator, EC081 voluntary freeze. */
export function adminGate(ctx: BrokerContext, userId: string): Refusal | undefined {
  const a = authAccountOf(ctx.db, userId);
  if (a.admin_blocked) return authFail("EC014");
  if (a.frozen) return authFail("EC081");
  return undefined;
}

/** adminGate plus EC004, the block after 5 wrong passwords. */
export function loginGate(ctx: BrokerContext, userId: string): Refusal | undefined {
  return adminGate(ctx, userId) ?? (authAccountOf(ctx.db, userId).blocked ? authFail("EC004") : undefined);
}

/** The bearer's user, or a plain 401 (DESIGN.md section 5: a bad or missing token is 401). */
export function bearerUser(ctx: BrokerContext, req: FastifyRequest): string {
  const userId = userOfToken(ctx.db, bearerOf(req));
  if (!userId) throw new PlainReply(401, fail("EC044", "Invalid session"));
  return userId;
}

/**
 * Who may register TOTP: a signed-in client (bearer) or the caller who has just given the right
 * password on the login page (the totpGenerate stage is a login stage), with the same key.
 */
export function provenClient(ctx: BrokerContext, req: FastifyRequest, p: { userId?: string }, caller: Caller): UserRow | Refusal {
  const bearerUserId = userOfToken(ctx.db, bearerOf(req));
  if (bearerUserId) {
    const named = p.userId?.trim();
    if (named && named.toUpperCase() !== bearerUserId.toUpperCase()) return authFail("EC044");
    return clientOf(ctx, bearerUserId);
  }
  const user = clientOf(ctx, p.userId);
  if (isAnswer(user)) return user;
  return isPending(ctx, user.user_id, "login", caller) ? user : authFail("EC044");
}
