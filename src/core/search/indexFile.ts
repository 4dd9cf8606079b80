import type { IndexLayout } from "./indexLayout";
import { groupsBySymbol } from "./indexLayout";
import type { SearchScrip } from "./scrip";

/**
 * A laid-out index as bytes, so a broker that starts again on the same master reads its index
 * back instead of building it: the typed arrays are stored as they are, each 8-byte aligned,
 * and read back as views over the one buffer (no copy, no parse); the terms are one run of UTF-16
 * code units cut by their lengths. The contracts themselves are not stored: the index points into
 * the list it is opened over, by each contract's place in it.
 *
 * The key says what the bytes were built from (the caller's choice: the master's content and the
 * index code); bytes under another key, of another format or cut short read as nothing.
 */

const MAGIC = 0x54534958; // "TSIX"
const FORMAT = 1;

type Stored = Omit<IndexLayout, "scrips" | "terms" | "groupsBySymbol">;

const INT32_FIELDS = [
  "inputOf",
  "termLength",
  "termGroupStart",
  "termGroups",
  "termOwnStart",
  "termOwn",
  "groupOf",
  "groupStart",
  "groupWordStart",
  "groupWords",
  "ownStart",
  "ownWords",
  "groupSymbolTerm",
  "groupSymbolLength",
  "irregular",
] as const satisfies readonly (keyof Stored)[];
const FLOAT64_FIELDS = ["contractsBefore", "base"] as const satisfies readonly (keyof Stored)[];
const UINT8_FIELDS = ["exchange"] as const satisfies readonly (keyof Stored)[];

/** Sections in file order: the key's and the terms' code units, then the typed arrays. */
const SECTIONS = 2 + INT32_FIELDS.length + FLOAT64_FIELDS.length + UINT8_FIELDS.length;
/** magic, format, section count, then each section's element count. */
const HEADER_WORDS = 3 + SECTIONS;

const align8 = (n: number): number => (n + 7) & ~7;

function codeUnits(text: string): Uint16Array {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return units;
}

function textOf(units: Uint16Array, from: number, to: number): string {
  let text = "";
  // In slices: fromCharCode takes its code units as arguments, and arguments are limited.
  for (let at = from; at < to; at += 8192) text += String.fromCharCode(...units.subarray(at, Math.min(to, at + 8192)));
  return text;
}

export function encodeIndex(layout: IndexLayout, key: string): Uint8Array {
  const arrays: Array<Uint16Array | Int32Array | Float64Array | Uint8Array> = [
    codeUnits(key),
    codeUnits(layout.terms.join("")),
    ...INT32_FIELDS.map((f) => layout[f]),
    ...FLOAT64_FIELDS.map((f) => layout[f]),
    ...UINT8_FIELDS.map((f) => layout[f]),
  ];
  const counts = arrays.map((a) => a.length);
  let size = align8(HEADER_WORDS * 4);
  for (const a of arrays) size += align8(a.byteLength);
  const bytes = new Uint8Array(size);
  new Uint32Array(bytes.buffer, 0, HEADER_WORDS).set([MAGIC, FORMAT, SECTIONS, ...counts]);
  let at = align8(HEADER_WORDS * 4);
  for (const a of arrays) {
    bytes.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
    at += align8(a.byteLength);
  }
  return bytes;
}

/**
 * The index stored in bytes, opened over the list it was built from; undefined when the bytes are
 * under another key, of another format, cut short, or do not fit the list.
 */
export function decodeIndex(bytes: Uint8Array, key: string, input: readonly SearchScrip[]): IndexLayout | undefined {
  // Views need their element alignment: a buffer read at an odd offset is copied once.
  const data = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  if (data.byteLength < HEADER_WORDS * 4) return undefined;
  const header = new Uint32Array(data.buffer, data.byteOffset, HEADER_WORDS);
  if (header[0] !== MAGIC || header[1] !== FORMAT || header[2] !== SECTIONS) return undefined;
  let at = align8(HEADER_WORDS * 4);
  let section = 0;
  const next = <T>(View: { new (buffer: ArrayBufferLike, offset: number, length: number): T; BYTES_PER_ELEMENT: number }): T | undefined => {
    const count = header[3 + section++]!;
    const byteLength = count * View.BYTES_PER_ELEMENT;
    if (at + byteLength > data.byteLength) return undefined;
    const view = new View(data.buffer, data.byteOffset + at, count);
    at += align8(byteLength);
    return view;
  };
  const keyUnits = next(Uint16Array);
  if (!keyUnits || textOf(keyUnits, 0, keyUnits.length) !== key) return undefined;
  const termUnits = next(Uint16Array);
  if (!termUnits) return undefined;
  const stored: Record<string, ArrayBufferView> = {};
  for (const f of INT32_FIELDS) {
    const view = next(Int32Array);
    if (!view) return undefined;
    stored[f] = view;
  }
  for (const f of FLOAT64_FIELDS) {
    const view = next(Float64Array);
    if (!view) return undefined;
    stored[f] = view;
  }
  for (const f of UINT8_FIELDS) {
    const view = next(Uint8Array);
    if (!view) return undefined;
    stored[f] = view;
  }
  const s = stored as unknown as Stored;

  const n = input.length;
  if (s.inputOf.length !== n || s.ownStart.length !== n + 1 || s.groupStart[s.groupStart.length - 1] !== n) return undefined;
  const scrips = new Array<SearchScrip>(n);
  for (let id = 0; id < n; id++) {
    const scrip = input[s.inputOf[id]!];
    if (scrip === undefined) return undefined;
    scrips[id] = scrip;
  }
  const all = textOf(termUnits, 0, termUnits.length);
  const terms = new Array<string>(s.termLength.length);
  for (let t = 0, from = 0; t < terms.length; t++) {
    const to = from + s.termLength[t]!;
    terms[t] = all.slice(from, to);
    from = to;
  }
  return { ...s, scrips, terms, groupsBySymbol: groupsBySymbol(terms, s.groupSymbolTerm) };
}
