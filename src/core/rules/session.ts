/**
 * A stored value as the session rule sees it: the strings "null" and "undefined" (what a
 * careless localStorage.setItem(key, value) leaves behind) and blanks count as nothing.
 */
export function storedValue(raw: string | null | undefined): string | undefined {
  if (raw === null || raw === undefined) return undefined;
  const v = raw.trim();
  return v === "" || v === "null" || v === "undefined" ? undefined : v;
}

/**
 * "Session is valid only if both an access token and a client code are stored; the strings
 * null and undefined are ignored." (access-and-surroundings section 5)
 */
export function hasSession(accessToken: string | null | undefined, clientCode: string | null | undefined): boolean {
  return storedValue(accessToken) !== undefined && storedValue(clientCode) !== undefined;
}

/** Local storage keys of the session (the client code survives a logout, section 4). */
export const SESSION_KEYS = { accessToken: "accessToken", authToken: "authToken", clientCode: "clientCode", clientName: "clientName" } as const;

/**
 * What survives "Logout or a 401 clears all stores and local storage (keeping the client
 * code)": the keys to keep after a reset.
 */
export const KEYS_KEPT_ON_RESET: readonly string[] = [SESSION_KEYS.clientCode];
