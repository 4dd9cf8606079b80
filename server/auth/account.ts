import type { UserRow } from "../accounts.js";
import type { Db } from "../db.js";

/** The security state of one client (auth_accounts), created on first need. */
export interface AuthAccount {
  user_id: string;
  pan: string | null;
  wrong_passwords: number;
  blocked: number;
  admin_blocked: number;
  frozen: number;
  password_expires_at: number | null;
  wrong_otps: number;
  otp_locked_until: number | null;
  login_locked_until: number | null;
  totp_secret: string | null;
  totp_last_step: number | null;
  totp_pending_secret: string | null;
}

export function authAccountOf(db: Db, userId: string): AuthAccount {
  db.prepare("INSERT OR IGNORE INTO auth_accounts (user_id) VALUES (?)").run(userId);
  return db.prepare("SELECT * FROM auth_accounts WHERE user_id = ?").get(userId) as AuthAccount;
}

type Settable = Exclude<keyof AuthAccount, "user_id">;

export function updateAuthAccount(db: Db, userId: string, changes: Partial<Pick<AuthAccount, Settable>>): void {
  authAccountOf(db, userId);
  const keys = Object.keys(changes) as Settable[];
  if (keys.length === 0) return;
  db.prepare(`UPDATE auth_accounts SET ${keys.map((k) => `${k} = @${k}`).join(", ")} WHERE user_id = @user_id`).run({ ...changes, user_id: userId });
}

export type Resolved = { user: UserRow } | { code: "EC011" | "EC012" | "EC013" | "EC016" };

/**
 * Finds the client a login identifier names. The identifier may be the client code, or (our
 * decision where the spec is silent) a mobile number, an email or, with IsPANEntered, a PAN;
 * one shared by several clients answers EC011 (mobile), EC012 (email) or EC013 (PAN): a
 * client code must be given.
 */
export function resolveClient(db: Db, identifier: string, isPan = false): Resolved {
  const id = identifier.trim();
  if (id === "") return { code: "EC016" };
  const direct = db.prepare("SELECT * FROM users WHERE user_id = ? COLLATE NOCASE").get(id) as UserRow | undefined;
  if (direct && !isPan) return { user: direct };
  let rows: UserRow[];
  let many: "EC011" | "EC012" | "EC013";
  if (isPan) {
    rows = db.prepare("SELECT u.* FROM users u JOIN auth_accounts a ON a.user_id = u.user_id WHERE a.pan = ? COLLATE NOCASE").all(id) as UserRow[];
    many = "EC013";
  } else if (id.includes("@")) {
    rows = db.prepare("SELECT * FROM users WHERE email = ? COLLATE NOCASE").all(id) as UserRow[];
    many = "EC012";
  } else {
    rows = db.prepare("SELECT * FROM users WHERE mobile = ?").all(id) as UserRow[];
    many = "EC011";
  }
  if (rows.length > 1) return { code: many };
  const only = rows[0];
  return only ? { user: only } : { code: "EC016" };
}
