import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthApi } from "../../src/data/api/auth.js";
import { AUTH_CODES } from "../../src/core/errors/auth.js";
import { startBroker, type TestBroker } from "./harness.js";
import { addUser, authApi, clientKeyPair, controlClock, latestCode, setAuthFlags, signIn } from "./authHelpers.js";

let b: TestBroker;
let api: AuthApi;

beforeAll(async () => {
  b = await startBroker();
  api = authApi(b, clientKeyPair());
  controlClock(b);
});
afterAll(async () => b.stop());

async function block(user: string): Promise<void> {
  for (let i = 0; i < 5; i++) await api.validatePassword(user, "Wrong@123", "d");
  expect((await api.validatePassword(user, "Tape@2026", "d")).status).toBe("EC004");
}

/** Every account's date of birth until it is changed (migration 1702), as the spec's rule writes it: MMDDYYYY. */
const DOB = "01011990";

describe("unblock (accBlock, unblockAccountVerify, success_msg)", () => {
  it("'date of birth format MMDDYYYY': a wrong or missing date is refused before the OTP is tried, so the OTP still works", async () => {
    const user = addUser(b);
    await block(user);
    await api.unblock(user);
    const code = await latestCode(b, user);
    expect((await api.verifyUnblock(user, code, "01021990")).status).toBe("EC992");
    expect((await api.verifyUnblock(user, code, "1990-01-01")).status).toBe("EC992");
    expect((await api.verifyUnblock(user, code, "")).status).toBe("EC400");
    expect((await api.verifyUnblock(user, code, DOB)).status).toBe("Ok");
  });

  it("restores a client blocked by 5 wrong passwords with the OTP from the outbox", async () => {
    const user = addUser(b);
    await block(user);
    expect((await api.unblock(user)).status).toBe("Ok");
    const wrong = await api.verifyUnblock(user, "99999", DOB);
    expect(wrong.status).toBe("EC025");
    const done = await api.verifyUnblock(user, await latestCode(b, user), DOB);
    expect(done.status).toBe("Ok");
    expect(done.message).toBe("Your account has been successfully unblocked!");
    expect(await signIn(b, api, user)).toBeTruthy();
  });

  it("does not let a client lift a block by the administrator", async () => {
    const user = addUser(b);
    setAuthFlags(b, user, "admin_blocked = 1");
    expect((await api.unblock(user)).status).toBe("EC014");
  });
});

describe("forgot password (forgotPasswordVerify, setNewPassword, success_msg)", () => {
  it("sets a new password after the OTP; the old one is refused and the new one signs in", async () => {
    const user = addUser(b);
    expect((await api.resetPassword(user, "New@pass1", "d")).status).toBe("EC044");
    expect((await api.forgotPassword(user)).status).toBe("Ok");
    expect((await api.verifyForgotPassword(user, await latestCode(b, user), DOB)).status).toBe("Ok");
    for (const bad of ["NoSpecial1", "Has @space", "tab\t@x", ""]) {
      const a = await api.resetPassword(user, bad, "d");
      expect(a.status).toBe(bad === "" ? "EC400" : "EC030");
    }
    const done = await api.resetPassword(user, "New@pass1", "d");
    expect(done.status).toBe("Ok");
    expect(done.message).toBe("Your password has been set successfully!");
    expect((await api.resetPassword(user, "Again@pass1", "d")).status).toBe("EC044");
    expect((await api.validatePassword(user, "Tape@2026", "d")).status).toBe("EC016");
    expect(await signIn(b, api, user, "New@pass1")).toBeTruthy();
  });

  it("clears an expired password (EC069) and a wrong-password block", async () => {
    const user = addUser(b);
    setAuthFlags(b, user, "password_expires_at = 1");
    expect((await api.validatePassword(user, "Tape@2026", "d")).status).toBe("EC069");
    await api.forgotPassword(user);
    await api.verifyForgotPassword(user, await latestCode(b, user), DOB);
    expect((await api.resetPassword(user, "Fresh#2026", "d")).status).toBe("Ok");
    expect((await api.validatePassword(user, "Fresh#2026", "d")).status).toBe("Ok");
  });
});

describe("change password inside the app (POST /auth/pwd/change with the bearer)", () => {
  it("checks the old password (EC016) and the rule (EC030), then changes it", async () => {
    const user = addUser(b);
    const token = await signIn(b, api, user);
    expect((await api.changePassword(token, "Wrong@1", "Next@2026")).status).toBe("EC016");
    const rule = await api.changePassword(token, "Tape@2026", "NoSpecial2026");
    expect(rule.status).toBe("EC030");
    expect(rule.message).toBe(AUTH_CODES.EC030);
    const done = await api.changePassword(token, "Tape@2026", "Next@2026");
    expect(done.status).toBe("Ok");
    expect((await api.validatePassword(user, "Next@2026", "d")).status).toBe("Ok");
    await expect(api.changePassword("bad-token", "a", "b")).rejects.toThrow("Your session has been invalidated");
  });
});

describe("persistence", () => {
  it("keeps the broker key and the registered client keys across a restart", async () => {
    const first = await startBroker();
    const pair = clientKeyPair();
    const before = await authApi(first, pair).handshake();
    await first.stop(true);
    const second = await startBroker({}, first.dataDir);
    const again = authApi(second, pair);
    expect((await again.handshake()).serverKey).toBe(before.serverKey);
    expect((await again.verifyClient("DEMO1", "d")).status).toBe("Ok");
    await second.stop();
  });
});
