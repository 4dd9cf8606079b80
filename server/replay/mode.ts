import fs from "node:fs";
import path from "node:path";
import { istDateKey } from "../../src/core/time.js";
import { ConfigError } from "../config.js";
import { openDb, type Db } from "../db.js";
import { masterFor } from "../market/instruments/master.js";
import { ReplayClock } from "./clock.js";
import { createReplayMarket, DRIVER_LAG_MS, type ReplayMarket } from "./market.js";
import { findDayTape, type DayTape } from "./source.js";

/**
 * The broker in replay (issue 35): REPLAY=date. It keeps its books in a database of its own,
 * `$DATA_DIR/replay/<date>/`, so the live paper books are never touched and each user's replay
 * account is theirs alone. The users, their sessions and their ways of working (settings,
 * watchlists, workspaces, presets, aliases) are mirrored in from the live database when the replay
 * starts (a signed-in user stays signed in and sees their own screen) and back when it ends (MIRRORED).
 */
export interface ReplayMode {
  date: string;
  tape: DayTape;
  clock: ReplayClock;
  market: ReplayMarket;
  dataDir: string;
  /** This run of the date (its books'): told in /health, so the app forgets a run's books when another starts. */
  run: string;
  /** The run carries on after a crash (no clean close ended it): its books, clock and, unless live ran since, its users' ways of working are its own. */
  carriedOn: boolean;
}

/**
 * Who the users are and how they work, not what they hold: the tables a replay mirrors from the live
 * database when it starts and back when it ends, parents before children. The broker runs live or a
 * replay, never both, so the side it ran on last has the newest of them: a password, theme,
 * watchlist or workspace changed during a replay is there when it ends, and a replay of a date
 * played before starts from today's, not from the copy its database kept. The broker's own key,
 * the clients' registered keys and the GTT form tokens' secret go with them: a replay is a restart
 * of the same broker on other books, so a key or token a client holds is good on either side.
 * Orders, trades, positions, funds, GTTs, alerts, baskets, SIPs and the risk desk stay with each
 * side's books.
 */
const MIRRORED = ["users", "auth_accounts", "auth_server_key", "auth_client_keys", "sessions", "settings", "mw_lists", "mw_scrips", "recently_viewed", "startbar", "workspaces", "order_presets", "bracket_templates", "command_aliases", "gtt_secrets"] as const;
/** Every book refers to its user: these rows are updated in place, never deleted. */
const KEPT_ROWS: ReadonlySet<string> = new Set(["users", "auth_accounts"]);

export const replayDataDir = (liveDataDir: string, date: string): string => path.join(liveDataDir, "replay", date);
export const liveDbFile = (liveDataDir: string): string => path.join(liveDataDir, "paper-broker.sqlite");

export function openReplayTape(tapesDir: string, date: string): DayTape {
  const tape = findDayTape(tapesDir, date);
  if (!tape) throw new ConfigError(`there is no recording, import or sample of ${date} to replay (recordings in ${tapesDir}; npm run replay:import -- file.csv imports one)`);
  return tape;
}

/** What a test may choose of a replay: its wall clock (ReplayClock's realNow) and its driver's period (0: the test steps the tape). */
export interface ReplayModeOptions {
  realNow?: () => number;
  driveMs?: number;
}

export function createReplayMode(tape: DayTape, liveDataDir: string, opts: ReplayModeOptions = {}): ReplayMode {
  const start = tape.frames[0]!.first;
  const end = tape.frames.at(-1)!.last;
  const clock = new ReplayClock(start, end, opts.realNow);
  const master = masterFor(istDateKey(new Date(start)), new Date(start));
  // The driver's normal lag is a second of wall time, so that much of the day at the clock's speed.
  const normalLag = () => clock.speed * DRIVER_LAG_MS;
  const market = createReplayMarket({ master, read: tape.read, frames: tape.frames, now: () => clock.now(), normalLag, atRow: (time, react) => clock.atRow(time, react), ...(opts.driveMs !== undefined ? { driveMs: opts.driveMs } : {}) });
  const dataDir = replayDataDir(liveDataDir, tape.date);
  const { run, carriedOn } = beginRun(dataDir);
  return { date: tape.date, tape, clock, market, dataDir, run, carriedOn };
}

/**
 * Runs of a date. A trader who replays a day again expects to trade it afresh: its clock starts at
 * the open, so orders kept from the run before would sit hours in the future of it, and its report
 * would disagree with its positions. So a run ends when its broker closes cleanly (Leave replay,
 * another "Replay a day…", Ctrl+C): ENDED is written, and the next start of the date empties its
 * books before they are opened. A broker killed mid-run (a crash) writes no ENDED, so its restart
 * carries on the same run's books, as the journal promises, and its clock where it was (position.ts).
 */
const ENDED = "run-ended";
const RUN = "run";

