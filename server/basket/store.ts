import type { Basket, BasketLeg } from "../../src/core/rules/basket.js";
import type { StoredRun } from "../../src/core/rules/basketLastRun.js";
import { legOrderNo } from "../../src/core/rules/basketSlices.js";
import type { Db } from "../db.js";

/** Baskets and their scrips in SQLite (migration 1300); every query is scoped to its user. */

export function userBaskets(db: Db, userId: string): Basket[] {
  return db
    .prepare(
      `SELECT b.basket_id AS basketId, b.basket_name AS basketName, b.created_by AS createdBy,
              (SELECT COUNT(*) FROM basket_scrips s WHERE s.basket_id = b.basket_id) AS scripCount
         FROM baskets b WHERE b.user_id = ? ORDER BY b.basket_id`,
    )
    .all(userId) as Basket[];
}

/** The user's own basket, or undefined for an unknown id or another user's basket. */
export const ownBasket = (db: Db, userId: string, basketId: number): Basket | undefined => userBaskets(db, userId).find((b) => b.basketId === basketId);

export function createBasket(db: Db, userId: string, name: string, createdBy: string, now: Date): number {
  return Number(db.prepare("INSERT INTO baskets (user_id, basket_name, created_by, created_at) VALUES (?, ?, ?, ?)").run(userId, name, createdBy, now.toISOString()).lastInsertRowid);
}

export function renameBasket(db: Db, userId: string, basketId: number, name: string): void {
  db.prepare("UPDATE baskets SET basket_name = ? WHERE user_id = ? AND basket_id = ?").run(name, userId, basketId);
}

export function deleteBasket(db: Db, userId: string, basketId: number): void {
  db.prepare("DELETE FROM baskets WHERE user_id = ? AND basket_id = ?").run(userId, basketId);
}

export function basketLegs(db: Db, basketId: number): BasketLeg[] {
  return db
    .prepare(
      `SELECT scrip_id AS scripId, exchange, token, trans_type AS transType, qty, product, order_type AS orderType, price, trigger_price AS "trigger"
         FROM basket_scrips WHERE basket_id = ? ORDER BY scrip_id`,
    )
    .all(basketId) as BasketLeg[];
}

export function addLegs(db: Db, basketId: number, legs: ReadonlyArray<Omit<BasketLeg, "scripId">>): void {
  const insert = db.prepare(
    "INSERT INTO basket_scrips (basket_id, exchange, token, trans_type, qty, product, order_type, price, trigger_price) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (const l of legs) insert.run(basketId, l.exchange, l.token, l.transType, l.qty, l.product, l.orderType, l.price, l.trigger);
  })();
}

/** Deletes the named scrips of the basket, all or none: false (nothing deleted) when any id is not in it. */
export function deleteLegs(db: Db, basketId: number, scripIds: readonly number[]): boolean {
  const held = new Set(basketLegs(db, basketId).map((l) => l.scripId));
  if (scripIds.some((id) => !held.has(id))) return false;
  const del = db.prepare("DELETE FROM basket_scrips WHERE basket_id = ? AND scrip_id = ?");
  db.transaction(() => scripIds.forEach((id) => del.run(basketId, id)))();
  return true;
}

/** The basket's last run as kept (rules/basketLastRun.ts), or undefined before its first firing. */
export function lastRun(db: Db, basketId: number): StoredRun | undefined {
  const row = db.prepare("SELECT run FROM basket_runs WHERE basket_id = ?").get(basketId) as { run: string } | undefined;
  return row ? (JSON.parse(row.run) as StoredRun) : undefined;
}

export function keepRun(db: Db, basketId: number, run: StoredRun): void {
  db.prepare("INSERT INTO basket_runs (basket_id, run) VALUES (?, ?) ON CONFLICT(basket_id) DO UPDATE SET run = excluded.run").run(basketId, JSON.stringify(run));
}

/**
 * The order numbers a basket leg's key has booked (rules/basketSlices.ts legOrderNo): the order
 * under the key, or every slice's when the leg went as slices; undefined while any slice has none.
 * Only an order the broker accepted uses up its key (orders/intake.ts), so this is the order
 * book's own word that the leg went.
 */
export function legOrderNoOfKey(db: Db, userId: string, legKey: string): string | undefined {
  // The key itself and its slices' ("<key>-s1of4"): compared by their start, not LIKE, as a key may hold "_" or "%".
  const rows = db
    .prepare("SELECT client_order_key AS key, result FROM client_order_keys WHERE user_id = ? AND substr(client_order_key, 1, ?) = ?")
    .all(userId, legKey.length, legKey) as Array<{ key: string; result: string }>;
  return legOrderNo(
    legKey,
    rows.map((r) => ({ key: r.key, orderNo: (JSON.parse(r.result) as { orderNo?: string }).orderNo ?? "" })),
  );
}
