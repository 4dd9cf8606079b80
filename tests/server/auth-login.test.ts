import forge from "node-forge";
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthApi } from "../../src/data/api/auth.js";
import * as wire from "../../src/core/wire/auth.js";
import { AUTH_CODES } from "../../src/core/errors/auth.js";
import type { KeyPairPem } from "../../src/core/crypto/hybrid.js";
import { startBroker, type TestBroker } from "./harness.js";
import { addUser, authApi, clientKeyPair, controlClock, latestCode, outbox, setAuthFlags, signIn } from "./authHelpers.js";

let b: TestBroker;
let pair: KeyPairPem;
let api: AuthApi;
let clock: { advance(ms: number): void };

beforeAll(async () => {
  b = await startBroker();
  pair = clientKeyPair();
  api = authApi(b, pair);
  clock = controlClock(b);
});
afterAll(async () => b.stop());

const profile = (token: string) => fetch(`${b.url}/core/profile`, { headers: { authorization: `Bearer ${token}` } });

describe("key exchange and encryption on the wire", () => {
  it("get/encKey answers the broker's PEM SubjectPublicKeyInfo as cPubKey in result[0]", async () => {
    const res = await fetch(`${b.url}/auth/get/encKey`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ceData: pair.publicKeyPem }) });
    const body = await res.json();
    expect(body.status).toBe("Ok");
    expect(body.result[0].cPubKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it("refuses a ceData that is not an RSA-2048 public key with EC400, not a 500", async () => {
    for (const ceData of ["nope", 12, forge.pki.publicKeyToPem(forge.pki.rsa.generateKeyPair(1024).publicKey)]) {
      const res = await fetch(`${b.url}/auth/get/encKey`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ceData }) });
      expect(res.status).toBe(200);
      expect((await res.json()).status).toBe("EC400");
    }
  });

  it("answers unreadable cEncData (garbage, unknown kid, a flipped bit) with one plain EC098 and one text", async () => {
    await api.handshake();
    const good = await (async () => {
      const { kid, serverKey } = await api.handshake();
      const { encryptRequest } = await import("../../src/core/crypto/hybrid.js");
      return encryptRequest({ userId: "DEMO1", password: "x" }, kid, serverKey);
    })();
    const parts = good.split(".");
    const ct = forge.util.decode64(parts[3]!);
    const flipped = [...parts.slice(0, 3), forge.util.encode64(String.fromCharCode(ct.charCodeAt(0) ^ 1) + ct.slice(1)), parts[4]].join(".");
    const bodies = [{ cEncData: "x" }, { cEncData: ["A".repeat(43), ...parts.slice(1)].join(".") }, { cEncData: flipped }, {}, { cEncData: 5 }];
    const answers = [];
    for (const body of bodies) {
      const res = await fetch(`${b.url}/auth/pwd/validate`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(res.status).toBe(200);
      answers.push(await res.json());
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ status: "EC098", message: AUTH_CODES.EC098, result: [] })]));
  });

  it("works end to end with node-forge on the client side (a browser without crypto.subtle, a page over plain http to a LAN address)", async () => {
    const forgeApi = new AuthApi({ baseUrl: `${b.url}/auth`, keyPair: pair, subtle: null });
    const answer = await forgeApi.validatePassword("DEMO2", "wrong@pass", "dev-1");
    expect(answer.status).toBe("EC016");
  });

  it("works end to end with WebCrypto on the client side (a browser with crypto.subtle)", async () => {
    const webApi = new AuthApi({ baseUrl: `${b.url}/auth`, keyPair: pair, subtle: globalThis.crypto.subtle });
    const answer = await webApi.validatePassword("DEMO2", "wrong@pass", "dev-1");
    expect(answer.status).toBe("EC016");
  });

  it("answers a missing field with EC400 and malformed JSON with an EC code, never a 500", async () => {
    expect((await api.validatePassword("", "x", "d")).status).toBe("EC400");
    // @ts-expect-error the missing receivedOtp is the point: the client's types refuse it, the broker must too.
    expect((await api.call(wire.validateOtp, { userId: "DEMO1" })).status).toBe("EC400");
    const res = await fetch(`${b.url}/auth/otp/send`, { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" });
    expect(res.status).toBe(200);
    expect((await res.json()).status).toMatch(/^EC/);
  });
});

