import forge from "node-forge";

/** What the device id is computed from: stable properties of one browser on one machine. */
export interface BrowserFingerprint {
  userAgent: string;
  language: string;
  platform: string;
  timezone: string;
  screen: string;
  colorDepth: number;
  hardwareConcurrency: number;
  touchPoints: number;
}

/**
 * "The device id is computed from a browser fingerprint." A SHA-256 of the fingerprint's
 * fields in a fixed order: the same browser gets the same id across reloads without storing
 * anything, and the id reveals none of the fields. Reading the fingerprint is the browser's
 * business (src/data/deviceId.ts).
 */
export function deviceIdOf(fp: BrowserFingerprint): string {
  const canonical = [fp.userAgent, fp.language, fp.platform, fp.timezone, fp.screen, fp.colorDepth, fp.hardwareConcurrency, fp.touchPoints].join("\u241f");
  return forge.md.sha256.create().update(forge.util.encodeUtf8(canonical)).digest().toHex().slice(0, 32);
}
