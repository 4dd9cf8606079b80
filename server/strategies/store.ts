import type { Db } from "../db.js";

/** Saved strategies and their legs in SQLite (migration 3100); every query is scoped to its user. */

export interface StoredLeg {
  exchange: string;
  token: number;
  side: "BUY" | "SELL";
  lots: number;
  entry: number;
}

export interface StoredStrategy {
  strategyId: number;
  name: string;
  underlying: string;
  savedAt: number;
  legs: StoredLeg[];
}

export function userStrategies(db: Db, userId: string): StoredStrategy[] {
  const rows = db
    .prepare("SELECT strategy_id AS strategyId, name, underlying, saved_at AS savedAt FROM strategies WHERE user_id = ? ORDER BY name COLLATE NOCASE, strategy_id")
    .all(userId) as Array<Omit<StoredStrategy, "legs">>;
  const legs = db.prepare("SELECT exchange, token, side, lots, entry FROM strategy_legs WHERE strategy_id = ? ORDER BY leg_id");
  return rows.map((r) => ({ ...r, legs: legs.all(r.strategyId) as StoredLeg[] }));
}

/** The user's strategy of that name (case-blind), or undefined. */
export function strategyNamed(db: Db, userId: string, name: string): number | undefined {
  const row = db.prepare("SELECT strategy_id AS id FROM strategies WHERE user_id = ? AND name = ? COLLATE NOCASE").get(userId, name.trim()) as { id: number } | undefined;
  return row?.id;
}

export function countStrategies(db: Db, userId: string): number {
  return (db.prepare("SELECT COUNT(*) AS n FROM strategies WHERE user_id = ?").get(userId) as { n: number }).n;
}

/** Saves under the name: a strategy of that name (any case) is replaced, legs and all, in one transaction. */
export function saveStrategy(db: Db, userId: string, s: { name: string; underlying: string; legs: readonly StoredLeg[] }, now: Date): void {
  const insertLeg = db.prepare("INSERT INTO strategy_legs (strategy_id, exchange, token, side, lots, entry) VALUES (?, ?, ?, ?, ?, ?)");
  db.transaction(() => {
    db.prepare("DELETE FROM strategies WHERE user_id = ? AND name = ? COLLATE NOCASE").run(userId, s.name);
    const id = Number(db.prepare("INSERT INTO strategies (user_id, name, underlying, saved_at) VALUES (?, ?, ?, ?)").run(userId, s.name, s.underlying, now.getTime()).lastInsertRowid);
    for (const l of s.legs) insertLeg.run(id, l.exchange, l.token, l.side, l.lots, l.entry);
  })();
}

/** Deletes the user's strategy of that name; false when there is none. */
export function deleteStrategy(db: Db, userId: string, name: string): boolean {
  return db.prepare("DELETE FROM strategies WHERE user_id = ? AND name = ? COLLATE NOCASE").run(userId, name.trim()).changes > 0;
}
