import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { aliasProblem } from "../../src/core/rules/alias.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { route } from "../http/wire.js";
import { deleteAlias, listAliases, saveAlias } from "../../src/core/wire/aliases.js";

/**
 * Command aliases, kept per user (issue 19): Tape's own calls under /core.
 *   POST /core/v2/aliases          -> [{ name, body }] by name
 *   POST /core/v2/aliases/save     { name, body } -> the list; EC972 with the reason when refused
 *   POST /core/v2/aliases/delete   { name } -> the list; EC973 when there is no such alias
 */
export function registerAliases(app: FastifyInstance, ctx: BrokerContext): void {
  const { db } = ctx;
  const list = (userId: string) => db.prepare("SELECT name, body FROM command_aliases WHERE user_id = ? ORDER BY name").all(userId) as Array<{ name: string; body: string }>;
  route(app, listAliases, async (req) => ok(list(req.userId)));

  route(app, saveAlias, async (req) => {
    const name = req.body.name.trim().toLowerCase();
    const body = req.body.body.trim().slice(0, 2000);
    const others = Object.fromEntries(list(req.userId).filter((a) => a.name !== name).map((a) => [a.name, a.body]));
    const problem = aliasProblem(name, body, others);
    if (problem) return fail("EC972", `${ERROR_CATALOGUE.EC972}: ${problem}`);
    db.prepare("INSERT INTO command_aliases (user_id, name, body) VALUES (?, ?, ?) ON CONFLICT (user_id, name) DO UPDATE SET body = excluded.body").run(req.userId, name, body);
    return ok(list(req.userId));
  });

  route(app, deleteAlias, async (req) => {
    const r = db.prepare("DELETE FROM command_aliases WHERE user_id = ? AND name = ?").run(req.userId, req.body.name.trim().toLowerCase());
    return r.changes > 0 ? ok(list(req.userId)) : fail("EC973", ERROR_CATALOGUE.EC973);
  });
}
