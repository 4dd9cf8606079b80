import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildMaster } from "../../../server/market/instruments/master";
import { openSearchIndex, SEARCH_INDEX_FILE } from "../../../server/market/instruments/searchIndex";
import type { Instrument } from "../../../server/market/types";
import { contentKey } from "../../../src/core/search/contentKey";
import { decodeIndex, encodeIndex } from "../../../src/core/search/indexFile";
import { layoutIndex } from "../../../src/core/search/indexLayout";
import { buildInstrumentIndex, searchOver, type InstrumentIndex, type SearchOptions } from "../../../src/core/search/instrumentIndex";

/**
 * Issue 18, search: the broker reads its index back from the data folder when it starts again on
 * the same master, and builds it (and stores it) when the master or the index code changed.
 */
const master = buildMaster("2026-11-23", new Date("2026-11-23T04:30:00Z"));
const fresh = buildInstrumentIndex(master.all);

const LINES = [
  "nifty 26nov 24500 ce",
  "banknifty 26dec 52000 pe",
  "banknifty fut",
  "niftyfut",
  "reliance 29dec 1400 ce",
  "infy 26nov 1500 ce",
  "infyfut",
  "INFY26NOV1500",
  "hdfc bank",
  "tata motors",
  "tatasteel 26dec 150 pe",
  "bajaj finance",
  "m&m",
  "gold 26dec fut",
  "crudeoil",
  "usdinr 26dec",
  "sensex 26nov 80000 ce",
  "nse fo 1",
  "bse",
  "zzzz",
];
/** Every line as typed, one letter at a time from the second, with and without an exchange filter and a later page. */
const QUERIES: Array<[string, SearchOptions]> = LINES.flatMap((line) =>
  Array.from({ length: line.length - 1 }, (_, i) => line.slice(0, i + 2)).flatMap((q): Array<[string, SearchOptions]> => [
    [q, { limit: 20 }],
    [q, { limit: 10, offset: 15 }],
    [q, { limit: 20, exchanges: ["BSEEQ", "BSEFO", "MCXCOMM"] }],
  ]),
);

const answers = (index: InstrumentIndex) =>
  QUERIES.map(([q, options]) => {
    const r = index.search(q, options);
    return `${q} ${JSON.stringify(options)} -> ${r.total}: ${r.items.map((s) => `${s.exchange}:${s.token}`).join(" ")}`;
  });
const expected = answers(fresh);

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-search-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe("a stored search index", () => {
  it("answers every query exactly as the index built from the master does", () => {
    expect(QUERIES.length).toBeGreaterThan(600);
    expect(expected.filter((a) => !a.includes("-> 0:")).length).toBeGreaterThan(500);
    const bytes = encodeIndex(layoutIndex(master.all), "k");
    const layout = decodeIndex(bytes, "k", master.all);
    expect(layout).toBeDefined();
    expect(answers(searchOver(layout!))).toEqual(expected);
  });

  it("hands back the master's own contracts", () => {
    const layout = decodeIndex(encodeIndex(layoutIndex(master.all), "k"), "k", master.all)!;
    const infy = searchOver(layout).search("INFY", { limit: 1 }).items[0];
    expect(infy).toBe(master.bySymbol("NSEEQ", "INFY-EQ"));
  });

  it("reads as nothing under another key, cut short, or over a list of another length", () => {
    const bytes = encodeIndex(layoutIndex(master.all), "k");
    expect(decodeIndex(bytes, "other", master.all)).toBeUndefined();
    expect(decodeIndex(bytes.subarray(0, bytes.length - 9), "k", master.all)).toBeUndefined();
    expect(decodeIndex(bytes.subarray(0, 10), "k", master.all)).toBeUndefined();
    expect(decodeIndex(bytes, "k", master.all.slice(1))).toBeUndefined();
  });

  it("reads from a buffer at any offset (copied once to align its arrays)", () => {
    const bytes = encodeIndex(layoutIndex(master.all), "k");
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(answers(searchOver(decodeIndex(shifted.subarray(3), "k", master.all)!)).slice(0, 60)).toEqual(expected.slice(0, 60));
  });
});

describe("the broker's index in its data folder", () => {
  it("is built and stored at the first start, read back at the next, with the same answers", () => {
    const dir = tempDir();
    const first = openSearchIndex(master.all, dir);
    expect(first.loaded).toBe(false);
    expect(fs.existsSync(path.join(dir, SEARCH_INDEX_FILE))).toBe(true);
    const next = openSearchIndex(master.all, dir);
    expect(next.loaded).toBe(true);
    expect(answers(next.index)).toEqual(expected);
  });

  it("is built again when one contract of the master changed, and then answers for the new master", () => {
    const dir = tempDir();
    openSearchIndex(master.all, dir);
    const target = master.bySymbol("NSEFO", "INFY26NOV1500CE")!;
    const changed: Instrument[] = master.all.map((i) => (i === target ? { ...i, formattedInsName: "INFY 24 NOV 2026 1500 CE SPECIAL" } : i));
    const opened = openSearchIndex(changed, dir);
    expect(opened.loaded).toBe(false);
    expect(opened.index.search("infy special", { limit: 5 }).items.map((s) => s.tradingSymbol)).toEqual(["INFY26NOV1500CE"]);
    expect(openSearchIndex(changed, dir).loaded).toBe(true);
    // The file now holds the changed master's index: the original master builds again.
    expect(openSearchIndex(master.all, dir).loaded).toBe(false);
  });

  it("is built when the file is damaged, and a folder that cannot be written still gets an index", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, SEARCH_INDEX_FILE), Buffer.from("not an index"));
    const opened = openSearchIndex(master.all, dir);
    expect(opened.loaded).toBe(false);
    expect(openSearchIndex(master.all, dir).loaded).toBe(true);
    const file = path.join(tempDir(), "a-file");
    fs.writeFileSync(file, "");
    // A data folder path that is a file: nothing can be stored under it.
    const unwritable = openSearchIndex(master.all, path.join(file, "data"));
    expect(unwritable.loaded).toBe(false);
    expect(unwritable.index.search("INFY", { limit: 1 }).items[0]?.tradingSymbol).toBe("INFY-EQ");
  });
});

describe("the master's content key", () => {
  const key = contentKey(master.all);
  const withChange = (at: number, change: Partial<Instrument>) => master.all.map((i, k) => (k === at ? { ...i, ...change } : i));
  const option = master.all.findIndex((i) => i.tradingSymbol === "INFY26NOV1500CE");

  it("is the same for a copy of the master (equal content, other objects)", () => {
    expect(contentKey(master.all.map((i) => ({ ...i })))).toBe(key);
  });

  it("changes with any field the index reads, of one contract in the middle of a chain", () => {
    expect(option).toBeGreaterThan(0);
    const changes: Array<Partial<Instrument>> = [
      { formattedInsName: "INFY 24 NOV 2026 1500 PE" },
      { tradingSymbol: "INFY26NOV1500PE" },
      { strikePrice: 1500.05 },
      { optionType: "PE" },
      { expiry: "2026-11-25" },
      { expiry: "" },
      { symbol: "INFX" },
      { companyName: "Infosys" },
      { insType: "OPTIDX" },
      { exchange: "BSEFO" },
    ];
    for (const change of changes) expect(contentKey(withChange(option, change)), JSON.stringify(change)).not.toBe(key);
  });

  it("does not read what the index does not (token, lot and tick come from the master's own contracts)", () => {
    expect(contentKey(withChange(option, { token: 1, lotSize: 1, tickSize: 1 }))).toBe(key);
  });
});
