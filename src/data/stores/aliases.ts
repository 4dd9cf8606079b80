import { observable } from "@legendapp/state";
import { notify } from "../../core/notify";
import type { Aliases } from "../../core/rules/alias";
import { deleteAlias, listAliases, saveAlias, type AliasRow } from "../api/aliases";
import { isOk, type Envelope } from "../api/http";
import { clientState } from "./sessionReset";

/** The user's command aliases as the broker last answered them (issue 19). */
export const aliases$ = observable<{ list: AliasRow[]; loaded: boolean }>({ list: [], loaded: false });
clientState({ name: "aliases", holds: () => aliases$.peek(), reset: () => aliases$.set({ list: [], loaded: false }) });

export function aliasMap(): Aliases {
  return Object.fromEntries(aliases$.list.peek().map((a) => [a.name, a.body]));
}

async function take(send: () => Promise<Envelope<AliasRow>>): Promise<boolean> {
  try {
    const env = await send();
    if (!isOk(env)) {
      notify({ kind: "danger", text: env.message });
      return false;
    }
    aliases$.set({ list: env.result ?? [], loaded: true });
    return true;
  } catch {
    return false; // told by the HTTP layer
  }
}

export const refreshAliases = (): Promise<boolean> => take(listAliases);
export const storeAlias = (a: AliasRow): Promise<boolean> => take(() => saveAlias(a));
export const removeAlias = (name: string): Promise<boolean> => take(() => deleteAlias(name));
