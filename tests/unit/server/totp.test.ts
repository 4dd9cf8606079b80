import { describe, expect, it } from "vitest";
import { acceptedTotpStep, newTotpSecret, totpFor } from "../../../server/auth/totp.js";

// "TOTP is RFC 6238 (30 s, one step back allowed)"; "An OTP or TOTP code is accepted once only." (issue 3)
describe("TOTP acceptance", () => {
  const secret = newTotpSecret();
  const t = 1_800_000_000_000; // a fixed instant: the test never depends on the wall clock
  const step = Math.floor(t / 30_000);
  const codeAt = (ms: number) => totpFor("U1", secret).generate({ timestamp: ms });

  it("accepts the current step and one step back", () => {
    expect(acceptedTotpStep("U1", secret, codeAt(t), t, null)).toBe(step);
    expect(acceptedTotpStep("U1", secret, codeAt(t - 30_000), t, null)).toBe(step - 1);
  });

  it("refuses two steps back and a future step", () => {
    const back2 = codeAt(t - 60_000);
    const ahead = codeAt(t + 30_000);
    if (back2 !== codeAt(t) && back2 !== codeAt(t - 30_000)) expect(acceptedTotpStep("U1", secret, back2, t, null)).toBeUndefined();
    if (ahead !== codeAt(t) && ahead !== codeAt(t - 30_000)) expect(acceptedTotpStep("U1", secret, ahead, t, null)).toBeUndefined();
  });

  it("refuses a step already used, and malformed codes", () => {
    expect(acceptedTotpStep("U1", secret, codeAt(t), t, step)).toBeUndefined();
    expect(acceptedTotpStep("U1", secret, codeAt(t - 30_000), t, step - 1)).toBeUndefined();
    expect(acceptedTotpStep("U1", secret, "12345", t, null)).toBeUndefined();
    expect(acceptedTotpStep("U1", secret, "abcdef", t, null)).toBeUndefined();
  });

  it("matches the RFC 6238 SHA-1 test vector (59 s -> 94287082, 8 digits)", async () => {
    const { TOTP, Secret } = await import("otpauth");
    const rfc = new TOTP({ secret: Secret.fromUTF8("12345678901234567890"), digits: 8, period: 30, algorithm: "SHA1" });
    expect(rfc.generate({ timestamp: 59_000 })).toBe("94287082");
  });
});
