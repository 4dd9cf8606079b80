/**
 * "Session is valid only if both an access token and a client code are stored; the strings
 * null and undefined are ignored." (access-and-surroundings section 5)
 */
export function storedValue(value: string | null | undefined): string | undefined {
  if (value == null) return undefined;
  const v = value.trim();
  if (v === "" || v === "null" || v === "undefined") return undefined;
  return v;
}

export function isSessionValid(accessToken: string | null | undefined, clientCode: string | null | undefined): boolean {
  return storedValue(accessToken) !== undefined && storedValue(clientCode) !== undefined;
}
