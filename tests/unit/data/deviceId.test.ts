import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deviceIdOf } from "../../../src/core/device";
import { deviceId } from "../../../src/data/deviceId";

// "The device id is computed from a browser fingerprint": not random, so the same browser gets the
// same id again after its local storage is cleared.
describe("the device id the client sends", () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
      key: (i: number) => [...store.keys()][i] ?? null,
      get length() {
        return store.size;
      },
      clear: () => store.clear(),
    });
    vi.stubGlobal("navigator", { userAgent: "Mozilla/5.0", language: "en-IN", platform: "Linux x86_64", hardwareConcurrency: 8, maxTouchPoints: 0 });
    vi.stubGlobal("screen", { width: 1920, height: 1080, colorDepth: 24 });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is the fingerprint's hash, and the same again after local storage is cleared", () => {
    const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const first = deviceId();
    expect(first).toBe(
      deviceIdOf({ userAgent: "Mozilla/5.0", language: "en-IN", platform: "Linux x86_64", timezone, screen: "1920x1080", colorDepth: 24, hardwareConcurrency: 8, touchPoints: 0 }),
    );
    store.clear();
    expect(deviceId()).toBe(first);
  });
});
