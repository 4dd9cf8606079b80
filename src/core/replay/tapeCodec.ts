import {
  ASK_COLUMN, COLUMN_COUNT, DEPTH_CODED, DEPTH_COLUMN, DEPTH_FOLLOWED, DEPTH_STOOD, expectLevel, filled, FOLLOWS, isWholeInRange, levelMisses, MAX_TAPE_VALUE, predict,
  LOOK_FOLLOWED, LOOK_SIDE, LOOK_STOOD, LOOK_WHOLE, lookAtDepth, predictTotal, rawColumns, RefRing, RefTable, RowStore, SCALAR_ORDER, shiftOf, STANDS, stoodDepth, expectMoved, MOVES, TAPE_DEPTH, TapeChain, tickOfRow, totalAfter,
  VarintReader, type TapeTick,
} from "./tapeLayout.js";
import { decodeRowsV2 } from "./tapeCodecV2.js";

export { COLUMN_COUNT, DEPTH_COLUMN, MAX_TAPE_VALUE, rawColumns, TAPE_DEPTH, TapeChain, tickOfRow };
export type { TapeLevel, TapeTick } from "./tapeLayout.js";

/**
 * The flight recorder's tick block (issue 35), version 3: a run of ticks laid out column by
 * column, each figure stored as its difference from what was expected of it (mostly the same
 * instrument's previous tick; tapeLayout.ts's rules), and only when that difference is not zero.
 * Each row starts with a **mask** of the figures that missed their expectation; the rest cost
 * nothing. A tick whose price moved and whose volume grew is a mask byte and three or four small
 * numbers, not fifty-four: the coding does a fifth of the work it did in version 2 and hands the
 * compressor a fifth of the bytes (node:zlib, by the broker; this file stays pure so both sides
 * share the layout).
 *
 * Quantities (volume, last quantity, OI and its highs and lows, the book's totals and its levels'
 * quantities) are coded in the instrument's **unit**, its lot, given with its first row: an F&O
 * volume that grew by 3 lots of 75 codes as 3. A difference that is not a whole number of units
 * (a real day's odd figure) codes as a 0, which a masked figure never is, and the difference
 * itself in the escape stream, so any figure comes back exact.
 *
 * The depth: with `depthEveryMs`, an instrument's ten levels and the book's totals are coded at
 * most that often (the recorder reads the book only then). Both sides know the rule from the
 * block's head and the row's time, so a row within the interval codes nothing for its depth: it
 * carries the depth last looked at, its levels where they stood relative to the last price. A row
 * outside it codes a flag (0 the levels stood, 1 coded, 2 followed the last price) and, when
 * coded, each side's shift (how far its levels moved through the book) and a mask of the level
 * figures that missed what the shift expects, then those.
 *
 * Instruments are named by their order of first appearance in the chain, coded as how far past
 * the next one they are (ticks come in much the same order every step). Blocks come in chains: a
 * key block codes every instrument's first tick from nothing; the blocks after it carry on. The
 * recorder starts a chain every few minutes, a new day and after a block it could not write; a
 * reader reads a day's blocks in order (TapeChain). A crash loses at most the block being filled.
 *
 * Prices are integers in the feed's units (rupees x PriceDivisor, DESIGN.md section 5); a tick's
 * depth prices are relative to its last price in the raw row (rawColumns), absolute in the coding.
 */

/** Block format version, the first varint of a block. Version 2 blocks are still read (tapeCodecV2.ts). */
export const TAPE_VERSION = 3;

/**
 * The streams. The scalar columns keep their raw index as their stream (1 and 2, exchange and
 * token, are replaced by the instrument reference and a new instrument's exchange); then a new
 * instrument's token and unit, the row mask, the escape stream, the depth flag, each side's shift
 * and level mask, and per side and level its price, quantity and orders.
 */