describe("client verify", () => {
  it("knows DEMO1 and answers EC016 for an unknown client", async () => {
    const ok = await api.verifyClient("demo1", "dev-1");
    expect(ok.status).toBe("Ok");
    expect(ok.result[0]?.clientCode).toBe("DEMO1");
    expect((await api.verifyClient("NOBODY", "dev-1")).status).toBe("EC016");
  });

  it("answers EC011, EC012, EC013 when a mobile, an email or a PAN belongs to several client ids", async () => {
    const a = addUser(b, { mobile: "7777700000", email: "shared@t.example" });
    const c = addUser(b, { mobile: "7777700000", email: "shared@t.example" });
    setAuthFlags(b, a, "pan = 'ABCDE1234F'");
    setAuthFlags(b, c, "pan = 'ABCDE1234F'");
    expect((await api.verifyClient("7777700000", "d")).status).toBe("EC011");
    expect((await api.verifyClient("shared@t.example", "d")).status).toBe("EC012");
    expect((await api.verifyClient("ABCDE1234F", "d", true)).status).toBe("EC013");
    expect((await api.validatePassword("7777700000", "Tape@2026", "d")).status).toBe("EC011");
    expect((await api.verifyClient(a, "d")).status).toBe("Ok");
  });

  it("answers EC014 for a client blocked by the administrator and EC081 for a voluntary freeze", async () => {
    const admin = addUser(b);
    const frozen = addUser(b);
    setAuthFlags(b, admin, "admin_blocked = 1");
    setAuthFlags(b, frozen, "frozen = 1");
    expect((await api.verifyClient(admin, "d")).status).toBe("EC014");
    expect((await api.validatePassword(admin, "Tape@2026", "d")).status).toBe("EC014");
    expect((await api.verifyClient(frozen, "d")).status).toBe("EC081");
    expect((await api.validatePassword(frozen, "Tape@2026", "d")).status).toBe("EC081");
  });
});

