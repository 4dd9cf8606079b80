import crypto from "node:crypto";
import type { Db } from "../db.js";

/**
 * The form token of GET v2/comm-util/formtoken/get (JwtToken), sent back as the JWTToken of every
 * GTT call. A compact HS256 JWT signed with a server secret kept in SQLite, so tokens stay valid
 * across a restart until they expire. Expiry is judged by wall time, as sessions are.
 */
export const FORM_TOKEN_TTL_SECONDS = 15 * 60;

const HEADER = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));

function b64url(s: string | Buffer): string {
  return Buffer.from(s).toString("base64url");
}

/** The broker's signing secret, created once on first use. */
export function formTokenSecret(db: Db): Buffer {
  const row = db.prepare("SELECT value FROM gtt_secrets WHERE name = 'formtoken'").get() as { value: string } | undefined;
  if (row) return Buffer.from(row.value, "base64");
  const secret = crypto.randomBytes(32);
  db.prepare("INSERT OR IGNORE INTO gtt_secrets (name, value) VALUES ('formtoken', ?)").run(secret.toString("base64"));
  return formTokenSecret(db);
}

export interface FormTokenClaims {
  sub: string;
  iat: number;
  exp: number;
  jti: string;
}

export function signFormToken(secret: Buffer, userId: string, nowMs: number, ttlSeconds = FORM_TOKEN_TTL_SECONDS): string {
  const iat = Math.floor(nowMs / 1000);
  const claims: FormTokenClaims = { sub: userId, iat, exp: iat + ttlSeconds, jti: crypto.randomBytes(9).toString("base64url") };
  const body = `${HEADER}.${b64url(JSON.stringify(claims))}`;
  return `${body}.${crypto.createHmac("sha256", secret).update(body).digest("base64url")}`;
}

export type FormTokenVerdict = { ok: true; claims: FormTokenClaims } | { ok: false; reason: "missing" | "invalid" | "expired" | "other-user" };

/** Checks signature (in constant time), expiry and that the token was issued to this user. */
export function verifyFormToken(secret: Buffer, token: unknown, userId: string, nowMs: number): FormTokenVerdict {
  if (typeof token !== "string" || token === "") return { ok: false, reason: "missing" };
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: "invalid" };
  const expected = crypto.createHmac("sha256", secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2]!, "base64url");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  let claims: FormTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8")) as FormTokenClaims;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (typeof claims.exp !== "number" || typeof claims.sub !== "string") return { ok: false, reason: "invalid" };
  if (claims.exp * 1000 <= nowMs) return { ok: false, reason: "expired" };
  if (claims.sub !== userId) return { ok: false, reason: "other-user" };
  return { ok: true, claims };
}

export const FORM_TOKEN_MESSAGES: Record<Exclude<FormTokenVerdict, { ok: true }>["reason"], string> = {
  missing: "JWTToken is required",
  invalid: "Invalid JWTToken",
  expired: "JWTToken has expired, fetch a new form token",
  "other-user": "JWTToken was issued to another client",
};
