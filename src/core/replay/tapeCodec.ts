/**
 * The flight recorder's tick block (issue 35): a run of ticks laid out column by column, each
 * value stored as its change from what was expected of it (mostly the same instrument's previous
 * tick in the block), as a zigzag LEB128 varint. Ticks of one instrument change little from one
 * to the next (the price moves a tick or two, OI and the circuits stand still), so most streams
 * become runs of zeros and small numbers that the compressor then squeezes; the block is
 * compressed by the broker (node:zlib), this file stays pure so both sides share the layout.
 *
 * The depth costs one zero when it stands (a flag per tick); when it moved, each side is coded as
 * how far its levels moved through the book (the shift) and each level as its change from the
 * level it was before, so a book that keeps its levels while the price moves costs a few small
 * numbers. Instruments are named by their order of first appearance in the block, coded as how
 * far past the next one they are: ticks come in much the same order every step.
 *
 * Blocks come in chains: a key block codes every instrument's first tick from nothing; the blocks
 * after it carry on from where the one before left each instrument (so an instrument's full state
 * is not paid again every ten seconds). The recorder starts a chain every few minutes, a new day
 * and after a block it could not write; a reader reads a day's blocks in order (TapeChain). A crash
 * loses at most the block being filled.
 *
 * Prices are integers in the feed's units (rupees x PriceDivisor, DESIGN.md section 5); a tick's
 * depth prices are relative to its last price in the raw row (rawColumns), absolute in the coding.
 */

/** Five bid levels then five ask levels, as in the feed's frame. */
export const TAPE_DEPTH = 5;

export interface TapeLevel {
  price: number;
  quantity: number;
  orders: number;
}

/** One instrument's state after one change, every figure a whole number (prices in feed units). */
export interface TapeTick {
  /** Broker clock, ms since the epoch. */
  time: number;
  /** Index into EXCHANGES (src/core/types/exchange.ts). */
  exchange: number;
  token: number;
  seq: number;
  ltp: number;
  lastQty: number;
  volume: number;
  open: number;
  high: number;
  low: number;
  pClose: number;
  avgPrice: number;
  upperCircuit: number;
  lowerCircuit: number;
  weekHigh: number;
  weekLow: number;
  openInterest: number;
  dayHighOI: number;
  dayLowOI: number;
  previousOI: number;
  totalBuyQty: number;
  totalSellQty: number;
  /** Seconds since midnight IST of the last trade. */
  lastTradedTime: number;
  /** Always TAPE_DEPTH long; an empty level is all zeros. */
  bids: TapeLevel[];
  asks: TapeLevel[];
  priceDivisor: number;
}

/** The scalar columns in file order; the depth columns follow (bids then asks, price/quantity/orders per level). */
export const SCALAR_COLUMNS = [
  "time", "exchange", "token", "seq", "ltp", "lastQty", "volume", "open", "high", "low", "pClose", "avgPrice",
  "upperCircuit", "lowerCircuit", "weekHigh", "weekLow", "openInterest", "dayHighOI", "dayLowOI", "previousOI",
  "totalBuyQty", "totalSellQty", "lastTradedTime", "priceDivisor",
] as const satisfies ReadonlyArray<keyof TapeTick>;

const DEPTH_COLUMNS = TAPE_DEPTH * 2 * 3;
export const COLUMN_COUNT = SCALAR_COLUMNS.length + DEPTH_COLUMNS;

/**
 * The largest magnitude a figure may have: a change between two such figures, zigzagged, stays a
 * safe integer (2^50 units is far beyond any price, volume or OI).
 */
export const MAX_TAPE_VALUE = 2 ** 50;

/** Block format version, the first varint of a block. */
export const TAPE_VERSION = 2;

/** A tick's columns as raw values; depth prices relative to the last price (0 for an empty level). */
export function rawColumns(t: TapeTick, out: number[]): void {
  let i = 0;
  for (const c of SCALAR_COLUMNS) out[i++] = t[c];
  for (const side of [t.bids, t.asks]) {
    for (let l = 0; l < TAPE_DEPTH; l++) {
      const lv = side[l];
      // An empty level (no quantity, no orders) stays 0 rather than -ltp, so it costs nothing while it stays empty.
      out[i++] = !lv || (lv.quantity === 0 && lv.orders === 0) ? 0 : lv.price - t.ltp;
      out[i++] = lv?.quantity ?? 0;
      out[i++] = lv?.orders ?? 0;
    }
  }
}

