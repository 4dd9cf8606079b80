import { CommandConflictError } from "./registry";
import { isLive, specificity, type KeyPlace } from "./scopes";
import type { Command } from "./types";

/**
 * The keymap as data (DESIGN.md section 3). Key strings use react-hotkeys-hook's syntax
 * ("ctrl+k", "shift+slash", "alt+1"); `formatKey` turns them into what users read ("Ctrl+K", "?").
 * Defaults come from each command's declaration (`keys`), user overrides from local storage
 * (commandId -> keys).
 */
export type Keymap = Record<string, readonly string[]>;

/** The default keymap, read off the commands' own declarations (`keys`). */
export function defaultKeymap(commands: readonly Command[]): Keymap {
  const out: Keymap = {};
  for (const c of commands) if (c.keys?.length) out[c.id] = c.keys.map(normalizeKey);
  return out;
}

/** Keys handled by the focused field or list itself rather than by commands, listed by `?` all the same. */
export const BUILT_IN_KEYS: Array<{ keys: string; what: string }> = [
  { keys: "Enter", what: "Run the palette's choice / press the focused button" },
  { keys: "Esc", what: "Close the palette" },
  { keys: "Tab / Shift+Tab", what: "Next / previous field" },
  { keys: "↑ ↓ in a number field", what: "Step the value by one tick or lot" },
];

/** Lower-cased, modifiers in a fixed order, so "Shift+Ctrl+K" and "ctrl+shift+k" are one key. */
export function normalizeKey(key: string): string {
  const parts = key
    .toLowerCase()
    .split("+")
    .map((p) => p.trim())
    .filter(Boolean);
  const order = ["ctrl", "meta", "alt", "shift"];
  const mods = order.filter((m) => parts.includes(m));
  const rest = parts.filter((p) => !order.includes(p));
  return [...mods, ...rest].join("+");
}

const NAMES: Record<string, string> = {
  slash: "/",
  backslash: "\\",
  minus: "-",
  equal: "=",
  bracketleft: "[",
  bracketright: "]",
  arrowleft: "←",
  arrowright: "→",
  arrowup: "↑",
  arrowdown: "↓",
  escape: "Esc",
  enter: "Enter",
  delete: "Delete",
  backspace: "Backspace",
  space: "Space",
  comma: ",",
  period: ".",
};

/** "shift+slash" -> "?", "ctrl+k" -> "Ctrl+K", "alt+shift+arrowleft" -> "Alt+Shift+←". */
export function formatKey(key: string): string {
  const k = normalizeKey(key);
  if (k === "shift+slash") return "?";
  return k
    .split("+")
    .map((p) => {
      if (p === "ctrl" || p === "meta" || p === "alt" || p === "shift") return p === "meta" ? "Cmd" : p[0]!.toUpperCase() + p.slice(1);
      return NAMES[p] ?? (p.length === 1 ? p.toUpperCase() : p[0]!.toUpperCase() + p.slice(1));
    })
    .join("+");
}

/** The effective keys of every command: defaults with the user's overrides on top. */
export function effectiveKeymap(defaults: Keymap, overrides: Keymap): Keymap {
  const out: Keymap = {};
  for (const [id, keys] of Object.entries({ ...defaults, ...overrides })) out[id] = keys.map(normalizeKey);
  return out;
}

export interface KeyConflict {
  key: string;
  commands: [string, string];
}

/** Two commands of the same scope bound to one key; commands of different scopes may share. */
export function findConflicts(keymap: Keymap, commands: readonly Command[]): KeyConflict[] {
  const scopeOf = new Map(commands.map((c) => [c.id, c.scope ?? "global"]));
  const seen = new Map<string, string>();
  const out: KeyConflict[] = [];
  for (const [id, keys] of Object.entries(keymap)) {
    if (!scopeOf.has(id)) continue;
    for (const key of keys) {
      const slot = `${scopeOf.get(id)}|${normalizeKey(key)}`;
      const other = seen.get(slot);
      if (other && other !== id) out.push({ key: normalizeKey(key), commands: [other, id] });
      else seen.set(slot, id);
    }
  }
  return out;
}

/** At start-up: the declared default keys must not collide within a scope. */
export function assertKeymapSound(commands: readonly Command[]): void {
  const conflicts = findConflicts(defaultKeymap(commands), commands);
  if (conflicts.length) {
    throw new CommandConflictError(conflicts.map((c) => `${formatKey(c.key)} is bound to both ${c.commands[0]} and ${c.commands[1]}`).join("; "));
  }
}

/**
 * Which command a pressed key runs: among the commands bound to it whose scope is live where it
 * was pressed (scopes.ts), the narrowest scope first, the first whose `when` holds. The one
 * place where scope is honoured.
 */
export function commandForKey(keymap: Keymap, commands: readonly Command[], key: string, place: KeyPlace, isAvailable: (cmd: Command) => boolean): Command | undefined {
  const k = normalizeKey(key);
  return commands
    .filter((c) => keymap[c.id]?.includes(k) && isLive(c.scope ?? "global", k, place))
    .sort((a, b) => specificity(b.scope ?? "global") - specificity(a.scope ?? "global"))
    .find(isAvailable);
}
