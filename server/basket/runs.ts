import type { ErrorCode } from "../../src/core/errors.js";
import { basketLegKey } from "../../src/core/rules/basket.js";
import { beginRun, withRefusals, type RunAsk, type StoredRun } from "../../src/core/rules/basketLastRun.js";
import { legName } from "../../src/core/rules/basketRun.js";
import type { Db } from "../db.js";
import type { Market } from "../market/types.js";
import { basketLegs, keepRun, lastRun, legOrderNoOfKey } from "./store.js";

/**
 * A basket's last run kept as a firing goes (rules/basketLastRun.ts): the same two steps for a
 * firing from a window (the run/begin and run/refused calls) and for an alert's firing
 * (risk/alertOrders.ts), so the Last run column and `f`'s retry read both alike.
 */

/** The basket's legs as a run names them ("Qty 1 BUY TCS-EQ"). */
export const runLegsOf = (db: Db, market: Market, basketId: number) =>
  basketLegs(db, basketId).map((l) => ({ scripId: l.scripId, name: legName({ ...l, tradingSymbol: market.instrument(l.exchange, l.token)?.tradingSymbol ?? String(l.token) }) }));

/** Said before a firing places anything: the run kept with its legs as sent, or why the firing may not go (EC965, EC969). */
export function beginKeptRun(db: Db, market: Market, userId: string, basketId: number, ask: RunAsk, now: string): StoredRun | ErrorCode {
  const last = lastRun(db, basketId);
  const placed = (scripId: number) => last !== undefined && legOrderNoOfKey(db, userId, basketLegKey(last.runId, scripId)) !== undefined;
  const next = beginRun(last, ask, runLegsOf(db, market, basketId), placed, now);
  if (typeof next !== "string") keepRun(db, basketId, next);
  return next;
}

/** The refusals of a firing kept on its run; undefined when the basket has no run (a run replaced meanwhile is left as it is). */
export function keepRefusals(db: Db, basketId: number, runId: string, refused: ReadonlyArray<{ scripId: number; code: string; message: string }>): StoredRun | undefined {
  const last = lastRun(db, basketId);
  const next = withRefusals(last, runId, refused);
  if (next && next !== last) keepRun(db, basketId, next);
  return next;
}
