import { observable } from "@legendapp/state";
import { ownedByUser, saveOwn, signedInClient } from "../data/stores/ownedByUser";
import { readUserItem, userKey } from "../data/userStorage";
import { defaultKeymap, effectiveKeymap, formatKey, normalizeKey, rebindClash, type Keymap } from "./keymap";
import { registry } from "./registry";

/**
 * The signed-in user's rebindings, kept per client code (data/userStorage.ts): none when nobody is
 * signed in, the user's own from their sign-in on. The effective keymap is derived, never stored twice.
 */
export const keyOverrides$ = observable<Keymap>({});
const keymapOf = (client: string | undefined): Keymap => (client === undefined ? {} : readUserItem<Keymap>(client, "keymap", {}));
ownedByUser("keymap", () => keyOverrides$.peek(), (client) => keyOverrides$.set(keymapOf(client)));

/** The rebindings in force: as saved, shared by every window of the browser (FINDINGS-26 s6), so a rebinding here never undoes one made in another window. */
function overridesInForce(): Keymap {
  const client = signedInClient();
  return client === undefined ? keyOverrides$.peek() : keymapOf(client);
}

/** A rebinding saved by another window of this browser takes effect here at once (the storage event, as settings.ts follows the settings). */
export function followOtherWindowsKeys(target: Pick<EventTarget, "addEventListener" | "removeEventListener">): () => void {
  const heard = (e: Event) => {
    const client = signedInClient();
    if (client !== undefined && (e as StorageEvent).key === userKey(client, "keymap")) keyOverrides$.set(keymapOf(client));
  };
  target.addEventListener("storage", heard);
  return () => target.removeEventListener("storage", heard);
}
if (typeof window !== "undefined") followOtherWindowsKeys(window);

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
  const clash = rebindClash(registry.all(), overridesInForce(), commandId, k);
  if (clash) return { ok: false, reason: `${formatKey(k)} is already bound to "${registry.get(clash.other)?.title ?? clash.other}"` };
  save({ ...overridesInForce(), [commandId]: [k] });
  return { ok: true };
}

export function unbind(commandId: string): void {
  save({ ...overridesInForce(), [commandId]: [] });
}

export function resetKeymap(): void {
  save({});
}

function save(next: Keymap): void {
  keyOverrides$.set(next);
  saveOwn("keymap", next);
}
