import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { IMPORT_RULES, importDay, importedDir, rulesFile, writeImported } from "../../../server/replay/importCsv.js";
import { findDayTape, replayableDays, sampleTapesDir } from "../../../server/replay/source.js";
import { tapePath } from "../../../server/replay/tapeFile.js";

/**
 * A tester saw /replay/state call the sample day "sample" on the run that imported it and
 * "imported" on later runs, while "Replay a day…" listed it as "imported from a CSV". The rule
 * (server/replay/source.ts): a day is named by where it came from, the same on every run; the
 * sample's tape has a folder of its own, and is made again when the import's rules have changed
 * (an old import showed the day's later high and low at the open).
 */
const DATE = "2026-11-23";
const dirs: string[] = [];
const tapesDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "tape-sample-source-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
const source = (dir: string) => {
  const tape = findDayTape(dir, DATE);
  tape?.close();
  return tape && { source: tape.source, file: tape.file };
};
const listed = (dir: string) => replayableDays(dir).find((d) => d.date === DATE)?.source;
const tiny = `symbol,exchange,timestamp,open,high,low,close,volume\nINFY,NSEEQ,${DATE} 09:15,100,101,99,100,10\n`;

describe("the sample day's name and its import (issue 35)", () => {
  it("is 'sample' on the first run, which imports it, on the next, and in the list", () => {
    const dir = tapesDir();
    expect(listed(dir)).toBe("sample");
    const sampleTape = tapePath(sampleTapesDir(dir), DATE);
    expect(source(dir)).toEqual({ source: "sample", file: sampleTape });
    expect(fs.readFileSync(rulesFile(sampleTape), "utf8").trim()).toBe(String(IMPORT_RULES));
    const made = fs.statSync(sampleTape).mtimeMs;
    expect(source(dir)).toEqual({ source: "sample", file: sampleTape });
    expect(listed(dir)).toBe("sample");
    // Not imported again: the same file.
    expect(fs.statSync(sampleTape).mtimeMs).toBe(made);
  });

  it("passes over the sample an older broker imported among the imports, and imports it again by today's rules", () => {
    const dir = tapesDir();
    // What the older broker left: the sample's import in imported/, no rules file beside it.
    const old = writeImported(importDay(tiny), dir);
    fs.rmSync(rulesFile(old));
    expect(listed(dir)).toBe("sample");
    expect(source(dir)).toEqual({ source: "sample", file: tapePath(sampleTapesDir(dir), DATE) });
    // Left where it was.
    expect(fs.existsSync(old)).toBe(true);
  });

  it("makes the sample's tape again when it was made by other rules", () => {
    const dir = tapesDir();
    const sampleTape = path.join(sampleTapesDir(dir), `${DATE}.tape`);
    writeImported(importDay(tiny), dir, sampleTapesDir(dir));
    fs.writeFileSync(rulesFile(sampleTape), "1\n");
    const small = fs.statSync(sampleTape).size;
    expect(source(dir)?.source).toBe("sample");
    expect(fs.readFileSync(rulesFile(sampleTape), "utf8").trim()).toBe(String(IMPORT_RULES));
    // The whole day now, not the one bar.
    expect(fs.statSync(sampleTape).size).toBeGreaterThan(small);
  });

  it("a trader's own import of the sample's date wins, and is 'imported' on every run and in the list", () => {
    const dir = tapesDir();
    const mine = writeImported(importDay(tiny), dir);
    expect(mine).toBe(tapePath(importedDir(dir), DATE));
    expect(listed(dir)).toBe("imported");
    expect(source(dir)).toEqual({ source: "imported", file: mine });
    expect(source(dir)).toEqual({ source: "imported", file: mine });
  });
});
