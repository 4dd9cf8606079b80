/**
 * Local storage, read and written as JSON, never throwing: a full or disabled store must not
 * take the terminal down. Keys are listed here so that what a sign-out keeps is exact.
 */
export const KEYS = {
  clientCode: "clientCode",
  accessToken: "accessToken",
  clientName: "clientName",
  theme: "theme",
  tabs: "tabs",
  keymap: "keymap",
  layoutPrefix: "layout.",
  deviceId: "deviceId",
  settings: "settings",
  activeScrip: "activeScrip",
} as const;

function store(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readJson<T>(key: string, fallback: T): T {
  const raw = store()?.getItem(key);
  if (raw == null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    store()?.setItem(key, JSON.stringify(value));
  } catch {
    /* quota or privacy mode: the value lives for this page only */
  }
}

export function readString(key: string): string | null {
  return store()?.getItem(key) ?? null;
}

export function writeString(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    /* see writeJson */
  }
}

/**
 * What a sign-out keeps: the client code (the spec's one exception), and what belongs to the
 * person at this device rather than to the session: the theme, the settings and the key
 * bindings they chose, the device id, and each client's saved layout (keyed by client code, so
 * it never shows to another client).
 */
const KEPT_KEYS: readonly string[] = [KEYS.clientCode, KEYS.theme, KEYS.settings, KEYS.keymap, KEYS.deviceId];
const kept = (key: string): boolean => KEPT_KEYS.includes(key) || key.startsWith(KEYS.layoutPrefix);

/** Logout and 401: clear the session's keys, keeping the ones above (access-and-surroundings section 4). */
export function clearSessionKeys(): void {
  const s = store();
  if (!s) return;
  const keys = Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => k !== null);
  for (const k of keys) if (!kept(k)) s.removeItem(k);
}
