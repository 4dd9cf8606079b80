import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db.js";
import { REPLAY_SPEEDS, type ReplaySpeed } from "./clock.js";
import type { ReplayMode } from "./mode.js";

/**
 * Where a run of a replay stands (issue 35), kept in its data folder, so that a broker killed mid-run
 * (a crash writes nothing else) starts again where the run was, not at the day's open with the
 * run's acknowledged orders hours in its future. A clean close ends the run (mode.ts), and the next
 * start empties the folder, this file with it: a new run begins at the open.
 */
export interface RunPosition {
  /** The replay clock, ms. */
  at: number;
  speed: ReplaySpeed;
}

const POSITION = "position.json";
/** How often the running clock is written (ms of wall time): a crash loses at most this much of the day's run. */
export const POSITION_EVERY_MS = 1000;

/** Writes where the clock stands now: into a file beside it first, then renamed, so a crash mid-write leaves the last one whole. */
export function saveRunPosition(mode: Pick<ReplayMode, "clock" | "dataDir">): void {
  const file = path.join(mode.dataDir, POSITION);
  const p: RunPosition = { at: mode.clock.now().getTime(), speed: mode.clock.speed };
  try {
    fs.writeFileSync(`${file}.new`, JSON.stringify(p));
    fs.renameSync(`${file}.new`, file);
  } catch (err) {
    // The run goes on; a crash now would resume from the last position kept (or the journal's).
    console.error("[replay] the run's position could not be kept", err);
  }
}

/** Writes the position every POSITION_EVERY_MS (the broker writes it on each order update and replay control too); answers the stop. */
export function keepRunPosition(mode: Pick<ReplayMode, "clock" | "dataDir">): () => void {
  const timer = setInterval(() => saveRunPosition(mode), POSITION_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Where a run carried on after a crash resumes: the position kept, else (none kept yet, or a
 * folder from before positions were kept) the latest order or trade time of its books, the clock's
 * time when each was journaled; undefined for a new run (nothing kept, no orders): the open.
 * Always within the day.
 */
export function resumePosition(mode: Pick<ReplayMode, "dataDir" | "clock" | "market">, db: Db): RunPosition | undefined {
  const kept = readPosition(path.join(mode.dataDir, POSITION));
  const at = kept?.at ?? latestJournaled(db);
  if (at === undefined) return undefined;
  return { at: Math.min(Math.max(at, mode.market.span.first), mode.clock.end), speed: kept?.speed ?? 1 };
}

function readPosition(file: string): RunPosition | undefined {
  try {
    const p = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<RunPosition>;
    if (typeof p.at !== "number" || !Number.isFinite(p.at)) return undefined;
    return { at: p.at, speed: REPLAY_SPEEDS.includes(p.speed as ReplaySpeed) ? (p.speed as ReplaySpeed) : 1 };
  } catch {
    return undefined;
  }
}

function latestJournaled(db: Db): number | undefined {
  const row = db.prepare("SELECT (SELECT MAX(order_time) FROM orders) AS o, (SELECT MAX(trade_time) FROM trades) AS t").get() as { o: string | null; t: string | null };
  const times = [row.o, row.t].map((s) => (s ? Date.parse(s) : Number.NaN)).filter((t) => Number.isFinite(t));
  return times.length > 0 ? Math.max(...times) : undefined;
}
