import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importDay, importedDir, writeImported } from "./importCsv.js";
import { listTapes, openTapeFrames, tapePath, FRAME_TICKS, type TapeFrameInfo } from "./tapeFile.js";

/** The sample days shipped in the repo (server/replay/sample/*.csv), made by the project. */
export const SAMPLE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "sample");

export type TapeSource = "recorded" | "imported" | "sample";

export interface DayTape {
  date: string;
  source: TapeSource;
  file: string;
  /** The ticks frames, in order; their payloads are read as the replay comes to them. */
  frames: TapeFrameInfo[];
  read(f: TapeFrameInfo): Buffer;
  close(): void;
}

/** Every day that can be replayed, newest first; a recorded day wins over an import of the same date, an import over the sample. */
export function replayableDays(tapesDir: string): Array<{ date: string; source: TapeSource }> {
  const days = new Map<string, TapeSource>();
  const samples = fs.existsSync(SAMPLE_DIR) ? fs.readdirSync(SAMPLE_DIR).filter((f) => /^\d{4}-\d{2}-\d{2}\.csv$/.test(f)) : [];
  for (const f of samples) days.set(f.slice(0, 10), "sample");
  for (const t of listTapes(importedDir(tapesDir))) days.set(t.date, "imported");
  for (const t of listTapes(tapesDir)) days.set(t.date, "recorded");
  return [...days].map(([date, source]) => ({ date, source })).sort((a, b) => b.date.localeCompare(a.date));
}

/** Whether a date has something to replay, without reading or importing it (the start call answers at once). */
export function hasDayTape(tapesDir: string, date: string): boolean {
  return [tapePath(tapesDir, date), tapePath(importedDir(tapesDir), date), path.join(SAMPLE_DIR, `${date}.csv`)].some((f) => fs.existsSync(f));
}

/**
 * The tape of a date: the broker's own recording, else an import, else the sample day (imported
 * on first use). Undefined when there is none, or it holds no ticks.
 */
export function findDayTape(tapesDir: string, date: string): DayTape | undefined {
  const candidates: Array<[TapeSource, string]> = [
    ["recorded", tapePath(tapesDir, date)],
    ["imported", tapePath(importedDir(tapesDir), date)],
  ];
  const sampleCsv = path.join(SAMPLE_DIR, `${date}.csv`);
  for (const [source, file] of candidates) {
    const found = open(file, date, source);
    if (found) return found;
  }
  if (!fs.existsSync(sampleCsv)) return undefined;
  const file = writeImported(importDay(fs.readFileSync(sampleCsv, "utf8")), tapesDir);
  return open(file, date, "sample");
}

function open(file: string, date: string, source: TapeSource): DayTape | undefined {
  if (!fs.existsSync(file)) return undefined;
  const tape = openTapeFrames(file);
  const frames = tape?.frames.filter((f) => f.kind === FRAME_TICKS) ?? [];
  if (!tape || frames.length === 0) {
    tape?.close();
    return undefined;
  }
  return { date, source, file, frames, read: tape.read, close: tape.close };
}
