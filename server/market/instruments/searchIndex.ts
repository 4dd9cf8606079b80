import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { contentKey } from "../../../src/core/search/contentKey.js";
import { decodeIndex, encodeIndex } from "../../../src/core/search/indexFile.js";
import { layoutIndex } from "../../../src/core/search/indexLayout.js";
import { searchOver, type InstrumentIndex } from "../../../src/core/search/instrumentIndex.js";
import type { Instrument } from "../types.js";

const built = new WeakMap<readonly Instrument[], InstrumentIndex>();

/** The file in the data folder holding the index of the master the broker last started on. */
export const SEARCH_INDEX_FILE = "search-index.bin";

/**
 * The search index of a master's instruments, made once per master: masters are built once per
 * trading date and shared (masterFor), so this is once per date and process, however many brokers
 * a test file starts. The broker asks for it when it gets ready (routes.ts), before it listens,
 * so no trader's keystroke waits for it. It is read from the data folder when it was built from
 * this very master by this very code, and built and stored there otherwise.
 */
export function searchIndexOf(instruments: readonly Instrument[], dataDir: string): InstrumentIndex {
  let index = built.get(instruments);
  if (!index) built.set(instruments, (index = openSearchIndex(instruments, dataDir).index));
  return index;
}

/**
 * The index from the data folder's file when its key matches, else built and written there (for
 * the broker's next start on the same trading date). A folder that cannot be written only costs
 * the next start a build.
 */
export function openSearchIndex(instruments: readonly Instrument[], dataDir: string): { index: InstrumentIndex; loaded: boolean } {
  const code = codeKey();
  if (code === undefined) return { index: searchOver(layoutIndex(instruments)), loaded: false };
  const file = path.join(dataDir, SEARCH_INDEX_FILE);
  const key = `${code}:${contentKey(instruments)}`;
  const stored = readWhole(file);
  const layout = stored && decodeIndex(stored, key, instruments);
  if (layout) return { index: searchOver(layout), loaded: true };
  const fresh = layoutIndex(instruments);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    // Written aside and renamed: a broker starting meanwhile reads the old file or the new, never half of one.
    const aside = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(aside, encodeIndex(fresh, key));
    fs.renameSync(aside, file);
  } catch {
    // Nothing to do: the next start builds again.
  }
  return { index: searchOver(fresh), loaded: false };
}

/** The file's bytes, or undefined when there is none (decodeIndex copies them once if they are not 8-byte aligned). */
function readWhole(file: string): Uint8Array | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

let codeHash: string | null | undefined;

/**
 * The index code's own text, hashed: a file built by another version of the build (other word
 * rules, another layout) is not read back. The broker runs from its sources (tsx); where they are
 * not beside it, nothing is stored (undefined) rather than trusting a file it cannot date.
 */
function codeKey(): string | undefined {
  if (codeHash === undefined) {
    try {
      const dir = fileURLToPath(new URL("../../../src/core/search/", import.meta.url));
      const hash = createHash("sha256");
      for (const name of fs.readdirSync(dir).sort()) hash.update(name).update(fs.readFileSync(path.join(dir, name)));
      codeHash = hash.digest("hex").slice(0, 16);
    } catch {
      codeHash = null;
    }
  }
  return codeHash ?? undefined;
}
