import { observable } from "@legendapp/state";
import { ownedByUser, saveOwn } from "../data/stores/ownedByUser";
import { readUserItem } from "../data/userStorage";
import { defaultKeymap, effectiveKeymap, findConflicts, formatKey, normalizeKey, type Keymap } from "./keymap";
import { registry } from "./registry";

/**
 * The signed-in user's rebindings, kept per client code (data/userStorage.ts): none when nobody is
 * signed in, the user's own from their sign-in on. The effective keymap is derived, never stored twice.
 */
export const keyOverrides$ = observable<Keymap>({});
ownedByUser("keymap", () => keyOverrides$.peek(), (client) => keyOverrides$.set(client === undefined ? {} : readUserItem<Keymap>(client, "keymap", {})));

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
  save(next);
  return { ok: true };
}

export function unbind(commandId: string): void {
  save({ ...keyOverrides$.peek(), [commandId]: [] });
}

export function resetKeymap(): void {
  save({});
}

function save(next: Keymap): void {
  keyOverrides$.set(next);
  saveOwn("keymap", next);
}
