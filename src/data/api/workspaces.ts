import * as wire from "../../core/wire/workspaces";
import type { CallOptions } from "./http";
import { send } from "./send";

/** Tape's named-workspace calls (issue 32, server/workspaces/routes.ts): the user's workspaces, kept by the broker. */
export type { SavedWorkspace } from "../../core/wire/workspaces";

export const listWorkspaces = (opts?: CallOptions) => send(wire.listWorkspaces, { body: {} }, opts);
export const saveWorkspace = (name: string, body: string) => send(wire.saveWorkspace, { body: { name, body } });
export const renameWorkspace = (name: string, to: string) => send(wire.renameWorkspace, { body: { name, to } });
export const deleteWorkspace = (name: string) => send(wire.deleteWorkspace, { body: { name } });