/** Where the depth columns start in a raw row: per level, price (relative), quantity, orders; bids then asks. */
export const DEPTH_COLUMN = SCALAR_COLUMNS.length;
const ASK_COLUMN = DEPTH_COLUMN + TAPE_DEPTH * 3;

/**
 * The streams of a block, each a run of zigzag varints. The scalar columns keep their raw index
 * as their stream (1 and 2, exchange and token, are replaced by the instrument reference and the
 * new instrument's exchange), then the new instrument's token, the depth flag, each side's shift
 * and, per side and level, price, quantity and orders.
 */
const S_REF = 1;
const S_NEW_EXCHANGE = 2;
const S_NEW_TOKEN = DEPTH_COLUMN;
const S_DEPTH_FLAG = DEPTH_COLUMN + 1;
const S_SHIFT = DEPTH_COLUMN + 2; // + side
const S_LEVEL = DEPTH_COLUMN + 4; // + side * 15 + level * 3 + (0 price, 1 quantity, 2 orders)
export const STREAM_COUNT = S_LEVEL + TAPE_DEPTH * 2 * 3;

/** The scalar columns in the order they are coded: a column's expectation reads only those before it (volume before the last quantity, the totals after the depth). */
const SCALAR_ORDER = [0, 3, 4, 6, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 22, 23] as const;
const IST_OFFSET_MS = 19_800_000;

/** A prediction kept a whole number within the tape's range, so a change from it stays a safe integer. */
const bounded = (v: number): number => (v > MAX_TAPE_VALUE ? MAX_TAPE_VALUE : v < -MAX_TAPE_VALUE ? -MAX_TAPE_VALUE : Math.round(v));

/**
 * What a scalar column is expected to be, from the instrument's previous row in the block
 * (`before`, null for its first) and the columns of this row already coded: the block stores the
 * value less this, so a figure that follows its rule costs a zero. The volume is expected to
 * stand; the last quantity is what the volume grew by (or stands when it did not grow); the
 * average price takes in that quantity at the last price; highs and lows take in the last price,
 * the OI's in the OI; the last trade's time is the tick's own (seconds of the IST day). An
 * instrument's first row expects its prices at its last price, so a block's first rows stay short.
 */
function predict(c: number, row: ArrayLike<number>, before: ArrayLike<number> | null, prevTime: number): number {
  if (before === null) {
    if (c === 0) return prevTime;
    if (c >= 7 && c <= 15) return row[4]!;
    if (c === 17 || c === 18 || c === 19) return row[16]!;
    if (c === 22) return Math.floor(((row[0]! + IST_OFFSET_MS) % 86_400_000) / 1000);
    if (c === 23) return 100;
    return 0;
  }
  switch (c) {
    case 3: return before[3]! + 1; // seq
    case 5: { const grew = row[6]! - before[6]!; return grew > 0 ? bounded(grew) : before[5]!; } // lastQty
    case 8: case 14: return Math.max(before[c]!, row[4]!); // high, weekHigh
    case 9: case 15: return before[c]! === 0 ? row[4]! : Math.min(before[c]!, row[4]!); // low, weekLow
    case 11: { // avgPrice
      const grew = row[6]! - before[6]!;
      return grew > 0 && row[6]! > 0 ? bounded((before[11]! * before[6]! + row[4]! * grew) / row[6]!) : before[11]!;
    }
    case 17: return Math.max(before[17]!, row[16]!); // dayHighOI
    case 18: return before[18]! === 0 ? row[16]! : Math.min(before[18]!, row[16]!); // dayLowOI
    case 22: return Math.floor(((row[0]! + IST_OFFSET_MS) % 86_400_000) / 1000); // lastTradedTime
    default: return before[c]!;
  }
}

