import * as wire from "../../core/wire/aliases";
import { send } from "./send";

/** Tape's alias calls (issue 19, server/aliases/routes.ts): the user's aliases, kept by the broker. */
export type { AliasRow } from "../../core/wire/aliases";
import type { AliasRow } from "../../core/wire/aliases";

export const listAliases = () => send(wire.listAliases, { body: {} });
export const saveAlias = (a: AliasRow) => send(wire.saveAlias, { body: a });
export const deleteAlias = (name: string) => send(wire.deleteAlias, { body: { name } });
