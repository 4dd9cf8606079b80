import { deviceIdOf, type BrowserFingerprint } from "../core/device";
import { KEYS, readString, writeString } from "./storage";

/** Reads the fingerprint in a browser (window size is left out: it changes without the device changing). */
export function readBrowserFingerprint(): BrowserFingerprint {
  const nav = typeof navigator === "undefined" ? undefined : navigator;
  const scr = typeof screen === "undefined" ? undefined : screen;
  return {
    userAgent: nav?.userAgent ?? "",
    language: nav?.language ?? "",
    platform: nav?.platform ?? "",
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? "",
    screen: scr ? `${scr.width}x${scr.height}` : "",
    colorDepth: scr?.colorDepth ?? 0,
    hardwareConcurrency: nav?.hardwareConcurrency ?? 0,
    touchPoints: nav?.maxTouchPoints ?? 0,
  };
}

/**
 * The device id sent with login, cancels and GTT calls: "computed from a browser fingerprint"
 * (core/device.ts). It is kept in local storage as the router guard expects; recomputing gives
 * the same value, so a cleared store changes nothing.
 */
export function deviceId(): string {
  const stored = readString(KEYS.deviceId);
  if (stored) return stored;
  const id = deviceIdOf(readBrowserFingerprint());
  writeString(KEYS.deviceId, id);
  return id;
}

export function userAgent(): string {
  return typeof navigator === "undefined" ? "node" : navigator.userAgent;
}

/** A random id (client order keys); crypto.randomUUID where the page is a secure context, Math.random otherwise. */
export function randomId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