/** The book's totals are expected to move by what its five levels moved by (the depth beyond them stands). */
function predictTotal(c: number, row: ArrayLike<number>, before: ArrayLike<number> | null): number {
  const at = c === 20 ? DEPTH_COLUMN : ASK_COLUMN;
  let sum = 0;
  for (let l = 0; l < TAPE_DEPTH; l++) sum += row[at + l * 3 + 1]! - (before ? before[at + l * 3 + 1]! : 0);
  return bounded((before ? before[c]! : 0) + sum);
}

const filled = (r: ArrayLike<number>, at: number): boolean => r[at + 1] !== 0 || r[at + 2] !== 0;

/** Whether this row's ten levels stand where the previous row's stood relative to its last price (a ladder that followed the price). */
function sameRelativeDepth(row: ArrayLike<number>, before: ArrayLike<number> | null): boolean {
  if (!before) return false;
  for (let at = DEPTH_COLUMN; at < COLUMN_COUNT; at++) if (row[at] !== before[at]) return false;
  return true;
}

/** The depth flag: 0 the levels stood (absolute prices), 1 coded level by level, 2 stood relative to the last price. */
const DEPTH_STOOD = 0;
const DEPTH_CODED = 1;
const DEPTH_FOLLOWED = 2;

/** Whether this row's ten levels are the previous row's (same prices, quantities and orders; prices compared absolute, the last price may have moved). */
function sameDepth(row: ArrayLike<number>, before: ArrayLike<number> | null): boolean {
  for (let at = DEPTH_COLUMN; at < COLUMN_COUNT; at += 3) {
    const f = filled(row, at);
    if (!before) {
      if (f) return false;
      continue;
    }
    if (row[at + 1] !== before[at + 1] || row[at + 2] !== before[at + 2]) return false;
    if (f && row[at]! + row[4]! !== before[at]! + before[4]!) return false;
  }
  return true;
}

/**
 * How far one side's levels moved through the book: k > 0 when the best k levels went (traded
 * through or pulled), k < 0 when -k new levels came in front. Found by the best price, so a book
 * that keeps its levels while the price moves costs one small number; its levels then code as
 * changes from the level they were at before (mostly zeros). Null when no level kept its price.
 */
function shiftOf(row: ArrayLike<number>, before: ArrayLike<number>, at: number): number | null {
  const best = row[at]! + row[4]!;
  if (filled(row, at)) {
    for (let m = 0; m < TAPE_DEPTH; m++) if (filled(before, at + m * 3) && before[at + m * 3]! + before[4]! === best) return m;
  }
  if (filled(before, at)) {
    const was = before[at]! + before[4]!;
    for (let l = 1; l < TAPE_DEPTH; l++) if (filled(row, at + l * 3) && row[at + l * 3]! + row[4]! === was) return -l;
  }
  return null;
}

/**
 * The shift code of a side that moved with the last price: each level is expected where it was
 * relative to the last price (a ladder of quotes re-posted around a moving price).
 */
const FOLLOWS = TAPE_DEPTH;

/**
 * What level `l` of a side (`at`) is expected to be under shift code `k`: [price (absolute),
 * quantity, orders], the price NaN for a level expected empty. `row` holds this row's levels
 * before l (a new level is expected next to the one in front of it, or at the last price).
 */
function expectLevel(row: ArrayLike<number>, before: ArrayLike<number> | null, at: number, l: number, k: number, out: number[]): void {
  const m = k === FOLLOWS ? l : l + k;
  const from = at + m * 3;
  const ltp = row[4]!;
  if (before !== null && m >= 0 && m < TAPE_DEPTH && filled(before, from)) {
    out[0] = k === FOLLOWS ? before[from]! + ltp : before[from]! + before[4]!;
    out[1] = before[from + 1]!;
    out[2] = before[from + 2]!;
    return;
  }
  const o = at + l * 3;
  out[0] = l > 0 && filled(row, o - 3) ? row[o - 3]! + ltp : ltp;
  out[1] = 0;
  out[2] = 0;
}

const expected = [0, 0, 0];

/** How many of a side's figures differ from what shift code `k` expects (the encoder takes the cheaper code). */
function misses(row: ArrayLike<number>, before: ArrayLike<number> | null, at: number, k: number): number {
  let n = 0;
  for (let l = 0; l < TAPE_DEPTH; l++) {
    const o = at + l * 3;
    expectLevel(row, before, at, l, k, expected);
    if (row[o + 1] !== expected[1]) n++;
    if (row[o + 2] !== expected[2]) n++;
    if (filled(row, o) && row[o]! + row[4]! !== expected[0]) n++;
  }
  return n;
}

