import { observable } from "@legendapp/state";
import { KEYS, readJson, writeJson } from "../data/storage";
import { defaultKeymap, effectiveKeymap, findConflicts, formatKey, normalizeKey, type Keymap } from "./keymap";
import { registry } from "./registry";

/** The user's rebindings, stored locally; the effective keymap is derived, never stored twice. */
export const keyOverrides$ = observable<Keymap>(readJson<Keymap>(KEYS.keymap, {}));

let derived: { size: number; overrides: Keymap; keymap: Keymap } | undefined;

/**
 * Defaults from the commands' declarations, the user's rebindings on top. Derived again only when
 * a command is registered or a key rebound: the palette asks for every listed command's keys on
 * each keystroke, and deriving the whole keymap for each was most of its render (issue 18).
 */
export function currentKeymap(): Keymap {
  const overrides = keyOverrides$.peek();
  if (derived?.size !== registry.size || derived.overrides !== overrides) {
    derived = { size: registry.size, overrides, keymap: effectiveKeymap(defaultKeymap(registry.all()), overrides) };
  }
  return derived.keymap;
}

export function keysOf(commandId: string): readonly string[] {
  return currentKeymap()[commandId] ?? [];
}

/** Rebinds a command to one key. Refused, with the reason, when the key is taken in the same scope. */
export function rebind(commandId: string, key: string): { ok: true } | { ok: false; reason: string } {
  const k = normalizeKey(key);
  const next: Keymap = { ...keyOverrides$.peek(), [commandId]: [k] };
  const conflict = findConflicts(effectiveKeymap(defaultKeymap(registry.all()), next), registry.all()).find((c) => c.commands.includes(commandId));
  if (conflict) {
    const other = conflict.commands.find((c) => c !== commandId) ?? "";
    return { ok: false, reason: `${formatKey(k)} is already bound to "${registry.get(other)?.title ?? other}"` };
  }
  keyOverrides$.set(next);
  writeJson(KEYS.keymap, next);
  return { ok: true };
}

export function unbind(commandId: string): void {
  const next: Keymap = { ...keyOverrides$.peek(), [commandId]: [] };
  keyOverrides$.set(next);
  writeJson(KEYS.keymap, next);
}

export function resetKeymap(): void {
  keyOverrides$.set({});
  writeJson(KEYS.keymap, {});
}
