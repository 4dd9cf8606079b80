import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthApi } from "../../src/data/api/auth.js";
import * as wire from "../../src/core/wire/auth.js";
import { newTotpSecret, totpFor } from "../../server/auth/totp.js";
import { startBroker, type TestBroker } from "./harness.js";
import { addUser, authApi, clientKeyPair, controlClock, latestCode, setAuthFlags, signIn } from "./authHelpers.js";

/**
 * Issue 12, item 2: a proven step (right password, OTP verified for login, unblock and forgot
 * password, TOTP) belongs to the encryption key (kid) and the device that proved it. Another
 * key, or the same key naming another device, is refused with the catalogue's EC044
 * ("Invalid session"), as if nothing had been proven.
 */
let b: TestBroker;
let owner: AuthApi;
let other: AuthApi;
let clock: { advance(ms: number): void };

beforeAll(async () => {
  b = await startBroker();
  owner = authApi(b, clientKeyPair());
  other = authApi(b, clientKeyPair());
  clock = controlClock(b);
});
afterAll(async () => b.stop());

async function forgotVerified(user: string, deviceId?: string): Promise<void> {
  expect((await owner.forgotPassword(user)).status).toBe("Ok");
  const receivedOtp = await latestCode(b, user);
  expect((await owner.call(wire.verifyForgotPassword, { userId: user, receivedOtp, dob: "01011990", ...(deviceId ? { deviceId } : {}) })).status).toBe("Ok");
}

describe("forgot password: the reset belongs to the client that verified the OTP", () => {
  it("refuses a reset from another key with EC044 and leaves the proof to its owner", async () => {
    const user = addUser(b);
    await forgotVerified(user);
    const stolen = await other.resetPassword(user, "Stolen@2026", "d");
    expect(stolen.status).toBe("EC044");
    expect(stolen.message).toBe("Invalid session");
    expect((await owner.resetPassword(user, "Mine@2026", "d")).status).toBe("Ok");
    expect((await owner.validatePassword(user, "Mine@2026", "d")).status).toBe("Ok");
  });

  it("refuses a reset naming another device than the one that verified", async () => {
    const user = addUser(b);
    await forgotVerified(user, "phone-1");
    expect((await owner.resetPassword(user, "Other@2026", "laptop-2")).status).toBe("EC044");
    expect((await owner.resetPassword(user, "Mine@2026", "phone-1")).status).toBe("Ok");
  });

  it("is single use and lasts 5 minutes", async () => {
    const user = addUser(b);
    await forgotVerified(user);
    clock.advance(5 * 60_000);
    expect((await owner.resetPassword(user, "Late@2026", "d")).status).toBe("EC044");
  });

  it("the forgot-password OTP is verified only by the key that asked for it", async () => {
    const user = addUser(b);
    expect((await owner.forgotPassword(user)).status).toBe("Ok");
    const code = await latestCode(b, user);
    expect((await other.verifyForgotPassword(user, code, "01011990")).status).toBe("EC044");
    expect((await other.resetPassword(user, "Stolen@2026", "d")).status).toBe("EC044");
    // The owner's code is still live.
    expect((await owner.verifyForgotPassword(user, code, "01011990")).status).toBe("Ok");
  });
});

describe("unblock: the OTP is verified only by the key that asked for it", () => {
  it("another key with the right code does not unblock", async () => {
    const user = addUser(b);
    setAuthFlags(b, user, "blocked = 1, wrong_passwords = 5");
    expect((await owner.unblock(user)).status).toBe("Ok");
    const code = await latestCode(b, user);
    expect((await other.verifyUnblock(user, code, "01011990")).status).toBe("EC044");
    expect((await owner.validatePassword(user, "Tape@2026", "d")).status).toBe("EC004");
    expect((await owner.verifyUnblock(user, code, "01011990")).status).toBe("Ok");
  });
});

describe("login: the proven-client state after a right password belongs to its key and device", () => {
  it("another key cannot ask for the OTP, validate it, or register an authenticator", async () => {
    const user = addUser(b);
    expect((await owner.validatePassword(user, "Tape@2026", "dev-1")).status).toBe("Ok");
    expect((await other.sendOtp(user)).status).toBe("EC044");
    expect((await other.generateScanner(user)).status).toBe("EC044");
    expect((await owner.sendOtp(user)).status).toBe("Ok");
    const code = await latestCode(b, user);
    expect((await other.validateOtp(user, code, "dev-1")).status).toBe("EC044");
    const done = await owner.validateOtp(user, code, "dev-1");
    expect(done.status).toBe("Ok");
    expect(done.result[0]?.accessToken).toBeTruthy();
  });

  it("the same key naming another device is refused", async () => {
    const user = addUser(b);
    expect((await owner.validatePassword(user, "Tape@2026", "dev-1")).status).toBe("Ok");
    expect((await owner.sendOtp(user)).status).toBe("Ok");
    const code = await latestCode(b, user);
    expect((await owner.validateOtp(user, code, "dev-2")).status).toBe("EC044");
    expect((await owner.validateOtp(user, code, "dev-1")).status).toBe("Ok");
  });

  it("TOTP: another key's right code does not sign in; the proof is used once", async () => {
    const user = addUser(b);
    const secret = newTotpSecret();
    setAuthFlags(b, user, `totp_secret = '${secret}'`);
    expect((await owner.validatePassword(user, "Tape@2026", "dev-1")).status).toBe("Ok");
    const code = totpFor(user, secret).generate();
    expect((await other.verifyTotp(user, code, "dev-1")).status).toBe("EC044");
    expect((await owner.verifyTotp(user, code, "dev-1")).status).toBe("Ok");
    // Used up: a second sign-in needs the password again.
    expect((await owner.sendOtp(user)).status).toBe("EC044");
  });
});

describe("change password: a wrong old password counts toward the lockout", () => {
  it("the fifth wrong old password in a row blocks the account (EC004)", async () => {
    const user = addUser(b);
    const token = await signIn(b, owner, user);
    for (let left = 4; left >= 1; left--) {
      const a = await owner.changePassword(token, "Wrong@1", "Next@2026");
      expect(a.status).toBe("EC016");
      expect(a.result).toEqual([{ attemptsLeft: left }]);
    }
    expect((await owner.changePassword(token, "Wrong@1", "Next@2026")).status).toBe("EC004");
    expect((await owner.validatePassword(user, "Tape@2026", "d")).status).toBe("EC004");
  });
});