class VarintWriter {
  private buf = new Uint8Array(1 << 10);
  length = 0;
  private grow(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  /** Zigzag then LEB128, for any integer within 2^52 (arithmetic, not 32-bit shifts, past 2^29). */
  signed(v: number): void {
    this.grow(8);
    if (v > -0x20000000 && v < 0x20000000) {
      // The common case in 32-bit arithmetic: most changes are small.
      let z = (v << 1) ^ (v >> 31);
      while (z >= 128) {
        this.buf[this.length++] = (z & 127) | 128;
        z >>>= 7;
      }
      this.buf[this.length++] = z;
      return;
    }
    let z = v >= 0 ? v * 2 : -v * 2 - 1;
    while (z >= 128) {
      this.buf[this.length++] = (z % 128) | 128;
      z = Math.floor(z / 128);
    }
    this.buf[this.length++] = z;
  }
  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

/**
 * Builds one block row by row without making a tick object per row: the recorder fills one
 * reused row of raw column values (rawColumns' layout) per change. Each stream's values go to
 * its own buffer at once; finish() lays the streams end to end after their lengths.
 */
export class TapeBlockBuilder {
  private readonly streams: VarintWriter[] = Array.from({ length: STREAM_COUNT }, () => new VarintWriter());
  /** Each instrument's last row in the block, by its reference (order of first appearance). */
  private readonly rows: Float64Array[] = [];
  private readonly refs = new Map<number, number>();
  private prevRef = -1;
  private prevNewExchange = 0;
  private prevNewToken = 0;
  /** Whether the block being filled starts a chain. */
  private key = true;
  count = 0;
  firstTime = 0;
  lastTime = 0;

  /** Broker time each instrument's depth was last coded at, by reference. */
  private readonly depthAt: number[] = [];

  /**
   * Adds a row of raw values (COLUMN_COUNT long, the depth prices relative to the last price).
   * With `depthEveryMs`, an instrument's depth (its ten levels and the book's totals) is coded at
   * most that often: a row within it takes the depth last coded (`raw` is changed to it), its
   * levels where they stood relative to the last price (one flag; when the depth next goes in,
   * its levels are then mostly where that ladder expects them, not ten prices coded again).
   */
  addRow(raw: Float64Array | number[], depthEveryMs = 0): void {
    for (let c = 0; c < COLUMN_COUNT; c++) {
      const v = raw[c]!;
      // Checked before anything is written, so a refused row leaves the block as it was.
      if (!(v <= MAX_TAPE_VALUE && v >= -MAX_TAPE_VALUE) || Math.floor(v) !== v) throw new RangeError(`tape: ${v} is not a whole number within 2^50 (instrument ${raw[1]}:${raw[2]})`);
    }
    const s = this.streams;
    const exchange = raw[1]!;
    const token = raw[2]!;
    const id = exchange * 4_294_967_296 + token;
    let ref = this.refs.get(id);
    const before = ref === undefined ? null : this.rows[ref]!;
    if (ref === undefined) {
      ref = this.rows.length;
      this.refs.set(id, ref);
      this.rows.push(new Float64Array(COLUMN_COUNT));
      s[S_NEW_EXCHANGE]!.signed(exchange - this.prevNewExchange);
      s[S_NEW_TOKEN]!.signed(token - this.prevNewToken);
      this.prevNewExchange = exchange;
      this.prevNewToken = token;
    }
    // Ticks come in much the same order step after step: the reference is coded as how far it is past the one after the last.
    const carried = before !== null && depthEveryMs > 0 && raw[0]! - this.depthAt[ref]! < depthEveryMs;
    if (carried) {
      for (let o = DEPTH_COLUMN; o < COLUMN_COUNT; o++) raw[o] = before[o]!;
      raw[20] = before[20]!;
      raw[21] = before[21]!;
    }
    s[S_REF]!.signed(ref - (this.prevRef + 1));
    for (const c of SCALAR_ORDER) s[c]!.signed(raw[c]! - predict(c, raw, before, this.lastTime));
    // A carried depth is the previous row's levels as they stood relative to the last price: flag 2, nothing to compare.
    if (carried) s[S_DEPTH_FLAG]!.signed(DEPTH_FOLLOWED);
    else if (sameDepth(raw, before)) s[S_DEPTH_FLAG]!.signed(DEPTH_STOOD);
    else if (sameRelativeDepth(raw, before)) s[S_DEPTH_FLAG]!.signed(DEPTH_FOLLOWED);
    else {
      this.depthAt[ref] = raw[0]!;
      s[S_DEPTH_FLAG]!.signed(DEPTH_CODED);
      this.depth(raw, before, DEPTH_COLUMN, 0);
      this.depth(raw, before, ASK_COLUMN, 1);
    }
    s[20]!.signed(raw[20]! - predictTotal(20, raw, before));
    s[21]!.signed(raw[21]! - predictTotal(21, raw, before));
    this.rows[ref]!.set(raw);
    this.prevRef = ref;
    if (this.count === 0) this.firstTime = raw[0]!;
    this.lastTime = raw[0]!;
    this.count++;
  }

  private depth(row: ArrayLike<number>, before: Float64Array | null, at: number, side: number): void {
    const found = before ? shiftOf(row, before, at) : null;
    const k = found === null ? FOLLOWS : found === 0 && row[4] === before![4] ? 0 : misses(row, before, at, found) <= misses(row, before, at, FOLLOWS) ? found : FOLLOWS;
    this.streams[S_SHIFT + side]!.signed(k);
    const ltp = row[4]!;
    for (let l = 0; l < TAPE_DEPTH; l++) {
      const o = at + l * 3;
      const s = S_LEVEL + side * 15 + l * 3;
      expectLevel(row, before, at, l, k, expected);
      this.streams[s + 1]!.signed(row[o + 1]! - expected[1]!);
      this.streams[s + 2]!.signed(row[o + 2]! - expected[2]!);
      if (filled(row, o)) this.streams[s]!.signed(row[o]! + ltp - expected[0]!);
    }
  }

  /**
   * Whether a row of this instrument at `time` would have its depth coded (not carried) under
   * `depthEveryMs`: the recorder reads the book's ten levels only then (addRow replaces a carried
   * row's depth columns with the last coded ones, so reading them would be work thrown away).
   */
  depthDue(exchange: number, token: number, time: number, depthEveryMs: number): boolean {
    const ref = this.refs.get(exchange * 4_294_967_296 + token);
    return ref === undefined || depthEveryMs <= 0 || time - this.depthAt[ref]! >= depthEveryMs;
  }

  addTick(t: TapeTick): void {
    const raw = new Array<number>(COLUMN_COUNT);
    rawColumns(t, raw);
    this.addRow(raw);
  }

  /** The block filled so far; the builder then fills the next block of the chain, carrying on from this one. */
  finish(): Uint8Array {
    const head = new VarintWriter();
    head.signed(TAPE_VERSION);
    head.signed(this.key ? 1 : 0);
    head.signed(this.count);
    for (const st of this.streams) head.signed(st.length);
    let size = head.length;
    for (const st of this.streams) size += st.length;
    const out = new Uint8Array(size);
    out.set(head.view(), 0);
    let at = head.length;
    for (const st of this.streams) {
      out.set(st.view(), at);
      at += st.length;
      st.length = 0;
    }
    this.key = false;
    this.count = 0;
    return out;
  }

  /** Starts a new chain: the next block is a key block, coded from nothing (a new day, every few minutes, after a block was lost). */
  restart(): void {
    this.rows.length = 0;
    this.depthAt.length = 0;
    this.refs.clear();
    this.prevRef = -1;
    this.prevNewExchange = this.prevNewToken = 0;
    this.lastTime = 0;
    this.key = true;
    for (const st of this.streams) st.length = 0;
    this.count = 0;
  }

  /** Whether the block being filled starts a chain. */
  get startsChain(): boolean {
    return this.key;
  }
}

/**
 * Encodes ticks (in time order) into one block. Throws on a figure that is not a whole number
 * within MAX_TAPE_VALUE: the recorder rounds prices to feed units first. A depth level with no
 * quantity and no orders is empty and comes back as all zeros.
 */
export function encodeTicks(ticks: readonly TapeTick[]): Uint8Array {
  const b = new TapeBlockBuilder();
  for (const t of ticks) b.addTick(t);
  return b.finish();
}

class VarintReader {
  constructor(
    private readonly buf: Uint8Array,
    public at: number,
    private readonly end: number,
  ) {}
  signed(): number {
    let z = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.end) throw new RangeError("tape: block ends inside a number");
      const b = this.buf[this.at++]!;
      z += (b & 127) * scale;
      if (b < 128) break;
      scale *= 128;
    }
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }
}

