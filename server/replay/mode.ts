import fs from "node:fs";
import path from "node:path";
import { istDateKey } from "../../src/core/time.js";
import { ConfigError } from "../config.js";
import type { Db } from "../db.js";
import { masterFor } from "../market/instruments/master.js";
import { ReplayClock } from "./clock.js";
import { createReplayMarket, type ReplayMarket } from "./market.js";
import { findDayTape, type DayTape } from "./source.js";

/**
 * The broker in replay (issue 35): REPLAY=date. It keeps its books in a database of its own,
 * `$DATA_DIR/replay/<date>/`, so the live paper books are never touched and each user's replay
 * account is theirs alone; the accounts, sessions, settings and watchlists are copied in from the
 * live database when the replay starts (so a signed-in user stays signed in and sees their
 * watchlists), and new sessions are copied back when it ends.
 */
export interface ReplayMode {
  date: string;
  tape: DayTape;
  clock: ReplayClock;
  market: ReplayMarket;
  dataDir: string;
}

/** The tables a replay takes from the live database: who the users are, not what they hold. */
const COPIED = ["users", "sessions", "auth_accounts", "settings", "mw_lists", "mw_scrips"] as const;

export const replayDataDir = (liveDataDir: string, date: string): string => path.join(liveDataDir, "replay", date);
export const liveDbFile = (liveDataDir: string): string => path.join(liveDataDir, "paper-broker.sqlite");

export function openReplayTape(tapesDir: string, date: string): DayTape {
  const tape = findDayTape(tapesDir, date);
  if (!tape) throw new ConfigError(`there is no recording, import or sample of ${date} to replay (recordings in ${tapesDir}; npm run replay:import -- file.csv imports one)`);
  return tape;
}

export function createReplayMode(tape: DayTape, liveDataDir: string): ReplayMode {
  const start = tape.frames[0]!.first;
  const end = tape.frames.at(-1)!.last;
  const clock = new ReplayClock(start, end);
  const master = masterFor(istDateKey(new Date(start)), new Date(start));
  const market = createReplayMarket({ master, read: tape.read, frames: tape.frames, now: () => clock.now() });
  return { date: tape.date, tape, clock, market, dataDir: replayDataDir(liveDataDir, tape.date) };
}

function copyTables(db: Db, fromFile: string, tables: readonly string[], into: "main" | "other"): void {
  if (!fs.existsSync(fromFile)) return;
  db.prepare("ATTACH DATABASE ? AS other").run(fromFile);
  try {
    const has = (schema: string, t: string) => db.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE type = 'table' AND name = ?`).get(t) !== undefined;
    db.transaction(() => {
      for (const t of tables) {
        if (!has("main", t) || !has("other", t)) continue;
        const [to, from] = into === "main" ? ["main", "other"] : ["other", "main"];
        db.exec(`INSERT OR IGNORE INTO ${to}.${t} SELECT * FROM ${from}.${t}`);
      }
    })();
  } finally {
    db.exec("DETACH DATABASE other");
  }
}

/** Into the replay's database: the live accounts, sessions, settings and watchlists. */
export function copyAccountsIn(db: Db, liveDataDir: string): void {
  copyTables(db, liveDbFile(liveDataDir), COPIED, "main");
}

/** Back to the live database when the replay ends: the sessions opened during it. */
export function copySessionsOut(db: Db, liveDataDir: string): void {
  copyTables(db, liveDbFile(liveDataDir), ["users", "sessions"], "other");
}
