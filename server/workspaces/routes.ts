import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { readWorkspaceBody, WORKSPACE_BODY_MAX, workspaceNameProblem } from "../../src/core/workspace/named.js";
import { deleteWorkspace, listWorkspaces, renameWorkspace, saveWorkspace, type SavedWorkspace } from "../../src/core/wire/workspaces.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { route } from "../http/wire.js";

/**
 * Named workspaces, kept per user (issue 32): Tape's own calls under /core.
 *   POST /core/v2/workspaces          -> [{ name, body, savedAt }] by name
 *   POST /core/v2/workspaces/save     { name, body } -> the list; EC780 with the reason when refused
 *   POST /core/v2/workspaces/rename   { name, to } -> the list; EC781 no such, EC782 the new name is taken
 *   POST /core/v2/workspaces/delete   { name } -> the list; EC781 when there is no such workspace
 * The table is migration 3200's; names are one whatever their case.
 */
export function registerWorkspaces(app: FastifyInstance, ctx: BrokerContext): void {
  const { db } = ctx;
  const list = (userId: string) =>
    (db.prepare("SELECT name, body, saved_at AS savedAt FROM workspaces WHERE user_id = ? ORDER BY name COLLATE NOCASE").all(userId) as SavedWorkspace[]);
  const find = (userId: string, name: string) => db.prepare("SELECT name FROM workspaces WHERE user_id = ? AND name = ? COLLATE NOCASE").get(userId, name.trim()) as { name: string } | undefined;
  const refuse = (detail: string) => fail("EC780", `${ERROR_CATALOGUE.EC780}: ${detail}`);

  route(app, listWorkspaces, async (req) => ok(list(req.userId)));

  route(app, saveWorkspace, async (req) => {
    const name = req.body.name.trim();
    const problem = workspaceNameProblem(name);
    if (problem) return refuse(problem);
    if (req.body.body.length > WORKSPACE_BODY_MAX) return refuse(`a workspace is at most ${WORKSPACE_BODY_MAX.toLocaleString("en-IN")} characters`);
    if (!readWorkspaceBody(req.body.body)) return refuse("its body is not a layout");
    // Saving under a name already kept, any case, replaces it and takes the new spelling.
    db.transaction(() => {
      db.prepare("DELETE FROM workspaces WHERE user_id = ? AND name = ? COLLATE NOCASE").run(req.userId, name);
      db.prepare("INSERT INTO workspaces (user_id, name, body, saved_at) VALUES (?, ?, ?, ?)").run(req.userId, name, req.body.body, ctx.clock.now().getTime());
    })();
    return ok(list(req.userId));
  });

  route(app, renameWorkspace, async (req) => {
    const to = req.body.to.trim();
    const problem = workspaceNameProblem(to);
    if (problem) return refuse(problem);
    const was = find(req.userId, req.body.name);
    if (!was) return fail("EC781", ERROR_CATALOGUE.EC781);
    const taken = find(req.userId, to);
    if (taken && taken.name.toLowerCase() !== was.name.toLowerCase()) return fail("EC782", ERROR_CATALOGUE.EC782);
    db.prepare("UPDATE workspaces SET name = ? WHERE user_id = ? AND name = ?").run(to, req.userId, was.name);
    return ok(list(req.userId));
  });

  route(app, deleteWorkspace, async (req) => {
    const r = db.prepare("DELETE FROM workspaces WHERE user_id = ? AND name = ? COLLATE NOCASE").run(req.userId, req.body.name.trim());
    return r.changes > 0 ? ok(list(req.userId)) : fail("EC781", ERROR_CATALOGUE.EC781);
  });
}