/** Where a chain of blocks stands after the blocks read so far: each instrument's last row. */
export class TapeChain {
  rows: Float64Array[] = [];
  prevRef = -1;
  newExchange = 0;
  newToken = 0;
  lastTime = 0;
  blocks = 0;
  restart(): void {
    this.rows = [];
    this.prevRef = -1;
    this.newExchange = this.newToken = this.lastTime = 0;
  }
}

/**
 * Decodes one block, carrying on from `chain` (the blocks of the chain read before it, in order);
 * throws a RangeError on a block that is cut short, of another version, inconsistent, or that
 * carries on from a block not read.
 */
export function decodeTicks(block: Uint8Array, chain = new TapeChain()): TapeTick[] {
  const rows = decodeRows(block, chain);
  const out: TapeTick[] = [];
  for (let r = 0; r < rows.length / COLUMN_COUNT; r++) out.push(tickOfRow(rows, r));
  return out;
}

/** Row `r` of a decoded block (decodeRows) as a tick. */
export function tickOfRow(rows: Float64Array, r: number): TapeTick {
  return fromRaw(rows.subarray(r * COLUMN_COUNT, (r + 1) * COLUMN_COUNT));
}

/**
 * Decodes one block into its rows, COLUMN_COUNT figures each in rawColumns' layout, end to end in
 * one array: a replay plays rows and makes a tick object only for a quote that is asked for (a
 * jump plays minutes of rows; an object per row cost it most of its time in the collector).
 * Carries on from `chain` and throws as decodeTicks does.
 */
