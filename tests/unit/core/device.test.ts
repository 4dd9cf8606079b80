import { describe, expect, it } from "vitest";
import { deviceIdOf, type BrowserFingerprint } from "../../../src/core/device.js";

// "The device id is computed from a browser fingerprint." Stable across reloads: same fingerprint, same id.
describe("device id", () => {
  const fp: BrowserFingerprint = { userAgent: "Mozilla/5.0", language: "en-IN", platform: "Linux x86_64", timezone: "Asia/Kolkata", screen: "1920x1080", colorDepth: 24, hardwareConcurrency: 8, touchPoints: 0 };

  it("is the first 32 hex digits of the SHA-256 of the fields joined by U+241F, in a fixed order", () => {
    // printf 'Mozilla/5.0\xe2\x90\x9fen-IN\xe2\x90\x9fLinux x86_64\xe2\x90\x9fAsia/Kolkata\xe2\x90\x9f1920x1080\xe2\x90\x9f24\xe2\x90\x9f8\xe2\x90\x9f0' | sha256sum
    expect(deviceIdOf(fp)).toBe("dbbb09ae3f76218827df0fbd86731ac2");
  });

  it("is the same for the same fingerprint and differs when a field differs", () => {
    expect(deviceIdOf(fp)).toBe(deviceIdOf({ ...fp }));
    expect(deviceIdOf(fp)).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceIdOf({ ...fp, language: "hi-IN" })).not.toBe(deviceIdOf(fp));
    expect(deviceIdOf({ ...fp, screen: "1366x768" })).not.toBe(deviceIdOf(fp));
  });
});
