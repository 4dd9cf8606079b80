import crypto from "node:crypto";
import { AuthApi } from "../../src/data/api/auth.js";
import type { KeyPairPem } from "../../src/core/crypto/hybrid.js";
import { nativeRsaOaep } from "../../server/auth/nativeRsa.js";
import type { Clock } from "../../server/clock.js";
import { hashPassword } from "../../server/passwords.js";
import type { TestBroker } from "./harness.js";

/** One client key pair for the whole file: native generation keeps tests quick. */
export function clientKeyPair(): KeyPairPem {
  const pair = crypto.generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { publicKeyPem: pair.publicKey, privateKeyPem: pair.privateKey };
}

/** The real client module against the real broker (native RSA on our side only for speed). */
export function authApi(b: TestBroker, keyPair: KeyPairPem): AuthApi {
  return new AuthApi({ baseUrl: `${b.url}/auth`, keyPair, rsa: nativeRsaOaep });
}

export interface OutboxRow {
  userId: string;
  channel: string;
  code: string;
  text: string;
  at: string;
}

export async function outbox(b: TestBroker, userId: string): Promise<OutboxRow[]> {
  return (await fetch(`${b.url}/dev/outbox?userId=${encodeURIComponent(userId)}`)).json() as Promise<OutboxRow[]>;
}

export async function latestCode(b: TestBroker, userId: string): Promise<string> {
  const rows = await outbox(b, userId);
  if (!rows[0]) throw new Error(`no code in the outbox for ${userId}`);
  return rows[0].code;
}

/**
 * Puts the broker's simulated clock under the test's control: OTP expiry, resend gaps and
 * lockouts are judged by it, so a test moves time instead of waiting.
 */
export function controlClock(b: TestBroker): { advance(ms: number): void } {
  let t = b.broker.ctx.clock.now().getTime();
  const clock: Clock = { now: () => new Date(t), mode: "fixed" };
  b.broker.ctx.clock = clock;
  return {
    advance(ms) {
      t += ms;
    },
  };
}

let n = 0;
/** A fresh client (so that counters of one test never leak into another); password Tape@2026. */
export function addUser(b: TestBroker, overrides: { mobile?: string; email?: string } = {}): string {
  const userId = `T${process.pid % 1000}X${++n}`;
  b.broker.db
    .prepare("INSERT INTO users (user_id, client_name, mobile, email, password_hash, account_status, exchanges, created_at) VALUES (?, ?, ?, ?, ?, 'ACTIVE', '[\"NSEEQ\"]', ?)")
    .run(userId, `Test ${userId}`, overrides.mobile ?? `8${String(n).padStart(9, "0")}`, overrides.email ?? `${userId.toLowerCase()}@t.example`, hashPassword("Tape@2026"), new Date().toISOString());
  return userId;
}

export function setAuthFlags(b: TestBroker, userId: string, sql: string): void {
  b.broker.db.prepare("INSERT OR IGNORE INTO auth_accounts (user_id) VALUES (?)").run(userId);
  b.broker.db.prepare(`UPDATE auth_accounts SET ${sql} WHERE user_id = ?`).run(userId);
}

/** Password then OTP from the outbox: the access token. */
export async function signIn(b: TestBroker, api: AuthApi, userId: string, password = "Tape@2026"): Promise<string> {
  const pwd = await api.validatePassword(userId, password, "dev-1");
  if (pwd.status !== "Ok") throw new Error(`password: ${pwd.status} ${pwd.message}`);
  const sent = await api.sendOtp(userId);
  if (sent.status !== "Ok") throw new Error(`otp/send: ${sent.status} ${sent.message}`);
  const done = await api.validateOtp(userId, await latestCode(b, userId), "dev-1");
  const token = done.result[0]?.accessToken;
  if (done.status !== "Ok" || !token) throw new Error(`otp/validate: ${done.status} ${done.message}`);
  return token;
}