export function decodeRows(block: Uint8Array, chain = new TapeChain()): Float64Array {
  const head = new VarintReader(block, 0, block.length);
  const version = head.signed();
  if (version !== TAPE_VERSION) throw new RangeError(`tape: block version ${version}, expected ${TAPE_VERSION}`);
  const key = head.signed();
  if (key === 1) chain.restart();
  else if (key !== 0 || chain.blocks === 0) throw new RangeError("tape: the block carries on from one not read");
  const n = head.signed();
  // Every row writes at least one byte to each of 24 streams (its reference, 20 scalars, the depth flag, the two totals).
  if (n < 0 || n * 24 > block.length) throw new RangeError(`tape: ${n} ticks cannot fit in ${block.length} bytes`);
  const lengths: number[] = [];
  for (let i = 0; i < STREAM_COUNT; i++) lengths.push(head.signed());
  const s: VarintReader[] = [];
  let at = head.at;
  for (const len of lengths) {
    if (len < 0 || at + len > block.length) throw new RangeError("tape: a stream runs past the block's end");
    s.push(new VarintReader(block, at, at + len));
    at += len;
  }
  const rows = chain.rows;
  const out = new Float64Array(n * COLUMN_COUNT);
  let { prevRef, newExchange, newToken, lastTime } = chain;
  for (let r = 0; r < n; r++) {
    const ref = prevRef + 1 + s[S_REF]!.signed();
    if (ref < 0 || ref > rows.length) throw new RangeError(`tape: row ${r} names instrument ${ref} of ${rows.length}`);
    const before = ref < rows.length ? rows[ref]! : null;
    // Decoded in place in the block's rows (the expectations read `before` as it was), then kept as the instrument's row.
    const raw = out.subarray(r * COLUMN_COUNT, (r + 1) * COLUMN_COUNT);
    if (before) {
      raw[1] = before[1]!;
      raw[2] = before[2]!;
    } else {
      raw[1] = newExchange += s[S_NEW_EXCHANGE]!.signed();
      raw[2] = newToken += s[S_NEW_TOKEN]!.signed();
    }
    for (const c of SCALAR_ORDER) raw[c] = s[c]!.signed() + predict(c, raw, before, lastTime);
    const flag = s[S_DEPTH_FLAG]!.signed();
    if (flag === DEPTH_CODED) {
      decodeSide(s, raw, before, DEPTH_COLUMN, 0);
      decodeSide(s, raw, before, ASK_COLUMN, 1);
    } else if (flag === DEPTH_FOLLOWED && before) {
      for (let o = DEPTH_COLUMN; o < COLUMN_COUNT; o++) raw[o] = before[o]!;
    } else if (flag === DEPTH_STOOD) {
      // The depth stood: the previous row's levels at their prices, relative to this row's last price.
      if (before) {
        for (let o = DEPTH_COLUMN; o < COLUMN_COUNT; o += 3) {
          raw[o + 1] = before[o + 1]!;
          raw[o + 2] = before[o + 2]!;
          raw[o] = filled(before, o) ? before[o]! + before[4]! - raw[4]! : 0;
        }
      }
    } else throw new RangeError(`tape: row ${r} has depth flag ${flag}`);
    raw[20] = s[20]!.signed() + predictTotal(20, raw, before);
    raw[21] = s[21]!.signed() + predictTotal(21, raw, before);
    if (before) before.set(raw);
    else rows.push(Float64Array.from(raw));
    prevRef = ref;
    lastTime = raw[0]!;
  }
  Object.assign(chain, { prevRef, newExchange, newToken, lastTime, blocks: chain.blocks + 1 });
  return out;
}

