import { buildInstrumentIndex, type InstrumentIndex } from "../../../src/core/search/instrumentIndex.js";
import type { Instrument } from "../types.js";

const built = new WeakMap<readonly Instrument[], InstrumentIndex>();

/**
 * The search index of a master's instruments, built once per master: masters are built once per
 * trading date and shared (masterFor), so this is once per date and process, however many brokers
 * a test file starts. The broker asks for it when it gets ready (routes.ts), before it listens,
 * so no trader's keystroke waits for the build.
 */
export function searchIndexOf(instruments: readonly Instrument[]): InstrumentIndex {
  let index = built.get(instruments);
  if (!index) built.set(instruments, (index = buildInstrumentIndex(instruments)));
  return index;
}
