import { CommandConflictError } from "./registry";
import { isLive, liveTogether, specificity, type KeyPlace } from "./scopes";
import type { AnyCommand } from "./types";
import { keyOfEvent, normalizeKey } from "./keyNames";

// Where a key's name is read: here as well, for the keymap's users.
export { keyOfEvent, normalizeKey };

/**
 * The keymap as data (DESIGN.md section 3). Key strings are lower-case names joined by "+"
 * ("ctrl+k", "question", "alt+1"; see normalizeKey and keyOfEvent); `formatKey` turns them into
 * what users read ("Ctrl+K", "?").
 * Defaults come from each command's declaration (`keys`), user overrides from local storage
 * (commandId -> keys).
 */
export type Keymap = Record<string, readonly string[]>;

/** The default keymap, read off the commands' own declarations (`keys`). */
export function defaultKeymap(commands: readonly AnyCommand[]): Keymap {
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

const NAMES: Record<string, string> = {
  slash: "/",
  backslash: "\\",
  minus: "-",
  equal: "=",
  plus: "+",
  question: "?",
  underscore: "_",
  colon: ":",
  semicolon: ";",
  quote: "'",
  doublequote: '"',
  less: "<",
  greater: ">",
  backquote: "`",
  tilde: "~",
  pipe: "|",
  braceleft: "{",
  braceright: "}",
  asterisk: "*",
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
  pageup: "PgUp",
  pagedown: "PgDn",
};

/**
 * How a key is written everywhere it is shown (palette, `?`, Settings, status line): as it is
 * pressed. A bare letter is lower-case ("x"), a shifted one "Shift+X", so the two never read
 * alike; a character key is its character ("?", "+"); with Ctrl, Alt or Cmd a letter is upper-case
 * as menus write it ("Ctrl+K").
 */
export function formatKey(key: string): string {
  const parts = normalizeKey(key).split("+");
  const bare = parts.length === 1;
  return parts
    .map((p) => {
      if (p === "ctrl" || p === "meta" || p === "alt" || p === "shift") return p === "meta" ? "Cmd" : p[0]!.toUpperCase() + p.slice(1);
      if (NAMES[p]) return NAMES[p];
      if (p.length === 1) return bare ? p : p.toUpperCase();
      return p[0]!.toUpperCase() + p.slice(1);
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
export function findConflicts(keymap: Keymap, commands: readonly AnyCommand[]): KeyConflict[] {
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

export interface KeyClash {
  key: string;
  /** The other command's id. */
  other: string;
}

/**
 * The other commands bound to one of `commandId`'s keys whose scope can be live together with its
 * own for that key (scopes.ts, liveTogether): a global key against every command, a pane's key
 * against every other command of that pane and the global ones.
 */
export function clashesOf(keymap: Keymap, commands: readonly AnyCommand[], commandId: string): KeyClash[] {
  const me = commands.find((c) => c.id === commandId);
  if (!me) return [];
  const out: KeyClash[] = [];
  for (const key of (keymap[commandId] ?? []).map(normalizeKey)) {
    for (const c of commands) {
      if (c.id === commandId || !keymap[c.id]?.some((k) => normalizeKey(k) === key)) continue;
      if (liveTogether(me.scope ?? "global", c.scope ?? "global", key)) out.push({ key, other: c.id });
    }
  }
  return out;
}

/**
 * What refuses binding `commandId` to `key` on top of `overrides`: another command that would then
 * share the key where both are live. The default keymap's own sharings stand, since each is a
 * narrower command meaning the key in its place (an idea's `s` sells the idea, a login stage's Esc
 * steps back), so putting a key back where it was declared is never refused for them.
 */
export function rebindClash(commands: readonly AnyCommand[], overrides: Keymap, commandId: string, key: string): KeyClash | undefined {
  const k = normalizeKey(key);
  const defaults = defaultKeymap(commands);
  const designed = clashesOf(defaults, commands, commandId);
  const next = effectiveKeymap(defaults, { ...overrides, [commandId]: [k] });
  return clashesOf(next, commands, commandId).find((c) => !designed.some((d) => d.key === c.key && d.other === c.other));
}

/** At start-up: the declared default keys must not collide within a scope. */
export function assertKeymapSound(commands: readonly AnyCommand[]): void {
  const conflicts = findConflicts(defaultKeymap(commands), commands);
  if (conflicts.length) {
    throw new CommandConflictError(conflicts.map((c) => `${formatKey(c.key)} is bound to both ${c.commands[0]} and ${c.commands[1]}`).join("; "));
  }
}

/**
 * The commands bound to a pressed key whose scope is live where it was pressed (scopes.ts),
 * narrowest scope first. The one place where scope is honoured.
 */
function liveCommandsForKey(keymap: Keymap, commands: readonly AnyCommand[], key: string, place: KeyPlace): AnyCommand[] {
  const k = normalizeKey(key);
  return commands
    .filter((c) => keymap[c.id]?.includes(k) && isLive(c.scope ?? "global", k, place))
    .sort((a, b) => specificity(b.scope ?? "global") - specificity(a.scope ?? "global"));
}

/** Which command a pressed key runs: among its live commands, narrowest scope first, the first whose `when` holds. */
export function commandForKey(keymap: Keymap, commands: readonly AnyCommand[], key: string, place: KeyPlace, isAvailable: (cmd: AnyCommand) => boolean): AnyCommand | undefined {
  return liveCommandsForKey(keymap, commands, key, place).find(isAvailable);
}

/**
 * Keys the browser has its own use for where no command takes them (Enter presses the focused
 * button, arrows and Home/End scroll, Esc with nothing open): a command of theirs that cannot run
 * leaves them to it, and the status line says nothing.
 */
const BROWSER_KEYS = new Set(["enter", "escape", "tab", "space", "arrowup", "arrowdown", "arrowleft", "arrowright", "home", "end", "pageup", "pagedown"]);

export type KeyOutcome =
  | { kind: "run"; command: AnyCommand }
  /** Bound and live here, but it cannot run: the status line says `reason` (issue 28, "nothing is silent"). */
  | { kind: "cannot"; command: AnyCommand; reason: string }
  /** Bound to nothing live here, or a browser key left to the browser. */
  | { kind: "none" };

/**
 * What a pressed key does: runs the first of its live commands that can run; else says the reason
 * of the first that gives one (a command may defer to the next with null; when all do, the first's
 * `fallback` sentence is said).
 */
export function resolveKey(keymap: Keymap, commands: readonly AnyCommand[], key: string, place: KeyPlace, whyNot: (cmd: AnyCommand) => string | null | undefined, fallback: (cmd: AnyCommand) => string): KeyOutcome {
  const live = liveCommandsForKey(keymap, commands, key, place);
  let cannot: { command: AnyCommand; reason: string } | undefined;
  for (const c of live) {
    const reason = whyNot(c);
    if (reason === undefined) return { kind: "run", command: c };
    if (reason !== null) cannot ??= { command: c, reason };
  }
  if (live.length === 0 || BROWSER_KEYS.has(normalizeKey(key))) return { kind: "none" };
  return cannot ? { kind: "cannot", ...cannot } : { kind: "cannot", command: live[0]!, reason: fallback(live[0]!) };
}
