import fs from "node:fs";
import path from "node:path";
import type { ClockJump } from "../../src/core/replay/report.js";

/**
 * The run's jumps to a time, for its report (src/core/replay/report.ts: the report is worked over the
 * time actually played, and a jump back starts a new stretch of it). Kept in the run's folder, so a run
 * carried on after a crash keeps its report; a new run's folder starts empty (mode.ts), and so do its jumps.
 */
export interface RunJump {
  /** The clock before the jump and the time it went to, ms. */
  from: number;
  to: number;
  /** The number of the latest trade made before the jump (any user's; a trade's id is T and its number). */
  tradeSeq: number;
}

const JUMPS = "jumps.json";

export function runJumps(dataDir: string): RunJump[] {
  try {
    const list = JSON.parse(fs.readFileSync(path.join(dataDir, JUMPS), "utf8")) as unknown;
    return Array.isArray(list) ? list.filter((j): j is RunJump => typeof j?.from === "number" && typeof j?.to === "number" && typeof j?.tradeSeq === "number") : [];
  } catch {
    // None yet (or a file a crash cut short): the day played straight through.
    return [];
  }
}

/** Notes a jump: written beside the list first, then renamed, so a crash mid-write leaves the last list whole. */
export function noteJump(dataDir: string, jump: RunJump): void {
  const file = path.join(dataDir, JUMPS);
  try {
    fs.writeFileSync(`${file}.new`, JSON.stringify([...runJumps(dataDir), jump]));
    fs.renameSync(`${file}.new`, file);
  } catch (err) {
    // The jump goes ahead; the report then works it as played straight through.
    console.error("[replay] the run's jump could not be kept", err);
  }
}

/** A user's jumps for the report: each with how many of the user's trades (numbers `tradeSeqs`, oldest first) were made before it. */
export function jumpsFor(jumps: readonly RunJump[], tradeSeqs: readonly number[]): ClockJump[] {
  return jumps.map((j) => ({ from: j.from, to: j.to, tradesBefore: tradeSeqs.filter((s) => s <= j.tradeSeq).length }));
}