function decodeSide(s: VarintReader[], raw: Float64Array, before: Float64Array | null, at: number, side: number): void {
  const k = s[S_SHIFT + side]!.signed();
  if (k !== FOLLOWS && (k <= -TAPE_DEPTH || k >= TAPE_DEPTH)) throw new RangeError(`tape: a depth shift of ${k}`);
  const ltp = raw[4]!;
  const want = [0, 0, 0];
  for (let l = 0; l < TAPE_DEPTH; l++) {
    const o = at + l * 3;
    const st = S_LEVEL + side * 15 + l * 3;
    expectLevel(raw, before, at, l, k, want);
    raw[o + 1] = s[st + 1]!.signed() + want[1]!;
    raw[o + 2] = s[st + 2]!.signed() + want[2]!;
    raw[o] = filled(raw, o) ? s[st]!.signed() + want[0]! - ltp : 0;
  }
}

function levelsOf(raw: ArrayLike<number>, at: number, ltp: number): TapeLevel[] {
  const levels: TapeLevel[] = [];
  for (let l = 0, i = at; l < TAPE_DEPTH; l++, i += 3) {
    const quantity = raw[i + 1]!;
    const orders = raw[i + 2]!;
    levels.push({ price: quantity === 0 && orders === 0 ? 0 : ltp + raw[i]!, quantity, orders });
  }
  return levels;
}

/**
 * A row as a tick: one object literal of SCALAR_COLUMNS' fields (in its order), so every tick has
 * one shape. (Filling an empty object key by key in a loop, with a closure per tick, cost a
 * replay jump about 15 µs a tick, most of it the collector's.)
 */
function fromRaw(raw: ArrayLike<number>): TapeTick {
  const ltp = raw[4]!;
  return {
    time: raw[0]!, exchange: raw[1]!, token: raw[2]!, seq: raw[3]!, ltp, lastQty: raw[5]!, volume: raw[6]!, open: raw[7]!, high: raw[8]!, low: raw[9]!,
    pClose: raw[10]!, avgPrice: raw[11]!, upperCircuit: raw[12]!, lowerCircuit: raw[13]!, weekHigh: raw[14]!, weekLow: raw[15]!, openInterest: raw[16]!,
    dayHighOI: raw[17]!, dayLowOI: raw[18]!, previousOI: raw[19]!, totalBuyQty: raw[20]!, totalSellQty: raw[21]!, lastTradedTime: raw[22]!, priceDivisor: raw[23]!,
    bids: levelsOf(raw, DEPTH_COLUMN, ltp),
    asks: levelsOf(raw, ASK_COLUMN, ltp),
  };
}
