import { KEYS, readJson, readString, removeKey, writeJson, writeString } from "./storage";

/**
 * What a user sets up for themselves on this device, kept per client code (issue 28, "Each
 * user's own things are theirs"): their key bindings, their layout (panes, and each pane's tab and
 * instrument), their settings (stickOw, notifications, default exchange, default product per
 * segment), the order window's quantity presets of each segment, the order preference of each segment (trading-core "saved locally as
 * orderPreference") and the command lines they ran in the palette (issue 29: ↑ recalls them). Each decides what the next order or keypress does for that trader, so a
 * second trader at the same desk must never inherit them.
 *
 * The spec clears local storage at sign-out "keeping the client code"; these are kept too, or
 * signing in again could not bring them back. They hold nothing of the session (no token, no
 * name, no account data) and are only ever read for the client code that is signed in.
 *
 * The theme is the device's (kept at sign-out, shared by whoever signs in): it suits the screen
 * and the room, the login page needs one before anyone is known, and it changes no order.
 */
export type UserItem = "keymap" | "layout" | "settings" | "orderPreference" | "paletteHistory" | "quantityPresets" | "workspaces";

const USER_PREFIX = "user.";

export function userKey(clientCode: string, item: UserItem): string {
  return `${USER_PREFIX}${clientCode}.${item}`;
}

/** What survives a sign-out or a 401: the client code, the device's theme, and each user's own things. */
export function keptAtSignOut(key: string): boolean {
  return key === KEYS.clientCode || key === KEYS.theme || key.startsWith(USER_PREFIX);
}

/** Where a build before issue 28 kept each item: one key for the device, or (the layout) per client code. */
function legacyKey(clientCode: string, item: UserItem): string {
  return item === "layout" ? `layout.${clientCode}` : item;
}

/**
 * An item saved under the old key moves to the client's own, the first time it is read. It can
 * only be that client's: every sign-out and 401 cleared those keys, so one still there was
 * written in the session of the client code stored beside it, which is the one signing in now.
 * Any other client's read leaves it alone.
 */
function adoptLegacy(clientCode: string, item: UserItem): void {
  const old = legacyKey(clientCode, item);
  const raw = readString(old);
  if (raw === null || readString(KEYS.clientCode) !== clientCode) return;
  if (readString(userKey(clientCode, item)) === null) writeString(userKey(clientCode, item), raw);
  removeKey(old);
}

export function readUserItem<T>(clientCode: string, item: UserItem, fallback: T): T {
  adoptLegacy(clientCode, item);
  return readJson(userKey(clientCode, item), fallback);
}

export function writeUserItem(clientCode: string, item: UserItem, value: unknown): void {
  writeJson(userKey(clientCode, item), value);
}
