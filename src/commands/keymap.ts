import { CommandConflictError } from "./registry";
import type { Command } from "./types";

/**
 * The keymap as data (DESIGN.md section 3). Key strings use react-hotkeys-hook's syntax
 * ("ctrl+k", "shift+slash", "alt+1"); `formatKey` turns them into what users read ("Ctrl+K", "?").
 * Defaults here, user overrides in local storage (commandId -> keys).
 */
export type Keymap = Record<string, readonly string[]>;

export const DEFAULT_KEYS: Keymap = {
  "palette.open": ["ctrl+k", "meta+k"],
  "keymap.show": ["shift+slash"],
  "search.instrument": ["slash"],
  "market.depth": ["d"],
  "view.theme.toggle": ["alt+t"],
  "layout.split.right": ["alt+backslash"],
  "layout.split.down": ["alt+minus"],
  "layout.close": ["alt+w"],
  "layout.resize.left": ["alt+shift+arrowleft"],
  "layout.resize.right": ["alt+shift+arrowright"],
  "layout.resize.up": ["alt+shift+arrowup"],
  "layout.resize.down": ["alt+shift+arrowdown"],
  "layout.focus.left": ["ctrl+arrowleft"],
  "layout.focus.right": ["ctrl+arrowright"],
  "layout.focus.up": ["ctrl+arrowup"],
  "layout.focus.down": ["ctrl+arrowdown"],
  ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`layout.focus.${i + 1}`, [`alt+${i + 1}`]])),
  "tab.next": ["bracketright"],
  "tab.previous": ["bracketleft"],
  "portfolio.cursor.down": ["j", "arrowdown"],
  "portfolio.cursor.up": ["k", "arrowup"],
  "portfolio.exit": ["x"],
  "position.exitAll": ["shift+x"],
  "position.convert": ["v"],
  "position.info": ["i"],
  "holdings.export": ["e"],
  "order.buy": ["b"],
  "order.sell": ["s"],
  "order.modify": ["m"],
  "order.cancel": ["delete"],
  "order.cancelAll": ["shift+delete"],
  "order.repeat": ["r"],
  "order.info": ["i"],
  "gtt.open": ["g"],
  "gtt.modify": ["m"],
  "gtt.cancel": ["delete"],
  "watchlist.cursor.down": ["j", "arrowdown"],
  "watchlist.cursor.up": ["k", "arrowup"],
  "watchlist.cursor.first": ["home"],
  "watchlist.cursor.last": ["end"],
  "watchlist.row.moveUp": ["shift+arrowup"],
  "watchlist.row.moveDown": ["shift+arrowdown"],
  // Delete cancels the selected order; removing a watchlist row is - or Backspace.
  "watchlist.remove": ["minus", "backspace"],
  "watchlist.add": ["shift+equal"],
};

/** Keys handled inside panes and dialogs rather than by commands, listed by `?` all the same. */
export const BUILT_IN_KEYS: Array<{ keys: string; what: string }> = [
  { keys: "↑ ↓ / j k", what: "Move the row cursor" },
  { keys: "Enter", what: "Submit the focused form / run the palette's choice" },
  { keys: "Esc", what: "Close the top dialog" },
  { keys: "Tab / Shift+Tab", what: "Next / previous field" },
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
export function findConflicts(keymap: Keymap, commands: Command[]): KeyConflict[] {
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

/** At start-up: default keys must not collide and must name registered commands. */
export function assertKeymapSound(keymap: Keymap, commands: Command[]): void {
  const ids = new Set(commands.map((c) => c.id));
  const unknown = Object.keys(keymap).filter((id) => !ids.has(id));
  if (unknown.length) throw new CommandConflictError(`keys bound to unknown commands: ${unknown.join(", ")}`);
  const conflicts = findConflicts(keymap, commands);
  if (conflicts.length) {
    throw new CommandConflictError(conflicts.map((c) => `${formatKey(c.key)} is bound to both ${c.commands[0]} and ${c.commands[1]}`).join("; "));
  }
}

/** Which command a pressed key runs, given what is available now. */
export function commandForKey(keymap: Keymap, key: string, isAvailable: (id: string) => boolean): string | undefined {
  const k = normalizeKey(key);
  for (const [id, keys] of Object.entries(keymap)) if (keys.includes(k) && isAvailable(id)) return id;
  return undefined;
}
