import crypto from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Db } from "./db.js";

const SESSION_HOURS = 24;

export function issueSession(db: Db, userId: string, now: Date): string {
  const token = crypto.randomBytes(32).toString("base64url");
  db.prepare("INSERT INTO sessions (access_token, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)").run(
    token,
    userId,
    now.toISOString(),
    new Date(now.getTime() + SESSION_HOURS * 3_600_000).toISOString(),
  );
  return token;
}

/** The user of a live, unrevoked token, or undefined. Expiry is judged by wall time, not the simulated clock. */
export function userOfToken(db: Db, token: string | undefined): string | undefined {
  if (!token) return undefined;
  const row = db.prepare("SELECT user_id, expires_at, revoked FROM sessions WHERE access_token = ?").get(token) as
    | { user_id: string; expires_at: string; revoked: number }
    | undefined;
  if (!row || row.revoked || Date.parse(row.expires_at) < Date.now()) return undefined;
  return row.user_id;
}

export function revokeSession(db: Db, token: string): void {
  db.prepare("UPDATE sessions SET revoked = 1 WHERE access_token = ?").run(token);
}

export function bearerOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim();
}

/** Every live, unrevoked token of a user (a user may be signed in on several devices). */
export function liveTokensOf(db: Db, userId: string): string[] {
  const rows = db.prepare("SELECT access_token FROM sessions WHERE user_id = ? AND revoked = 0").all(userId) as Array<{ access_token: string }>;
  return rows.map((r) => r.access_token).filter((t) => userOfToken(db, t) === userId);
}
