import { observable } from "@legendapp/state";
import { notify } from "../../core/notify";
import { readWorkspaceBody, sameName, stepWorkspace } from "../../core/workspace/named";
import { deleteWorkspace, listWorkspaces, renameWorkspace, saveWorkspace, type SavedWorkspace } from "../api/workspaces";
import { isOk, type Envelope } from "../api/http";
import { readUserItem } from "../userStorage";
import { ownedByUser, saveOwn } from "./ownedByUser";
import { layout$, workspace } from "./workspace";

/**
 * The user's named workspaces (issue 32) as the broker last answered them, and the one open now.
 * Each answer is kept in the user's own local storage too: with the broker unreachable, the last
 * list still opens (the offline fallback; the layout itself is always saved locally as well).
 */
export const workspaces$ = observable<{ list: SavedWorkspace[]; loaded: boolean; current: string | undefined }>({ list: [], loaded: false, current: undefined });

ownedByUser("workspaces", () => workspaces$.peek(), (client) => {
  const cached = client === undefined ? [] : readUserItem<unknown>(client, "workspaces", []);
  workspaces$.set({ list: Array.isArray(cached) ? (cached as SavedWorkspace[]).filter((w) => typeof w?.name === "string" && typeof w.body === "string") : [], loaded: false, current: undefined });
});

async function take(send: () => Promise<Envelope<SavedWorkspace>>): Promise<boolean> {
  try {
    const env = await send();
    if (!isOk(env)) {
      notify({ kind: "danger", text: env.message });
      return false;
    }
    const list = env.result ?? [];
    workspaces$.list.set(list);
    workspaces$.loaded.set(true);
    saveOwn("workspaces", list);
    return true;
  } catch {
    return false; // told by the HTTP layer
  }
}

export const refreshWorkspaces = (): Promise<boolean> => take(listWorkspaces);

function find(name: string): SavedWorkspace | undefined {
  return workspaces$.list.peek().find((w) => sameName(w.name, name));
}

/** Saves the layout on screen (every pane, its state, group and columns, the popped-out ones) under `name`. */
export async function saveCurrentWorkspace(name: string): Promise<boolean> {
  const ok = await take(() => saveWorkspace(name.trim(), JSON.stringify({ layout: layout$.peek() })));
  if (ok) workspaces$.current.set(find(name)?.name ?? name.trim());
  return ok;
}

/** Opens a saved workspace: the broker's list when it answers, the last one kept on this device when it does not. */
export async function openWorkspace(name: string): Promise<string | undefined> {
  if (!find(name)) await refreshWorkspaces();
  const w = find(name);
  // The names kept, said as such: "No workspace named Morning: Open" read as Morning's state.
  if (!w) return `No workspace named ${name}${workspaces$.list.peek().length ? ` (saved: ${workspaces$.list.peek().map((x) => x.name).join(", ")})` : ""}`;
  const body = readWorkspaceBody(w.body);
  if (!body) return `Workspace ${w.name} was saved by another build and cannot be read`;
  workspace.replace(body.layout);
  workspaces$.current.set(w.name);
  return undefined;
}

export async function renameSavedWorkspace(name: string, to: string): Promise<boolean> {
  const ok = await take(() => renameWorkspace(name, to));
  const current = workspaces$.current.peek();
  if (ok && current !== undefined && sameName(current, name)) workspaces$.current.set(to.trim());
  return ok;
}

export async function deleteSavedWorkspace(name: string): Promise<boolean> {
  const ok = await take(() => deleteWorkspace(name));
  const current = workspaces$.current.peek();
  if (ok && current !== undefined && sameName(current, name)) workspaces$.current.set(undefined);
  return ok;
}

/** A copy of a saved workspace under another name. */
export async function duplicateWorkspace(name: string, to: string): Promise<string | undefined> {
  if (!find(name)) await refreshWorkspaces();
  const w = find(name);
  if (!w) return `No workspace named ${name}`;
  if (find(to)) return `A workspace named ${to} already exists`;
  return (await take(() => saveWorkspace(to.trim(), w.body))) ? undefined : "";
}

/** The step key's next workspace by name (the first when none is open), fetched first if the list is not. */
export async function nextWorkspaceName(): Promise<string | undefined> {
  if (!workspaces$.loaded.peek()) await refreshWorkspaces();
  return stepWorkspace(workspaces$.list.peek().map((w) => w.name), workspaces$.current.peek());
}