/** Empties the books of a run that ended; answers the run's id (made with its books) and whether it carries on after a crash. */
function beginRun(dataDir: string): { run: string; carriedOn: boolean } {
  if (fs.existsSync(path.join(dataDir, ENDED))) {
    // Renamed first, then deleted: a crash in between leaves no half-emptied books behind.
    const old = `${dataDir}.ended`;
    fs.rmSync(old, { recursive: true, force: true });
    fs.renameSync(dataDir, old);
    fs.rmSync(old, { recursive: true, force: true });
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const runFile = path.join(dataDir, RUN);
  const carriedOn = fs.existsSync(runFile);
  if (!carriedOn) fs.writeFileSync(runFile, Date.now().toString(36));
  return { run: fs.readFileSync(runFile, "utf8").trim(), carriedOn };
}

/**
 * When the users' ways of working last came into a run (MIRRORED_IN, in its folder) and when the live
 * broker last started (LIVE_RAN, in the data folder): a run carried on after a crash keeps its own
 * copy (a watchlist changed in it before the crash was overwritten by the live one) unless live ran
 * since, which then has the newest.
 */
const MIRRORED_IN = "mirrored-in";
const LIVE_RAN = "live-ran";
const stamp = (file: string): number => (fs.existsSync(file) ? Number(fs.readFileSync(file, "utf8")) || 0 : 0);

/** The live broker started on this data folder (server/app.ts): a replay run carried on after this takes the live side's ways of working again. */
export function noteLiveRan(liveDataDir: string): void {
  fs.writeFileSync(path.join(liveDataDir, LIVE_RAN), String(Date.now()));
}

/** The run is over (its broker closed cleanly): the next start of the date is a new run, with empty books. */
export function endReplayRun(mode: ReplayMode): void {
  fs.writeFileSync(path.join(mode.dataDir, ENDED), new Date().toISOString());
}

/** Makes `into`'s MIRRORED tables the other side's, in one transaction. */
function mirror(db: Db, liveFile: string, into: "main" | "other"): void {
  if (!fs.existsSync(liveFile)) return;
  db.prepare("ATTACH DATABASE ? AS other").run(liveFile);
  try {
    const from = into === "main" ? "other" : "main";
    const columns = (schema: string, t: string) => (db.prepare(`PRAGMA ${schema}.table_info(${t})`).all() as Array<{ name: string; pk: number }>).map((c) => ({ name: c.name, pk: c.pk > 0 }));
    db.transaction(() => {
      // Each table's columns both files have, by name: their columns may have been added in another order.
      const tables = MIRRORED.map((t) => {
        const there = new Set(columns(from, t).map((c) => c.name));
        return { t, cols: columns(into, t).filter((c) => there.has(c.name)) };
      }).filter(({ cols }) => cols.length > 0);
      for (const { t } of [...tables].reverse()) if (!KEPT_ROWS.has(t)) db.exec(`DELETE FROM ${into}.${t}`);
      for (const { t, cols } of tables) {
        const list = cols.map((c) => c.name).join(", ");
        const keys = cols.filter((c) => c.pk).map((c) => c.name);
        const update = cols.filter((c) => !c.pk).map((c) => `${c.name} = excluded.${c.name}`).join(", ");
        const upsert = KEPT_ROWS.has(t) ? ` ON CONFLICT (${keys.join(", ")}) DO ${update ? `UPDATE SET ${update}` : "NOTHING"}` : "";
        db.exec(`INSERT INTO ${into}.${t} (${list}) SELECT ${list} FROM ${from}.${t} WHERE true${upsert}`);
      }
    })();
  } finally {
    db.exec("DETACH DATABASE other");
  }
}

/**
 * Into the replay's database when it starts: the live side's users, sessions and ways of working.
 * Not into a run carried on after a crash, when live has not run since its copy came in: the side
 * run last has the newest (a crash writes nothing back, so the replay's own copy is the newest).
 */
export function mirrorAccountsIn(db: Db, liveDataDir: string, mode: Pick<ReplayMode, "dataDir" | "carriedOn">): void {
  const stampFile = path.join(mode.dataDir, MIRRORED_IN);
  if (mode.carriedOn && fs.existsSync(stampFile) && stamp(path.join(liveDataDir, LIVE_RAN)) < stamp(stampFile)) return;
  mirror(db, liveDbFile(liveDataDir), "main");
  fs.writeFileSync(stampFile, String(Date.now()));
}

/**
 * Back to the live database when the replay ends (a new session, a password, a watchlist changed in
 * it). A broker that started in replay on a fresh data folder (`npm run replay` on a new clone) has
 * no live database yet: it is made first (its tables only; the live start seeds its books as on any
 * first start), else nothing went back and the trader was signed out on leaving the replay.
 */
export function mirrorAccountsOut(db: Db, liveDataDir: string): void {
  const live = liveDbFile(liveDataDir);
  if (!fs.existsSync(live)) openDb(liveDataDir).close();
  mirror(db, live, "other");
}
