import { isSessionValid } from "../../core/rules/session";
import { readUserItem, writeUserItem, type UserItem } from "../userStorage";
import { session$ } from "./session";
import { clientState } from "./sessionReset";

/** The client signed in now; undefined on the login page. */
export function signedInClient(): string | undefined {
  const s = session$.peek();
  return isSessionValid(s.accessToken, s.clientCode) ? s.clientCode : undefined;
}

const loaders: Array<(clientCode: string | undefined) => void> = [];
let loadedFor = signedInClient();

// A sign-in loads the new client's own things, before anything renders for it. (The end of a
// session puts the defaults back through the session reset, in the same batch as every store.)
session$.onChange(() => {
  const now = signedInClient();
  if (now === loadedFor) return;
  loadedFor = now;
  if (now !== undefined) for (const load of loaders) load(now);
});

/**
 * Registers a store of a user's own things (userStorage.ts): `load` runs now for whoever is signed
 * in, again at each sign-in with that client code, and with undefined (the defaults) when the
 * session ends. So memory only ever holds the signed-in client's own, and a next user in the same
 * tab starts from the defaults without a reload.
 */
export function ownedByUser(name: string, holds: () => unknown, load: (clientCode: string | undefined) => void): void {
  loaders.push(load);
  clientState({ name, holds, reset: () => load(undefined) });
  load(signedInClient());
}

/** The signed-in client's own `item`; `fallback` when nobody is signed in or nothing is saved. */
export function readOwn<T>(item: UserItem, fallback: T): T {
  const client = signedInClient();
  return client === undefined ? fallback : readUserItem(client, item, fallback);
}

/** Saves `item` as the signed-in client's own; with nobody signed in it is kept nowhere. */
export function saveOwn(item: UserItem, value: unknown): void {
  const client = signedInClient();
  if (client !== undefined) writeUserItem(client, item, value);
}
