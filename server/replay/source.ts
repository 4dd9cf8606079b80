import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importDay, importedDir, importRulesOf, IMPORT_RULES, rulesFile, writeImported } from "./importCsv.js";
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

/**
 * Where a sample day's tape goes when it is imported on first use: a folder of its own, so the day
 * is called "sample" on every run, by where it came from (it went among the imports, and was
 * "sample" on the run that imported it and "imported" on the next).
 */
export const sampleTapesDir = (tapesDir: string): string => path.join(tapesDir, "sample");

const sampleCsvOf = (date: string): string => path.join(SAMPLE_DIR, `${date}.csv`);

/**
 * An import of a sample's date without the rules it was made by beside it: the sample, imported on
 * first use among the imports before the samples had their own folder, by rules that showed the
 * day's later high and low from the open. It is passed over (left on disk) and the sample imported
 * again; an import of the sample's date made by `npm run replay:import` since has its rules file.
 */
function isOldSampleImport(tapesDir: string, date: string): boolean {
  const file = tapePath(importedDir(tapesDir), date);
  return fs.existsSync(sampleCsvOf(date)) && fs.existsSync(file) && !fs.existsSync(rulesFile(file));
}

/** Every day that can be replayed, newest first; a recorded day wins over an import of the same date, an import over the sample. */
export function replayableDays(tapesDir: string): Array<{ date: string; source: TapeSource }> {
  const days = new Map<string, TapeSource>();
  const samples = fs.existsSync(SAMPLE_DIR) ? fs.readdirSync(SAMPLE_DIR).filter((f) => /^\d{4}-\d{2}-\d{2}\.csv$/.test(f)) : [];
  for (const f of samples) days.set(f.slice(0, 10), "sample");
  for (const t of listTapes(importedDir(tapesDir))) if (!isOldSampleImport(tapesDir, t.date)) days.set(t.date, "imported");
  for (const t of listTapes(tapesDir)) days.set(t.date, "recorded");
  return [...days].map(([date, source]) => ({ date, source })).sort((a, b) => b.date.localeCompare(a.date));
}

/** Whether a date has something to replay, without reading or importing it (the start call answers at once). */
export function hasDayTape(tapesDir: string, date: string): boolean {
  return [tapePath(tapesDir, date), tapePath(importedDir(tapesDir), date), sampleCsvOf(date)].some((f) => fs.existsSync(f));
}

/**
 * The tape of a date: the broker's own recording, else an import, else the sample day (imported
 * on first use into its own folder, and again when the import's rules have changed since: the
 * sample's CSV is at hand). Undefined when there is none, or it holds no ticks.
 */
export function findDayTape(tapesDir: string, date: string): DayTape | undefined {
  const recorded = open(tapePath(tapesDir, date), date, "recorded");
  if (recorded) return recorded;
  if (!isOldSampleImport(tapesDir, date)) {
    const imported = open(tapePath(importedDir(tapesDir), date), date, "imported");
    if (imported) return imported;
  }
  const sampleCsv = sampleCsvOf(date);
  if (!fs.existsSync(sampleCsv)) return undefined;
  const file = tapePath(sampleTapesDir(tapesDir), date);
  if (importRulesOf(file) !== IMPORT_RULES || !fs.existsSync(file)) writeImported(importDay(fs.readFileSync(sampleCsv, "utf8")), tapesDir, sampleTapesDir(tapesDir));
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
