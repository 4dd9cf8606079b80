import { observable } from "@legendapp/state";
import { notify } from "../../core/notify";
import { readWorkspaceBody, sameName, stepWorkspace } from "../../core/workspace/named";
import { deleteWorkspace, listWorkspaces, renameWorkspace, saveWorkspace, type SavedWorkspace } from "../api/workspaces";
import { isNoAnswer, isOk, noAnswerText, type Envelope } from "../api/http";
import { readUserItem } from "../userStorage";
import { ownedByUser, saveOwn } from "./ownedByUser";
import { layout$, workspace } from "./workspace";
import type { PaneWork } from "../../core/workspace/paneWork";

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

/** The list as the broker answered it, kept on this device too (the offline fallback). */
function keep(list: SavedWorkspace[]): void {
  workspaces$.list.set(list);
  workspaces$.loaded.set(true);
  saveOwn("workspaces", list);
}

async function take(send: () => Promise<Envelope<SavedWorkspace>>): Promise<boolean> {
  try {
    const env = await send();
    if (!isOk(env)) {
      notify({ kind: "danger", text: env.message });
      return false;
    }
    keep(env.result ?? []);
    return true;
  } catch {
    return false; // told by the HTTP layer
  }
}

export const refreshWorkspaces = (): Promise<boolean> => take(() => listWorkspaces());

/**
 * Whose list a workspace is opened or stepped by: the broker's, just asked (undefined), or this
 * browser's copy, with why the broker's could not be had.
 */
export type ListSource = { fromDevice: string } | undefined;

/**
 * Asks the broker for the list, once, before a workspace is opened or stepped to: the broker's copy
 * is the truth (another browser may have saved, renamed or deleted since this one last asked).
 * While it does not answer, this browser's copy stands in, and the caller says so.
 */
async function askBroker(): Promise<ListSource> {
  try {
    // The toast of the open says the broker did not answer: the HTTP layer's own would say it twice.
    const env = await listWorkspaces({ noAnswerShownByCaller: true });
    if (!isOk(env)) return { fromDevice: `the broker refused the list (${env.message})` };
    keep(env.result ?? []);
    return undefined;
  } catch (err) {
    return { fromDevice: isNoAnswer(err) ? lowerFirst(noAnswerText(err)) : "the broker could not list them" };
  }
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function find(name: string): SavedWorkspace | undefined {
  return workspaces$.list.peek().find((w) => sameName(w.name, name));
}

/** Saves the layout on screen (every pane, its state, group and columns, the popped-out ones) under `name`. */
export async function saveCurrentWorkspace(name: string): Promise<boolean> {
  const ok = await take(() => saveWorkspace(name.trim(), JSON.stringify({ layout: layout$.peek() })));
  if (ok) workspaces$.current.set(find(name)?.name ?? name.trim());
  return ok;
}

/** A workspace that would close panes holding work: the question to ask before opening it. */
export interface WorkspaceAsks {
  name: string;
  loses: PaneWork[];
}

/**
 * Opens a saved workspace: the broker's copy, asked for first (`asked`: the list was asked for just
 * now, by the step key), or this browser's copy when the broker does not answer, said in a toast.
 * One that would close panes holding work is not opened unless `accepted` (the trader said yes to
 * the question): what it would lose is answered instead.
 */
export async function openWorkspace(name: string, asked?: { source: ListSource }, accepted = false): Promise<string | WorkspaceAsks | undefined> {
  const source = asked ? asked.source : await askBroker();
  const w = find(name);
  if (!w) {
    // The names kept, said as such: "No workspace named Morning: Open" read as Morning's state.
    const names = workspaces$.list.peek().map((x) => x.name);
    const said = [names.length ? `saved: ${names.join(", ")}` : "", source ? `this browser's list: ${source.fromDevice}` : ""].filter(Boolean);
    return `No workspace named ${name}${said.length ? ` (${said.join("; ")})` : ""}`;
  }
  const body = readWorkspaceBody(w.body);
  if (!body) return `Workspace ${w.name} was saved by another build and cannot be read`;
  // A pane holding the trader's work that the workspace does not keep is asked about first, as a layout preset's (core/workspace/paneWork.ts).
  const loses = accepted ? [] : workspace.replaceLoses(body.layout);
  if (loses.length > 0) return { name: w.name, loses };
  workspace.replace(body.layout);
  workspaces$.current.set(w.name);
  if (source) notify({ kind: "neutral", text: `Workspace ${w.name} opened from this browser's copy: ${source.fromDevice}; a change saved in another browser may not be in it` });
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

/**
 * The step key's next workspace by name (the first when none is open), by the broker's list, asked
 * for first; `source` says whose list it was, for the open that follows (no second request).
 */
export async function nextWorkspaceName(): Promise<{ name: string | undefined; source: ListSource }> {
  const source = await askBroker();
  return { name: stepWorkspace(workspaces$.list.peek().map((w) => w.name), workspaces$.current.peek()), source };
}
