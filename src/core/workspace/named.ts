/**
 * Named workspaces (issue 32): the whole tiling, each pane's view, state, group and columns, kept
 * by the broker per user under a name. Pure rules shared by the palette and the broker: the name's
 * rule, the palette line, the step key's order and what a saved body must be to be trusted.
 */
import { isLayout, type Layout } from "./tree";
import { upgradeLayout } from "./savedLayout";

export const WORKSPACE_NAME_MAX = 40;
/** A saved body's most, in characters: far above any tiling a screen holds, low enough that a store cannot be filled with junk. */
export const WORKSPACE_BODY_MAX = 200_000;

/** Why a name cannot be a workspace's, or undefined: letters, digits, spaces, - and _, up to 40. */
export function workspaceNameProblem(name: string): string | undefined {
  const n = name.trim();
  if (!n) return "a workspace needs a name";
  if (n.length > WORKSPACE_NAME_MAX) return `a workspace's name is at most ${WORKSPACE_NAME_MAX} characters`;
  if (!/^[A-Za-z0-9][A-Za-z0-9 _-]*$/.test(n)) return "a workspace's name is letters, digits, spaces, - and _";
  return undefined;
}

/** Names are one whatever their case ("morning" opens "Morning"). */
export const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What a saved workspace holds: the layout, with its link groups and the panes that were in windows of their own (`popped`). */
export interface WorkspaceBody {
  layout: Layout;
}

/** A body as the broker keeps it (JSON text), trusted only with a layout's shape; anything else is undefined. */
export function readWorkspaceBody(text: string): WorkspaceBody | undefined {
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch {
    return undefined;
  }
  const layout = x && typeof x === "object" ? (x as { layout?: unknown }).layout : undefined;
  return isLayout(layout) ? { layout: upgradeLayout(layout) } : undefined;
}

export type WorkspaceLine =
  | { kind: "save"; name: string }
  | { kind: "open"; name: string }
  | { kind: "rename"; name: string; to: string }
  | { kind: "delete"; name: string }
  | { kind: "duplicate"; name: string; to: string };

/**
 * The palette's workspace lines: `workspace save Morning`, `workspace Morning`, `workspace rename
 * Morning to Open`, `workspace delete Morning`, `workspace duplicate Morning as Evening`.
 */
export function parseWorkspaceLine(input: string): { ok: true; value: WorkspaceLine } | { ok: false; word: string; reason: string } {
  const rest = input.trim().replace(/^workspace\b\s*/i, "");
  const m = /^(save|rename|delete|duplicate)\b\s*(.*)$/i.exec(rest);
  const verb = m?.[1]?.toLowerCase();
  const args = (m ? m[2]! : rest).trim();
  const named = (name: string, word: string) => {
    const problem = workspaceNameProblem(name);
    return problem ? { ok: false as const, word, reason: problem } : undefined;
  };
  if (!verb) {
    if (!args) return { ok: false, word: "workspace", reason: "Name the workspace to open: workspace Morning, or workspace save Morning" };
    return named(args, args) ?? { ok: true, value: { kind: "open", name: args } };
  }
  if (verb === "save" || verb === "delete") return named(args, verb) ?? { ok: true, value: { kind: verb, name: args } };
  const joiner = verb === "rename" ? "to" : "as";
  const parts = args.split(new RegExp(`\\s+${joiner}\\s+`, "i"));
  if (parts.length !== 2) return { ok: false, word: verb, reason: `workspace ${verb} Morning ${joiner} ${verb === "rename" ? "Open" : "Evening"}` };
  const [name, to] = [parts[0]!.trim(), parts[1]!.trim()];
  return named(name, name) ?? named(to, to) ?? { ok: true, value: { kind: verb as "rename" | "duplicate", name, to } };
}

/** The step key's next workspace: the one after `current` by name, round; the first when none is open. */
export function stepWorkspace(names: readonly string[], current: string | undefined): string | undefined {
  if (!names.length) return undefined;
  const sorted = [...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
  const at = current === undefined ? -1 : sorted.findIndex((n) => sameName(n, current));
  return sorted[(at + 1) % sorted.length];
}