describe("password and OTP login", () => {
  it("signs DEMO1 in with password and the OTP from the dev outbox; the token opens /core/profile", async () => {
    const pwd = await api.validatePassword("DEMO1", "Tape@2026", "dev-1");
    expect(pwd.status).toBe("Ok");
    expect(pwd.result[0]?.nextStage).toBe("otp");
    const sent = await api.sendOtp("DEMO1");
    expect(sent.status).toBe("Ok");
    const rows = await outbox(b, "DEMO1");
    expect(rows[0]).toMatchObject({ userId: "DEMO1", channel: "SMS" });
    expect(rows[0]!.code).toMatch(/^\d{4}$/);
    expect(rows[0]!.text).toContain(rows[0]!.code);
    const done = await api.validateOtp("DEMO1", rows[0]!.code, "dev-1");
    expect(done.status).toBe("Ok");
    expect(Object.keys(done.result[0]!).sort()).toEqual(["accessToken", "authToken", "clientCode", "clientName", "email", "mobile"]);
    expect(done.result[0]!.clientCode).toBe("DEMO1");
    expect((await profile(done.result[0]!.accessToken)).status).toBe(200);
  });

  it("accepts an OTP once only (the replay is EC025)", async () => {
    const user = addUser(b);
    await signIn(b, api, user);
    expect((await api.validatePassword(user, "Tape@2026", "d")).status).toBe("Ok");
    const replay = await api.validateOtp(user, (await outbox(b, user))[0]!.code, "d");
    expect(replay.status).toBe("EC025");
  });

  it("refuses an OTP before a right password (EC044) and lists outbox entries newest first", async () => {
    const user = addUser(b);
    expect((await api.sendOtp(user)).status).toBe("EC044");
    expect((await api.validateOtp(user, "1234", "d")).status).toBe("EC044");
    await signIn(b, api, user);
    clock.advance(61_000);
    await api.validatePassword(user, "Tape@2026", "d");
    await api.sendOtp(user);
    const rows = await outbox(b, user);
    expect(rows).toHaveLength(2);
    expect(Date.parse(rows[0]!.at)).toBeGreaterThan(Date.parse(rows[1]!.at));
  });

  it("answers EC016 for a wrong password with attempts left, and EC004 at the fifth, even for the right password after", async () => {
    const user = addUser(b);
    for (let i = 1; i <= 4; i++) {
      const a = await api.validatePassword(user, "Wrong@123", "d");
      expect(a.status).toBe("EC016");
      expect(a.message).toBe(AUTH_CODES.EC016);
      expect(a.result[0]).toEqual({ attemptsLeft: 5 - i });
    }
    expect((await api.validatePassword(user, "Wrong@123", "d")).status).toBe("EC004");
    expect((await api.validatePassword(user, "Tape@2026", "d")).status).toBe("EC004");
    expect((await api.verifyClient(user, "d")).status).toBe("EC004");
  });

  it("resets the wrong-password count on a right password", async () => {
    const user = addUser(b);
    for (let i = 0; i < 4; i++) await api.validatePassword(user, "Wrong@123", "d");
    expect((await api.validatePassword(user, "Tape@2026", "d")).status).toBe("Ok");
    expect((await api.validatePassword(user, "Wrong@123", "d")).result[0]).toEqual({ attemptsLeft: 4 });
  });

  it("answers EC052 with a 15-minute timer after 10 password attempts in 15 minutes, and lets the client in after it", async () => {
    const user = addUser(b);
    for (let i = 0; i < 10; i++) expect((await api.validatePassword(user, "Tape@2026", "d")).status).toBe("Ok");
    const timer = await api.validatePassword(user, "Tape@2026", "d");
    expect(timer.status).toBe("EC052");
    expect(timer.result[0]).toMatchObject({ retryAfterSeconds: 900 });
    clock.advance(15 * 60_000);
    expect((await api.validatePassword(user, "Tape@2026", "d")).status).toBe("Ok");
  });

  it("answers EC069 for a right password that has expired", async () => {
    const user = addUser(b);
    setAuthFlags(b, user, "password_expires_at = 1");
    expect((await api.validatePassword(user, "Tape@2026", "d")).status).toBe("EC069");
  });

  it("answers EC018 to a resend within 60 s and EC019 past 5 sends in 15 minutes", async () => {
    const user = addUser(b);
    expect((await api.validatePassword(user, "Tape@2026", "d")).status).toBe("Ok");
    expect((await api.sendOtp(user)).status).toBe("Ok");
    const early = await api.sendOtp(user);
    expect(early.status).toBe("EC018");
    expect(early.result[0]).toEqual({ retryAfterSeconds: 60 });
    for (let i = 0; i < 4; i++) {
      clock.advance(60_000);
      expect((await api.sendOtp(user)).status).toBe("Ok");
    }
    clock.advance(60_000);
    expect((await api.sendOtp(user)).status).toBe("EC019");
  });

  it("lets a new login ask for a code at once when the last code was used (the 60 s gap is between resends)", async () => {
    const user = addUser(b);
    await signIn(b, api, user);
    expect(await signIn(b, api, user)).toBeTruthy();
  });

  it("answers EC024 for an expired OTP and EC025 for a wrong one", async () => {
    const user = addUser(b);
    await api.validatePassword(user, "Tape@2026", "d");
    await api.sendOtp(user);
    const code = await latestCode(b, user);
    const wrong = code === "0000" ? "1111" : "0000";
    expect((await api.validateOtp(user, wrong, "d")).status).toBe("EC025");
    clock.advance(5 * 60_000);
    expect((await api.validateOtp(user, code, "d")).status).toBe("EC024");
  });

  it("answers EC080 at the fifth wrong OTP, refuses codes and sends for 15 minutes, then works", async () => {
    const user = addUser(b);
    await api.validatePassword(user, "Tape@2026", "d");
    await api.sendOtp(user);
    const code = await latestCode(b, user);
    const wrong = code === "0000" ? "1111" : "0000";
    for (let i = 0; i < 4; i++) expect((await api.validateOtp(user, wrong, "d")).status).toBe("EC025");
    const locked = await api.validateOtp(user, wrong, "d");
    expect(locked.status).toBe("EC080");
    expect(locked.result[0]).toMatchObject({ retryAfterSeconds: 900 });
    expect((await api.validateOtp(user, code, "d")).status).toBe("EC080");
    expect((await api.sendOtp(user)).status).toBe("EC080");
    clock.advance(15 * 60_000);
    await api.validatePassword(user, "Tape@2026", "d");
    expect((await api.sendOtp(user)).status).toBe("Ok");
    expect((await api.validateOtp(user, await latestCode(b, user), "d")).status).toBe("Ok");
  });
});

