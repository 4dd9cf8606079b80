import { describe, expect, it } from "vitest";
import { deviceIdOf, type BrowserFingerprint } from "../../../src/core/device.js";

// "The device id is computed from a browser fingerprint." Stable across reloads: same fingerprint, same id.
describe("device id", () => {
  const fp: BrowserFingerprint = { userAgent: "Mozilla/5.0", language: "en-IN", platform: "Linux x86_64", timezone: "Asia/Kolkata", screen: "1920x1080", colorDepth: 24, hardwareConcurrency: 8, touchPoints: 0 };

  it("is the same for the same fingerprint and differs when a field differs", () => {
    expect(deviceIdOf(fp)).toBe(deviceIdOf({ ...fp }));
    expect(deviceIdOf(fp)).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceIdOf({ ...fp, language: "hi-IN" })).not.toBe(deviceIdOf(fp));
    expect(deviceIdOf({ ...fp, screen: "1366x768" })).not.toBe(deviceIdOf(fp));
  });
});
