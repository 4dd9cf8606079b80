import { observable } from "@legendapp/state";
import { ownedByUser, saveOwn } from "../data/stores/ownedByUser";
import { readUserItem } from "../data/userStorage";
import { defaultKeymap, effectiveKeymap, formatKey, normalizeKey, rebindClash, type Keymap } from "./keymap";
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

/**
 * Rebinds a command to one key. Refused, with the reason, when another command has the key
 * wherever this one's key would be live (keymap.ts, rebindClash): one key, one command, in every place.
 */
export function rebind(commandId: string, key: string): { ok: true } | { ok: false; reason: string } {
  const k = normalizeKey(key);
  const clash = rebindClash(registry.all(), keyOverrides$.peek(), commandId, k);
  if (clash) return { ok: false, reason: `${formatKey(k)} is already bound to "${registry.get(clash.other)?.title ?? clash.other}"` };
  save({ ...keyOverrides$.peek(), [commandId]: [k] });
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
