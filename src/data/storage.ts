/**
 * Local storage, read and written as JSON, never throwing: a full or disabled store must not
 * take the terminal down. Keys are listed here so that "clear all but the client code" is exact.
 */
export const KEYS = {
  clientCode: "clientCode",
  accessToken: "accessToken",
  clientName: "clientName",
  authToken: "authToken",
  mobile: "mobile",
  email: "email",
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

/** Logout and 401: clear everything except the client code (access-and-surroundings section 4). */
export function clearAllExceptClientCode(): void {
  const s = store();
  if (!s) return;
  const keep = s.getItem(KEYS.clientCode);
  s.clear();
  if (keep !== null) s.setItem(KEYS.clientCode, keep);
}
