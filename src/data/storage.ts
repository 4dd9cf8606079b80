/**
 * Local storage, read and written as JSON, never throwing: a full or disabled store must not
 * take the terminal down. The session's and the device's keys are listed here; each user's own
 * things live under keys of their client code (userStorage.ts).
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
  deviceId: "deviceId",
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

export function removeKey(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    /* see writeJson */
  }
}

/** Logout and 401: every key goes but those `kept` names (userStorage.ts says which, and why). */
export function clearStorageExcept(kept: (key: string) => boolean): void {
  const s = store();
  if (!s) return;
  const keys = Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k): k is string => k !== null);
  for (const key of keys) if (!kept(key)) s.removeItem(key);
}