const S_REF = 1;
const S_NEW_EXCHANGE = 2;
const S_NEW_TOKEN = DEPTH_COLUMN;
const S_NEW_UNIT = DEPTH_COLUMN + 1;
const S_MASK = DEPTH_COLUMN + 2;
const S_ESCAPE = DEPTH_COLUMN + 3;
const S_DEPTH_FLAG = DEPTH_COLUMN + 4;
const S_SHIFT = DEPTH_COLUMN + 5; // + side
const S_LEVEL_MASK = DEPTH_COLUMN + 7; // + side
const S_LEVEL = DEPTH_COLUMN + 9; // + side * 15 + level * 3 + (0 price, 1 quantity, 2 orders)
export const STREAM_COUNT = S_LEVEL + TAPE_DEPTH * 2 * 3;

/**
 * Each scalar column's bit in the row mask, the figures that move most often first so a usual
 * mask is one byte: time, last price, volume, average price, OI, last trade time, last quantity.
 */
const BIT = new Int8Array(24).fill(-1);
[0, 4, 6, 11, 16, 22, 5, 8, 9, 3, 20, 21, 17, 18, 7, 10, 12, 13, 14, 15, 19, 23].forEach((c, b) => (BIT[c] = b));
const MASK_LIMIT = 1 << 22;
/** The most places an instrument is looked for along the ring (RefRing); farther, it is named by number (the escape stream). */
const MAX_HOPS = 32;
/** The scalar columns bar the time, which is coded against the last row's (a step's ticks share it). */
const SCALARS_AFTER_TIME = SCALAR_ORDER.slice(1);
/** Of those, the ones that stand after a first row (STANDS): a decoder reads them before the ones that move, whose expectations read them. */
const STANDING = SCALARS_AFTER_TIME.filter((c) => STANDS[c] === 1);
/** Each scalar column's bit in the row mask, as a mask (0 for a column that has none). */
const BIT_MASK = Int32Array.from(BIT, (b) => (b < 0 ? 0 : 1 << b));
/** Each mask bit's column. */
const COLUMN_OF_BIT = new Int8Array(32).fill(-1);
BIT.forEach((b, c) => {
  if (b >= 0) COLUMN_OF_BIT[b] = c;
});
/** The book's totals' bits: their figures go after the depth's. */
const TOTALS_BITS = BIT_MASK[20]! | BIT_MASK[21]!;
/** Each scalar column's place in SCALAR_ORDER, as a bit (the order a decoder reads escapes in). */
const ORDER_BIT = new Int32Array(24);
SCALAR_ORDER.forEach((c, i) => (ORDER_BIT[c] = 1 << i));
/** The set bits of a mask. */
function bitCount(m: number): number {
  let n = 0;
  for (; m !== 0; m &= m - 1) n++;
  return n;
}
/** A side's level-mask bits that are quantities (bit l*3 + 1 of each level), coded in the instrument's unit. */
const LEVEL_QUANTITY_BITS = Array.from({ length: TAPE_DEPTH }, (_, l) => 2 << (l * 3)).reduce((a, b) => a | b, 0);
/** Whether a scalar column is a quantity, coded in the instrument's unit. */
const QUANTITY = new Uint8Array(24);
for (const c of [5, 6, 16, 17, 18, 19, 20, 21]) QUANTITY[c] = 1;