describe("session life", () => {
  it("check/token answers Ok for a live token and EC044 after logout; logout makes /core/profile 401", async () => {
    const user = addUser(b);
    const token = await signIn(b, api, user);
    expect((await api.checkToken(user, token)).status).toBe("Ok");
    expect((await api.checkToken("DEMO1", token)).status).toBe("EC044");
    expect((await api.logout(token, user)).status).toBe("Ok");
    expect((await profile(token)).status).toBe(401);
    expect((await api.checkToken(user, token)).status).toBe("EC044");
  });

  it("refuses logout without a valid bearer with 401", async () => {
    await expect(api.logout("not-a-token", "DEMO1")).rejects.toThrow("Your session has been invalidated");
  });
});

describe("TOTP registration and login (RFC 6238, 30 s, one step back)", () => {
  it("registers from the login page, then logs in with a code computed from the shown secret, once only", async () => {
    const user = addUser(b);
    expect((await api.generateScanner(user)).status).toBe("EC044");
    expect((await api.validatePassword(user, "Tape@2026", "d")).status).toBe("Ok");
    expect((await api.generateScanner(user)).status).toBe("Ok");
    const scanner = await api.getScanner(user, await latestCode(b, user));
    expect(scanner.status).toBe("Ok");
    const { secret, qrCode, otpauthUri } = scanner.result[0]!;
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    const totp = new TOTP({ secret, period: 30, digits: 6, algorithm: "SHA1" });
    expect((await api.enableTotp(user, "000000")).status).toBe("EC025");
    // One step back is still accepted (a code typed as it rolled over).
    const enabled = await api.enableTotp(user, totp.generate({ timestamp: Date.now() - 30_000 }));
    expect(enabled.status).toBe("Ok");
    expect(enabled.message).toBe("Your TOTP Registration, is successful!");

    const pwd = await api.validatePassword(user, "Tape@2026", "d");
    expect(pwd.result[0]?.nextStage).toBe("totp");
    const code = totp.generate();
    const done = await api.verifyTotp(user, code, "d");
    expect(done.status).toBe("Ok");
    expect(done.result[0]?.clientCode).toBe(user);
    await api.validatePassword(user, "Tape@2026", "d");
    expect((await api.verifyTotp(user, code, "d")).status).toBe("EC025");
  });

  it("registers from inside the app with the bearer, and refuses TOTP login for an unregistered client (EC031)", async () => {
    const user = addUser(b);
    const token = await signIn(b, api, user);
    clock.advance(61_000);
    expect((await api.generateScanner(user, token)).status).toBe("Ok");
    const scanner = await api.getScanner(user, await latestCode(b, user), token);
    expect(scanner.status).toBe("Ok");
    const other = addUser(b);
    await api.validatePassword(other, "Tape@2026", "d");
    expect((await api.verifyTotp(other, "123456", "d")).status).toBe("EC031");
    expect((await api.generateScanner("DEMO1", token)).status).toBe("EC044");
  });
});
