import { call, type Envelope } from "./http";
import { coreApi } from "./services";

/** Tape's alias calls (issue 19, server/aliases/routes.ts): the user's aliases, kept by the broker. */
export interface AliasRow {
  name: string;
  body: string;
}

export const listAliases = (): Promise<Envelope<AliasRow>> => call<AliasRow>(coreApi, "v2/aliases", { method: "post", json: {} });
export const saveAlias = (a: AliasRow): Promise<Envelope<AliasRow>> => call<AliasRow>(coreApi, "v2/aliases/save", { method: "post", json: a });
export const deleteAlias = (name: string): Promise<Envelope<AliasRow>> => call<AliasRow>(coreApi, "v2/aliases/delete", { method: "post", json: { name } });