class VarintWriter {
  private buf = new Uint8Array(1 << 10);
  length = 0;
  private grow(): void {
    const next = new Uint8Array(this.buf.length * 2);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  /** LEB128, for a whole number from 0 to 2^53. */
  unsigned(z: number): void {
    if (this.length + 8 > this.buf.length) this.grow();
    if (z < 0x40000000) {
      while (z >= 128) {
        this.buf[this.length++] = (z & 127) | 128;
        z >>>= 7;
      }
    } else {
      while (z >= 128) {
        this.buf[this.length++] = (z % 128) | 128;
        z = Math.floor(z / 128);
      }
    }
    this.buf[this.length++] = z;
  }
  /** Zigzag then LEB128, for any whole number within 2^52. */
  signed(v: number): void {
    this.unsigned(v >= 0 ? v * 2 : -v * 2 - 1);
  }
  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

/** Throws a RangeError on a figure of columns [from, to) that is not a whole number within MAX_TAPE_VALUE. */
function checkWhole(raw: ArrayLike<number>, from: number, to: number): void {
  for (let c = from; c < to; c++) {
    const v = raw[c]!;
    if (!isWholeInRange(v)) throw new RangeError(`tape: ${v} is not a whole number within 2^50 (instrument ${raw[1]}:${raw[2]})`);
  }
}

/**
 * Builds a chain of blocks row by row without making a tick object per row: the recorder fills
 * one reused row of raw column values (rawColumns' layout) per change. Each stream's values go to
 * its own buffer at once; finish() lays the streams end to end after their lengths.
 */
export class TapeBlockBuilder {
  private readonly streams: VarintWriter[] = Array.from({ length: STREAM_COUNT }, () => new VarintWriter());
  /** Each instrument's last row in the chain, its unit and when its depth was last looked at, by reference (order of first appearance). */
  private rows = new RowStore();
  private readonly units: number[] = [];
  private readonly depthAt: number[] = [];
  /** References by exchange and token. */
  private refs = new RefTable();
  private ring = new RefRing();
  private prevRef = -1;
  private prevNewExchange = 0;
  private prevNewToken = 0;
  /** Whether the block being filled starts a chain. */
  private key = true;
  /** This row's differences from what was expected, by scalar column (the mask is written before them). */
  private readonly miss = new Float64Array(24);
  /** This row's expectations of the columns that move (expectMoved). */
  private readonly moved = new Float64Array(24);
  /** One side's level differences from what the shift expects (price, quantity, orders per level). */
  private readonly levelMiss = new Float64Array(TAPE_DEPTH * 3);
  private readonly levelMissAlt = new Float64Array(TAPE_DEPTH * 3);
  /** What each side's five quantities moved by in this row (lookAtDepth). */
  private readonly quantitiesMoved = new Float64Array(2);
  count = 0;
  firstTime = 0;
  lastTime = 0;

  /**
   * `depthEveryMs`: an instrument's depth is coded at most that often (0: on every row); a row
   * within it carries the depth last looked at (its own depth columns and totals are not read).
   */
  constructor(readonly depthEveryMs = 0) {}

  /**
   * Adds a row of raw values (COLUMN_COUNT long, the depth prices relative to the last price).
   * `unit` is the instrument's lot (its quantities' unit), read with its first row in the chain;
   * `ref` its reference if the caller has it (what addRow returned for the instrument's last row in
   * this chain), -1 to look it up. Returns the instrument's reference. Throws a RangeError,
   * leaving the block as it was, on a figure that is not a whole number within MAX_TAPE_VALUE: the
   * recorder rounds prices to feed units first.
   */
  addRow(raw: Float64Array | number[], unit = 1, ref = -1): number {
    const exchange = raw[1]!;
    const token = raw[2]!;
    const time = raw[0]!;
    // A reference handed in is taken only if it names this row's instrument: a wrong one costs a lookup, never a wrong tape.
    const hinted = ref >= 0 ? this.rows.rows[ref] : undefined;
    if (hinted === undefined || hinted[1] !== exchange || hinted[2] !== token) ref = this.refs.get(exchange, token);
    const before = ref < 0 ? null : this.rows.rows[ref]!;
    const carried = before !== null && this.depthEveryMs > 0 && time - this.depthAt[ref]! < this.depthEveryMs;
    // The row mask (which figures missed what was expected of them; the time, the last row's), worked
    // out and checked before anything is written, so a refused row leaves the block as it was.
    const miss = this.miss;
    miss[0] = time - this.lastTime;
    let mask = miss[0] !== 0 ? BIT_MASK[0]! : 0;
    if (before === null) {
      checkWhole(raw, 0, 24);
      for (const c of SCALARS_AFTER_TIME) {
        const d = (miss[c] = raw[c]! - predict(c, raw, null, this.lastTime));
        if (d !== 0) mask |= BIT_MASK[c]!;
      }
    } else {
      // The figures that stand are read from the row before; the ones that move are worked out at once (expectMoved).
      const moved = this.moved;
      expectMoved(raw, before, moved);
      for (const c of STANDING) {
        const d = (miss[c] = raw[c]! - before[c]!);
        if (d !== 0) mask |= BIT_MASK[c]!;
      }
      for (const c of MOVES) {
        const d = (miss[c] = raw[c]! - moved[c]!);
        if (d !== 0) mask |= BIT_MASK[c]!;
      }
    }
    // The depth looked at (a carried one is not read): whether its figures are whole, stood or followed the price, and what its quantities moved by.
    const look = carried ? 0 : lookAtDepth(raw, before, this.quantitiesMoved);
    if (!carried) {
      // The totals are expected to move by what the five levels moved (predictTotal); a carried depth keeps them.
      const t0 = raw[20]! - totalAfter(20, before, this.quantitiesMoved[0]!);
      const t1 = raw[21]! - totalAfter(21, before, this.quantitiesMoved[1]!);
      miss[20] = t0;
      miss[21] = t1;
      if (t0 !== 0) mask |= BIT_MASK[20]!;
      if (t1 !== 0) mask |= BIT_MASK[21]!;
    }
    if (before !== null) {
      // A figure that met its expectation is the row before's (checked when it came) or worked out
      // from checked figures, so only the ones that missed need checking; and the time, and seq (one
      // on from 2^50 is past the range).
      checkWhole(raw, 0, 1);
      checkWhole(raw, 3, 4);
      for (let m = mask; m !== 0; m &= m - 1) {
        const c = COLUMN_OF_BIT[31 - Math.clz32(m & -m)]!;
        checkWhole(raw, c, c + 1);
      }
    }
    // A carried depth is the last one, already checked.
    if (!carried && (look & LOOK_WHOLE) === 0) checkWhole(raw, DEPTH_COLUMN, COLUMN_COUNT);
    const s = this.streams;
    if (ref < 0) {
      ref = this.rows.length;
      this.refs.add(exchange, token, ref);
      // A lot that is not a whole number from 1 to 2^31 codes quantities as they are.
      const lot = Number.isSafeInteger(unit) && unit >= 1 && unit <= 0x7fffffff ? unit : 1;
      this.units.push(lot);
      this.depthAt.push(-Infinity);
      s[S_NEW_EXCHANGE]!.signed(exchange - this.prevNewExchange);
      s[S_NEW_TOKEN]!.signed(token - this.prevNewToken);
      s[S_NEW_UNIT]!.unsigned(lot);
      this.prevNewExchange = exchange;
      this.prevNewToken = token;
    }
    const u = this.units[ref]!;
    const hops = before === null || this.prevRef < 0 ? -1 : this.ring.hops(this.prevRef, ref, MAX_HOPS);
    if (hops >= 0) s[S_REF]!.unsigned(hops);
    else {
      // New, or far from its place: named by number, and put in the ring after the one before it.
      s[S_REF]!.unsigned(MAX_HOPS);
      s[S_ESCAPE]!.signed(ref - (this.prevRef + 1));
      this.ring.place(ref, this.prevRef);
    }
    s[S_MASK]!.unsigned(mask);
    // The figures that missed, by the mask's bits (a usual row has three or four of twenty); their streams are their own, bar the escape stream's, which takes them in SCALAR_ORDER after.
    let escapes = 0;
    for (let m = mask & ~TOTALS_BITS; m !== 0; ) {
      const low = m & -m;
      m ^= low;
      const c = COLUMN_OF_BIT[31 - Math.clz32(low)]!;
      if (this.inUnits(c, miss[c]!, QUANTITY[c] === 1 ? u : 1)) escapes |= ORDER_BIT[c]!;
    }
    for (; escapes !== 0; ) {
      const low = escapes & -escapes;
      escapes ^= low;
      s[S_ESCAPE]!.signed(miss[SCALAR_ORDER[31 - Math.clz32(low)]!]!);
    }
    if (!carried) {
      this.depthAt[ref] = time;
      if (look & LOOK_STOOD) s[S_DEPTH_FLAG]!.unsigned(DEPTH_STOOD);
      else if (look & LOOK_FOLLOWED) s[S_DEPTH_FLAG]!.unsigned(DEPTH_FOLLOWED);
      else {
        s[S_DEPTH_FLAG]!.unsigned(DEPTH_CODED);
        this.side(raw, before, DEPTH_COLUMN, 0, u, (look & LOOK_SIDE) !== 0);
        this.side(raw, before, ASK_COLUMN, 1, u, (look & (LOOK_SIDE << 1)) !== 0);
      }
      if (miss[20] !== 0) this.figure(20, miss[20]!, u);
      if (miss[21] !== 0) this.figure(21, miss[21]!, u);
    }
    // The instrument's row takes this one; a carried depth (and its totals) stays the one last looked at.
    if (before === null) this.rows.add(raw);
    else if (carried) {
      for (let c = 0; c < 20; c++) before[c] = raw[c]!;
      before[22] = raw[22]!;
      before[23] = raw[23]!;
    } else before.set(raw);
    this.prevRef = ref;
    if (this.count === 0) this.firstTime = time;
    this.lastTime = time;
    this.count++;
    return ref;
  }

  /** A difference that is not zero, in `unit`s when it is a whole number of them; else a 0 (never a masked figure) and the difference in the escape stream. */
  private figure(stream: number, d: number, unit: number): void {
    if (this.inUnits(stream, d, unit)) this.streams[S_ESCAPE]!.signed(d);
  }

  /** Writes a difference in `unit`s, or a 0 when it is not a whole number of them; answers whether it must then go in the escape stream (the caller says when). */
  private inUnits(stream: number, d: number, unit: number): boolean {
    // A whole quotient is exact (|d| < 2^51), and a float % is a call into the runtime.
    if (unit === 1 || Number.isInteger(d / unit)) {
      this.streams[stream]!.signed(unit === 1 ? d : d / unit);
      return false;
    }
    this.streams[stream]!.unsigned(0);
    return true;
  }

  private side(row: ArrayLike<number>, before: Float64Array | null, at: number, side: number, unit: number, same: boolean): void {
    if (same) {
      // The side stands where it stood relative to the last price (lookAtDepth), as one side of a
      // look usually does: nothing missed the ladder that followed the price. With the price where
      // it was, that is the shift of 0 the search below finds for a filled best level (the tape as
      // it was); with it moved, the ladder that followed (the search could only tie with it). The
      // search and both passes over its levels are skipped: about half the sides looked at.
      this.streams[S_SHIFT + side]!.signed(row[4] === before![4] && filled(row, at) ? 0 : FOLLOWS);
      this.streams[S_LEVEL_MASK + side]!.unsigned(0);
      return;
    }
    const found = before ? shiftOf(row, before, at) : null;
    // First the mask of the level figures that missed (bit l*3: price, +1 quantity, +2 orders), then those (their differences kept from the mask's pass).
    let k = found === null ? FOLLOWS : found;
    let d = this.levelMiss;
    let mask = levelMisses(row, before, at, k, d);
    // A shift found with the price moved may miss more than a ladder that followed the price: the cheaper goes (the shift on a tie).
    if (found !== null && !(found === 0 && row[4] === before![4])) {
      const follows = levelMisses(row, before, at, FOLLOWS, this.levelMissAlt);
      if (bitCount(follows) < bitCount(mask)) {
        k = FOLLOWS;
        mask = follows;
        d = this.levelMissAlt;
      }
    }
    this.streams[S_SHIFT + side]!.signed(k);
    this.streams[S_LEVEL_MASK + side]!.unsigned(mask);
    // The figures that missed by the mask's bits, not a walk of all fifteen: bit l*3 + figure is the
    // figure's place in `d` and in its side's streams. Only a quantity may go on to the escape stream,
    // so the escapes still go level by level, as a decoder reads them.
    for (let m = mask; m !== 0; m &= m - 1) {
      const bit = 31 - Math.clz32(m & -m);
      const st = S_LEVEL + side * 15 + bit;
      if ((LEVEL_QUANTITY_BITS >> bit) & 1) this.figure(st, d[bit]!, unit);
      else this.streams[st]!.signed(d[bit]!);
    }
  }

  /**
   * Whether a row of the instrument (`ref`, what addRow answered for it in this chain, -1 before) at `time` would have its depth coded (not
   * carried): the recorder reads the book's ten levels only then (addRow does not read a carried
   * row's depth columns, so reading them would be work thrown away).
   */
  depthDue(ref: number, time: number): boolean {
    return ref < 0 || this.depthEveryMs <= 0 || time - this.depthAt[ref]! >= this.depthEveryMs;
  }

  addTick(t: TapeTick, unit = 1): void {
    const raw = new Array<number>(COLUMN_COUNT);
    rawColumns(t, raw);
    this.addRow(raw, unit);
  }

  /** The block filled so far; the builder then fills the next block of the chain, carrying on from this one. */
  finish(): Uint8Array {
    const head = new VarintWriter();
    head.unsigned(TAPE_VERSION);
    head.unsigned(this.key ? 1 : 0);
    head.unsigned(this.count);
    head.unsigned(this.depthEveryMs);
    for (const st of this.streams) head.unsigned(st.length);
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
    this.rows = new RowStore();
    this.units.length = 0;
    this.depthAt.length = 0;
    this.refs = new RefTable();
    this.ring = new RefRing();
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
 * Encodes ticks (in time order) into one block, every depth coded (an import's ticks). Throws on
 * a figure that is not a whole number within MAX_TAPE_VALUE. A depth level with no quantity and
 * no orders is empty and comes back as all zeros.
 */
export function encodeTicks(ticks: readonly TapeTick[]): Uint8Array {
  const b = new TapeBlockBuilder();
  for (const t of ticks) b.addTick(t);
  return b.finish();
}

/**
 * Decodes one block, carrying on from `chain` (the blocks of the chain read before it, in order);
 * throws a RangeError on a block that is cut short, of an unknown version, inconsistent, or that
 * carries on from a block not read.
 */
export function decodeTicks(block: Uint8Array, chain = new TapeChain()): TapeTick[] {
  const rows = blockRows(block, chain);
  const out: TapeTick[] = [];
  while (rows.peek()) out.push(tickOfRow(rows.take(), 0));
  return out;
}

/**
 * One block's rows, read one at a time (the replay's way: it plays each row as it is decoded, and
 * stops at the replay clock, perhaps inside a block). A row is decoded by `peek` and played by
 * `take`; the instrument's row in the chain is what `take` answers, updated in place by its later
 * rows, so a player holds it as the instrument's state with no copy.
 */
export interface BlockRows {
  /** The rows the block holds. */
  readonly count: number;
  /** Whether the block starts a chain: the instruments' references start again. */
  readonly key: boolean;
  /** Decodes the next row into `row` (again: the same row, until it is taken); false past the last. Throws as decodeTicks does. */
  peek(): boolean;
  /** The row peeked, in rawColumns' layout (row[0] is its time); the next peek after a take overwrites it. */
  readonly row: Float64Array;
  /** The row peeked's instrument, by its reference in the chain; -1 when the block does not say (version 2). */
  readonly ref: number;
  /** Plays the row peeked: answers its instrument's row in the chain, which its later rows update in place. */
  take(): Float64Array;
}

/** A block's rows (BlockRows), carrying on from `chain`; throws on a block of an unknown version or that carries on from one not read. */
export function blockRows(block: Uint8Array, chain: TapeChain): BlockRows {
  const head = new VarintReader(block, 0, block.length);
  // Version 2 wrote its head zigzagged: its 2 reads as 4 here, its key block's 1 as 2.
  const first = head.unsigned();
  const v = first === 4 ? 2 : first === TAPE_VERSION ? TAPE_VERSION : 0;
  if (v === 0) throw new RangeError(`tape: a block of an unknown version (it starts ${first}; this reader knows 2 and ${TAPE_VERSION})`);
  const key = head.unsigned();
  const isKey = v === 2 ? key === 2 : key === 1;
  if (isKey) {
    chain.restart();
    chain.version = v;
  } else if (key !== 0 || chain.blocks === 0 || chain.version !== v) throw new RangeError("tape: the block carries on from one not read");
  return v === 2 ? new RowsV2(decodeRowsV2(block, head, chain), isKey) : new RowsV3(block, head, chain, isKey);
}

/** A version-2 block, decoded whole (old tapes only): its rows played are copies, as the chain already holds the block's last rows. */
class RowsV2 implements BlockRows {
  readonly count: number;
  readonly ref = -1;
  row: Float64Array = new Float64Array(0);
  private at = 0;
  constructor(
    private readonly all: Float64Array,
    readonly key: boolean,
  ) {
    this.count = all.length / COLUMN_COUNT;
  }
  peek(): boolean {
    if (this.at >= this.count) return false;
    this.row = this.all.subarray(this.at * COLUMN_COUNT, (this.at + 1) * COLUMN_COUNT);
    return true;
  }
  take(): Float64Array {
    this.at++;
    return Float64Array.from(this.row);
  }
}

class RowsV3 implements BlockRows {
  readonly count: number;
  readonly row = new Float64Array(COLUMN_COUNT);
  ref = -1;
  private readonly depthEveryMs: number;
  private readonly s: VarintReader[] = [];
  private r = 0;
  private pending = false;
  private before: Float64Array | null = null;
  private readonly want = [0, 0, 0];
  private readonly moved = new Float64Array(24);
  private readonly miss = new Float64Array(24);
  private prevRef: number;
  private newExchange: number;
  private newToken: number;
  private lastTime: number;
  constructor(
    block: Uint8Array,
    head: VarintReader,
    private readonly chain: TapeChain,
    readonly key: boolean,
  ) {
    const n = (this.count = head.unsigned());
    this.depthEveryMs = head.unsigned();
    // Every row writes at least its reference and its mask.
    if (n * 2 > block.length) throw new RangeError(`tape: ${n} ticks cannot fit in ${block.length} bytes`);
    const lengths: number[] = [];
    for (let i = 0; i < STREAM_COUNT; i++) lengths.push(head.unsigned());
    let at = head.at;
    for (const len of lengths) {
      if (at + len > block.length) throw new RangeError("tape: a stream runs past the block's end");
      this.s.push(new VarintReader(block, at, at + len));
      at += len;
    }
    ({ prevRef: this.prevRef, newExchange: this.newExchange, newToken: this.newToken, lastTime: this.lastTime } = chain);
    // A block of no rows is read at once.
    if (n === 0) this.done();
  }

  /** A masked figure: in units, or (a 0) the escape stream's difference. */
  private readonly figure = (stream: number, unit: number): number => {
    if (unit === 1) return this.s[stream]!.signed();
    const z = this.s[stream]!.unsigned();
    if (z === 0) return this.s[S_ESCAPE]!.signed();
    return (z % 2 === 0 ? z / 2 : -(z + 1) / 2) * unit;
  };

  /** The block read to its end: the chain carries on from its last row. */
  private done(): void {
    const { prevRef, newExchange, newToken, lastTime } = this;
    Object.assign(this.chain, { prevRef, newExchange, newToken, lastTime, blocks: this.chain.blocks + 1 });
  }

  peek(): boolean {
    if (this.pending) return true;
    if (this.r >= this.count) return false;
    const { s, row: raw, want, moved, miss, figure, depthEveryMs, chain } = this;
    const { rows, units, depthAt, ring } = chain;
    const r = this.r;
    const prevRef = this.prevRef;
    const hops = s[S_REF]!.unsigned();
    let ref: number;
    if (hops < MAX_HOPS) {
      if (prevRef < 0) throw new RangeError(`tape: row ${r} names an instrument by its place in an empty ring`);
      ref = ring.walk(prevRef, hops);
    } else {
      ref = prevRef + 1 + s[S_ESCAPE]!.signed();
      if (hops !== MAX_HOPS || ref < 0 || ref > rows.length) throw new RangeError(`tape: row ${r} names instrument ${ref} of ${rows.length}`);
      ring.place(ref, prevRef);
    }
    const before = ref < rows.length ? rows.rows[ref]! : null;
    // The expectations read `before` as it was; it takes the row once played.
    if (before) {
      raw[1] = before[1]!;
      raw[2] = before[2]!;
    } else {
      raw[1] = this.newExchange += s[S_NEW_EXCHANGE]!.signed();
      raw[2] = this.newToken += s[S_NEW_TOKEN]!.signed();
      const u = s[S_NEW_UNIT]!.unsigned();
      if (u < 1 || u > 0x7fffffff) throw new RangeError(`tape: row ${r} has a unit of ${u}`);
      units.push(u);
      depthAt.push(-Infinity);
    }
    const lastTime = this.lastTime;
    const unit = units[ref]!;
    const mask = s[S_MASK]!.unsigned();
    if (mask >= MASK_LIMIT) throw new RangeError(`tape: row ${r} has mask ${mask}`);
    raw[0] = lastTime + (mask & BIT_MASK[0]! ? s[0]!.signed() : 0);
    if (before === null) {
      for (const c of SCALARS_AFTER_TIME) raw[c] = (mask & BIT_MASK[c]! ? figure(c, QUANTITY[c] === 1 ? unit : 1) : 0) + predict(c, raw, before, lastTime);
    } else {
      // The differences in coding order (the escape stream is shared); then the figures that stand, from the row
      // before, and the ones that move, worked out from those at once (expectMoved).
      for (const c of SCALARS_AFTER_TIME) miss[c] = mask & BIT_MASK[c]! ? figure(c, QUANTITY[c] === 1 ? unit : 1) : 0;
      for (const c of STANDING) raw[c] = before[c]! + miss[c]!;
      expectMoved(raw, before, moved);
      for (const c of MOVES) raw[c] = moved[c]! + miss[c]!;
    }
    const time = raw[0]!;
    if (before !== null && depthEveryMs > 0 && time - depthAt[ref]! < depthEveryMs) {
      // Carried: the depth last looked at, where it stood relative to the last price, and its totals.
      for (let o = DEPTH_COLUMN; o < COLUMN_COUNT; o++) raw[o] = before[o]!;
      raw[20] = before[20]!;
      raw[21] = before[21]!;
    } else {
      depthAt[ref] = time;
      const flag = s[S_DEPTH_FLAG]!.unsigned();
      if (flag === DEPTH_CODED) {
        decodeSide(s, raw, before, DEPTH_COLUMN, 0, unit, want, figure);
        decodeSide(s, raw, before, ASK_COLUMN, 1, unit, want, figure);
      } else if (flag === DEPTH_FOLLOWED && before) {
        for (let o = DEPTH_COLUMN; o < COLUMN_COUNT; o++) raw[o] = before[o]!;
      } else if (flag === DEPTH_STOOD) stoodDepth(raw, before);
      else throw new RangeError(`tape: row ${r} has depth flag ${flag}`);
      raw[20] = (mask & BIT_MASK[20]! ? figure(20, unit) : 0) + predictTotal(20, raw, before);
      raw[21] = (mask & BIT_MASK[21]! ? figure(21, unit) : 0) + predictTotal(21, raw, before);
    }
    this.ref = ref;
    this.before = before;
    this.prevRef = ref;
    this.lastTime = time;
    this.pending = true;
    return true;
  }

  take(): Float64Array {
    if (!this.pending) throw new Error("tape: a row taken before it was peeked");
    this.pending = false;
    let played = this.before;
    if (played) played.set(this.row);
    else played = this.chain.rows.add(this.row);
    if (++this.r === this.count) this.done();
    return played;
  }
}

function decodeSide(s: VarintReader[], raw: Float64Array, before: Float64Array | null, at: number, side: number, unit: number, want: number[], figure: (stream: number, unit: number) => number): void {
  const k = s[S_SHIFT + side]!.signed();
  if (k !== FOLLOWS && (k <= -TAPE_DEPTH || k >= TAPE_DEPTH)) throw new RangeError(`tape: a depth shift of ${k}`);
  const mask = s[S_LEVEL_MASK + side]!.unsigned();
  if (mask >= 1 << (TAPE_DEPTH * 3)) throw new RangeError(`tape: a level mask of ${mask}`);
  const ltp = raw[4]!;
  for (let l = 0; l < TAPE_DEPTH; l++) {
    const o = at + l * 3;
    const st = S_LEVEL + side * 15 + l * 3;
    const bits = mask >> (l * 3);
    expectLevel(raw, before, at, l, k, want);
    raw[o + 1] = (bits & 2 ? figure(st + 1, unit) : 0) + want[1]!;
    raw[o + 2] = (bits & 4 ? s[st + 2]!.signed() : 0) + want[2]!;
    raw[o] = filled(raw, o) ? (bits & 1 ? s[st]!.signed() : 0) + want[0]! - ltp : 0;
  }
}
