import type { Exchange } from "../../src/core/types/exchange.js";
import { defaultUserListName, USER_WATCHLIST_IDS } from "../../src/core/watchlist/lists.js";
import type { Db } from "../db.js";

/** Watchlists and recently viewed scrips in SQLite (migration 200). */

export interface ScripRef {
  exchange: Exchange;
  token: number;
}

export interface StoredScrip extends ScripRef {
  sortingOrder: number;
}

/** How many recently viewed scrips are kept per user. */
export const RECENTLY_VIEWED_MAX = 20;

/** The user's seven lists (src/core/watchlist/lists.ts), made on first read; a list already there keeps its name and scrips. */
export function ensureUserList(db: Db, userId: string): void {
  const insert = db.prepare("INSERT OR IGNORE INTO mw_lists (user_id, mw_id, mw_name) VALUES (?, ?, ?)");
  db.transaction(() => {
    for (const mwId of USER_WATCHLIST_IDS) insert.run(userId, mwId, defaultUserListName(mwId));
  })();
}

export function userLists(db: Db, userId: string): Array<{ mwId: number; mwName: string }> {
  ensureUserList(db, userId);
  return (db.prepare("SELECT mw_id AS mwId, mw_name AS mwName FROM mw_lists WHERE user_id = ? ORDER BY mw_id").all(userId) as Array<{ mwId: number; mwName: string }>);
}

export function listScrips(db: Db, userId: string, mwId: number): StoredScrip[] {
  return db
    .prepare("SELECT exchange, token, sorting_order AS sortingOrder FROM mw_scrips WHERE user_id = ? AND mw_id = ? ORDER BY sorting_order, added_at")
    .all(userId, mwId) as StoredScrip[];
}

/** Appends scrips at the end of the list; returns how many were new. */
export function addScrips(db: Db, userId: string, mwId: number, scrips: readonly ScripRef[], now: Date): number {
  const insert = db.prepare("INSERT OR IGNORE INTO mw_scrips (user_id, mw_id, exchange, token, sorting_order, added_at) VALUES (?, ?, ?, ?, ?, ?)");
  return db.transaction(() => {
    const row = db.prepare("SELECT COALESCE(MAX(sorting_order), 0) AS m FROM mw_scrips WHERE user_id = ? AND mw_id = ?").get(userId, mwId) as { m: number };
    let order = row.m;
    let added = 0;
    for (const s of scrips) added += insert.run(userId, mwId, s.exchange, s.token, ++order, now.toISOString()).changes;
    return added;
  })();
}

export function deleteScrips(db: Db, userId: string, mwId: number, scrips: readonly ScripRef[]): number {
  const del = db.prepare("DELETE FROM mw_scrips WHERE user_id = ? AND mw_id = ? AND exchange = ? AND token = ?");
  return db.transaction(() => scrips.reduce((n, s) => n + del.run(userId, mwId, s.exchange, s.token).changes, 0))();
}

/** Saves a custom order: each given scrip takes its sortingOrder; scrips not named keep theirs. */
export function sortScrips(db: Db, userId: string, mwId: number, order: readonly StoredScrip[]): number {
  const upd = db.prepare("UPDATE mw_scrips SET sorting_order = ? WHERE user_id = ? AND mw_id = ? AND exchange = ? AND token = ?");
  return db.transaction(() => order.reduce((n, s) => n + upd.run(s.sortingOrder, userId, mwId, s.exchange, s.token).changes, 0))();
}

export function renameList(db: Db, userId: string, mwId: number, name: string): boolean {
  return db.prepare("UPDATE mw_lists SET mw_name = ? WHERE user_id = ? AND mw_id = ?").run(name, userId, mwId).changes > 0;
}

export function recordRecentlyViewed(db: Db, userId: string, scrip: ScripRef, now: Date): void {
  db.transaction(() => {
    db.prepare("INSERT INTO recently_viewed (user_id, exchange, token, viewed_at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id, exchange, token) DO UPDATE SET viewed_at = excluded.viewed_at").run(
      userId,
      scrip.exchange,
      scrip.token,
      now.toISOString(),
    );
    db.prepare(
      "DELETE FROM recently_viewed WHERE user_id = ? AND rowid NOT IN (SELECT rowid FROM recently_viewed WHERE user_id = ? ORDER BY viewed_at DESC LIMIT ?)",
    ).run(userId, userId, RECENTLY_VIEWED_MAX);
  })();
}

export function recentlyViewed(db: Db, userId: string): ScripRef[] {
  return db.prepare("SELECT exchange, token FROM recently_viewed WHERE user_id = ? ORDER BY viewed_at DESC, rowid DESC").all(userId) as ScripRef[];
}
