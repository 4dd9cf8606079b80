import crypto from "node:crypto";
import type Database from "better-sqlite3";
import type { FastifyRequest } from "fastify";
import type { Db } from "./db.js";

/*
 * Every write to the sessions table is in this file: userOfToken keeps the live sessions it read,
 * and each revocation here forgets them (tests/server/security/sessionCache.test.ts holds both).
 */

const SESSION_HOURS = 24;

/** What a login tells of the device it came from, shown in Settings' active sessions. */
export interface SessionDevice {
  /** "TAPE on WEB", from the login's appName and osName. */
  device: string;
  deviceId: string;
}

export function issueSession(db: Db, userId: string, now: Date, from: SessionDevice = { device: "", deviceId: "" }): string {
  const token = crypto.randomBytes(32).toString("base64url");
  db.prepare("INSERT INTO sessions (access_token, user_id, created_at, expires_at, device, device_id) VALUES (?, ?, ?, ?, ?, ?)").run(
    token,
    userId,
    now.toISOString(),
    new Date(now.getTime() + SESSION_HOURS * 3_600_000).toISOString(),
    from.device,
    from.deviceId,
  );
  return token;
}

export interface LiveSession {
  token: string;
  createdAt: string;
  device: string;
  deviceId: string;
}

/** The user's live (unrevoked, unexpired) sessions, newest first. */
export function liveSessionsOf(db: Db, userId: string): LiveSession[] {
  const rows = db
    .prepare("SELECT access_token, created_at, expires_at, device, device_id FROM sessions WHERE user_id = ? AND revoked = 0 ORDER BY created_at DESC, rowid DESC")
    .all(userId) as Array<{ access_token: string; created_at: string; expires_at: string; device: string; device_id: string }>;
  return rows
    .filter((r) => Date.parse(r.expires_at) >= Date.now())
    .map((r) => ({ token: r.access_token, createdAt: r.created_at, device: r.device, deviceId: r.device_id }));
}

/**
 * Revokes every session of the user but `keep`: like logout, the feed's session sweep then
 * closes their connections (server/feed/embedded.ts). Returns how many went.
 */
export function revokeOtherSessions(db: Db, userId: string, keep: string): number {
  const { changes } = db.prepare("UPDATE sessions SET revoked = 1 WHERE user_id = ? AND access_token <> ? AND revoked = 0").run(userId, keep);
  forgetSessions(db);
  return changes;
}

/** Revokes every session of the user (a password reset: the sessions opened with the old password end with it). */
export function revokeAllSessions(db: Db, userId: string): void {
  db.prepare("UPDATE sessions SET revoked = 1 WHERE user_id = ?").run(userId);
  forgetSessions(db);
}

export function revokeSession(db: Db, token: string): void {
  db.prepare("UPDATE sessions SET revoked = 1 WHERE access_token = ?").run(token);
  forgetSessions(db);
}

/** A live session as it was read: whose, and until when (wall time, ms since the epoch). */
interface KnownSession {
  userId: string;
  expiresMs: number;
}

/** The most sessions kept read; past it the one read longest ago goes (read again on its next call). */
const MAX_KNOWN = 10_000;

/**
 * The live sessions read so far, by token, per database: every call behind the guard asks for
 * its session, and under load the SQLite read was a tenth of a guarded call that does little
 * else. Only live sessions are kept, expiry is still judged on every ask, and every revocation
 * (all of them are in this file) forgets them all once written: a logged-out token is refused
 * by the very next call.
 */
const knownSessions = new WeakMap<Db, Map<string, KnownSession>>();

function forgetSessions(db: Db): void {
  knownSessions.get(db)?.clear();
}

/** Prepared once per database: a session is read on a token's first call after start-up or a revocation. */
const tokenStatements = new WeakMap<Db, Database.Statement>();

/** The user of a live, unrevoked token, or undefined. Expiry is judged by wall time, not the simulated clock. */
export function userOfToken(db: Db, token: string | undefined): string | undefined {
  if (!token) return undefined;
  let known = knownSessions.get(db);
  if (!known) knownSessions.set(db, (known = new Map()));
  let session = known.get(token);
  if (!session) {
    let statement = tokenStatements.get(db);
    if (!statement) tokenStatements.set(db, (statement = db.prepare("SELECT user_id, expires_at, revoked FROM sessions WHERE access_token = ?")));
    const row = statement.get(token) as { user_id: string; expires_at: string; revoked: number } | undefined;
    if (!row || row.revoked) return undefined;
    session = { userId: row.user_id, expiresMs: Date.parse(row.expires_at) };
    if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value as string);
    known.set(token, session);
  }
  return session.expiresMs < Date.now() ? undefined : session.userId;
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
