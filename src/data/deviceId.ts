import { KEYS, readString, writeString } from "./storage";

/**
 * The device id sent with cancels and GTT calls. The spec computes it from a browser
 * fingerprint; Tape derives it once from stable browser traits plus a random salt and keeps it
 * in local storage, so it stays the same for this browser without tracking anyone across sites.
 */
export function deviceId(): string {
  const stored = readString(KEYS.deviceId);
  if (stored) return stored;
  const traits = typeof navigator === "undefined" ? "node" : `${navigator.userAgent}|${navigator.language}|${navigator.hardwareConcurrency ?? 0}`;
  let h = 2166136261;
  for (let i = 0; i < traits.length; i++) h = Math.imul(h ^ traits.charCodeAt(i), 16777619) >>> 0;
  const id = `${h.toString(16)}-${randomId()}`;
  writeString(KEYS.deviceId, id);
  return id;
}

export function userAgent(): string {
  return typeof navigator === "undefined" ? "node" : navigator.userAgent;
}

/** A random id; crypto.randomUUID where the page is a secure context, Math.random otherwise. */
export function randomId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
