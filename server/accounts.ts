import { EXCHANGES, type Exchange } from "../src/core/types/exchange.js";
import type Database from "better-sqlite3";
import type { Db } from "./db.js";
import { hashPassword } from "./passwords.js";

/** The demo accounts of DESIGN.md section 5, created on first start and printed at start-up. */
export interface DemoAccount {
  userId: string;
  password: string;
  clientName: string;
  mobile: string;
  email: string;
  accountStatus: "ACTIVE" | "DORMANT";
  exchanges: readonly Exchange[];
  note: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { userId: "DEMO1", password: "Tape@2026", clientName: "Demo Trader One", mobile: "9000000001", email: "demo1@tape.example", accountStatus: "ACTIVE", exchanges: EXCHANGES, note: "every segment" },
  { userId: "DEMO2", password: "Tape@2026", clientName: "Demo Investor Two", mobile: "9000000002", email: "demo2@tape.example", accountStatus: "ACTIVE", exchanges: ["NSEEQ", "BSEEQ"], note: "equity only" },
  { userId: "DORMANT1", password: "Tape@2026", clientName: "Dormant Account", mobile: "9000000003", email: "dormant1@tape.example", accountStatus: "DORMANT", exchanges: ["NSEEQ", "BSEEQ"], note: "dormant" },
];

/** Inserts any demo account that does not exist yet; never overwrites a changed password. */
export function seedDemoAccounts(db: Db, now: Date): number {
  const insert = db.prepare(
    "INSERT OR IGNORE INTO users (user_id, client_name, mobile, email, password_hash, account_status, exchanges, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const exists = db.prepare("SELECT 1 FROM users WHERE user_id = ?");
  let created = 0;
  for (const a of DEMO_ACCOUNTS) {
    if (exists.get(a.userId)) continue;
    insert.run(a.userId, a.clientName, a.mobile, a.email, hashPassword(a.password), a.accountStatus, JSON.stringify(a.exchanges), now.toISOString());
    created++;
  }
  return created;
}

export interface UserRow {
  user_id: string;
  client_name: string;
  mobile: string;
  email: string;
  password_hash: string;
  account_status: string;
  exchanges: string;
}

/** Prepared once per database: every order placed reads its user, and preparing costs more than the read. */
const findUserStatements = new WeakMap<Db, Database.Statement>();

export function findUser(db: Db, userId: string): UserRow | undefined {
  let statement = findUserStatements.get(db);
  if (!statement) findUserStatements.set(db, (statement = db.prepare("SELECT * FROM users WHERE user_id = ? COLLATE NOCASE")));
  return statement.get(userId) as UserRow | undefined;
}
