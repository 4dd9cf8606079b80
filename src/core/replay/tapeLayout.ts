/**
 * The flight recorder's tape layout (issue 35), shared by the writer and every version of the
 * reader: a tick's figures as one row of raw columns, what each figure is expected to be from the
 * instrument's previous row (a figure that follows its rule costs a zero), the depth's shift and
 * level expectations, and where a chain of blocks stands. tapeCodec.ts codes blocks (version 3);
 * tapeCodecV2.ts reads the blocks of tapes written before it.
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

/** Whether a figure can go on the tape: a whole number within MAX_TAPE_VALUE (NaN and the infinities cannot). */
export const isWholeInRange = (v: number): boolean => v <= MAX_TAPE_VALUE && v >= -MAX_TAPE_VALUE && Math.floor(v) === v;

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
export const ASK_COLUMN = DEPTH_COLUMN + TAPE_DEPTH * 3;

/** The scalar columns in the order they are coded: a column's expectation reads only those before it (volume before the last quantity, the totals after the depth). */
export const SCALAR_ORDER = [0, 3, 4, 6, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 22, 23] as const;
const IST_OFFSET_MS = 19_800_000;

/**
 * The second of the IST day of a time in ms (the last trade time's expectation). The last time
 * asked is remembered: a step's rows share their time, and the floating-point remainder is a call
 * into the runtime.
 */
let istTime = NaN;
let istAt = 0;
function istSecond(time: number): number {
  if (time !== istTime) {
    istAt = Math.floor(((time + IST_OFFSET_MS) % 86_400_000) / 1000);
    istTime = time;
  }
  return istAt;
}

/** A prediction kept a whole number within the tape's range, so a change from it stays a safe integer. */
const bounded = (v: number): number => (v > MAX_TAPE_VALUE ? MAX_TAPE_VALUE : v < -MAX_TAPE_VALUE ? -MAX_TAPE_VALUE : Math.round(v));

/**
 * What a scalar column is expected to be, from the instrument's previous row in the block
 * (`before`, null for its first) and the columns of this row already coded: the block stores the
 * value less this, so a figure that follows its rule costs a zero. After a first row, a column
 * stands at its previous figure (STANDS) or follows expectMoved's rule. An instrument's first row
 * expects its prices at its last price, so a block's first rows stay short.
 */
export function predict(c: number, row: ArrayLike<number>, before: ArrayLike<number> | null, prevTime: number): number {
  if (before === null) {
    if (c === 0) return prevTime;
    if (c >= 7 && c <= 15) return row[4]!;
    if (c === 17 || c === 18 || c === 19) return row[16]!;
    if (c === 22) return istSecond(row[0]!);
    if (c === 23) return 100;
    return 0;
  }
  if (STANDS[c] === 1) return before[c]!;
  // Each rule reads only columns coded before its own (SCALAR_ORDER), so the one asked for is right whatever the others read.
  expectMoved(row, before, scratch);
  return scratch[c]!;
}

/**
 * The scalar columns that are expected to move after an instrument's first row (expectMoved); the
 * rest stand at the previous row's figure (the volume, the last price and the OI among them: a
 * decoder has those before it works these out).
 */
export const MOVES = [3, 5, 8, 9, 11, 14, 15, 17, 18, 22] as const;
export const STANDS = new Uint8Array(24).fill(1);
for (const c of MOVES) STANDS[c] = 0;
const scratch = new Float64Array(24);

/**
 * The columns that move (MOVES), as expected after an instrument's first row, into `out` by
 * column, all at once (a replay at 100× decodes 1.4 million rows a second: no call per column).
 * The sequence number is one on; the last quantity is what the volume grew by (or stands when it
 * did not grow); the average price takes in that quantity at the last price; highs and lows take
 * in the last price (a low of 0 is none yet), the OI's in the OI; the last trade's time is the
 * tick's own, in seconds of the IST day. Reads this row's time, last price, volume and OI.
 */
export function expectMoved(row: ArrayLike<number>, before: ArrayLike<number>, out: Float64Array): void {
  const ltp = row[4]!;
  const volume = row[6]!;
  const oi = row[16]!;
  const grew = volume - before[6]!;
  out[3] = before[3]! + 1;
  out[5] = grew > 0 ? bounded(grew) : before[5]!;
  out[8] = Math.max(before[8]!, ltp);
  out[9] = before[9]! === 0 ? ltp : Math.min(before[9]!, ltp);
  out[11] = grew > 0 && volume > 0 ? bounded((before[11]! * before[6]! + ltp * grew) / volume) : before[11]!;
  out[14] = Math.max(before[14]!, ltp);
  out[15] = before[15]! === 0 ? ltp : Math.min(before[15]!, ltp);
  out[17] = Math.max(before[17]!, oi);
  out[18] = before[18]! === 0 ? oi : Math.min(before[18]!, oi);
  out[22] = istSecond(row[0]!);
}

/** The book's totals are expected to move by what its five levels moved by (the depth beyond them stands). */
export function predictTotal(c: number, row: ArrayLike<number>, before: ArrayLike<number> | null): number {
  const at = c === 20 ? DEPTH_COLUMN : ASK_COLUMN;
  let sum = 0;
  for (let l = 0; l < TAPE_DEPTH; l++) sum += row[at + l * 3 + 1]! - (before ? before[at + l * 3 + 1]! : 0);
  return totalAfter(c, before, sum);
}

/** predictTotal's rule, given what the side's five quantities moved by (summed level by level, as predictTotal sums them). */
export const totalAfter = (c: number, before: ArrayLike<number> | null, moved: number): number => bounded((before ? before[c]! : 0) + moved);

export const filled = (r: ArrayLike<number>, at: number): boolean => r[at + 1] !== 0 || r[at + 2] !== 0;

/** The depth flag: 0 the levels stood (absolute prices), 1 coded level by level, 2 stood relative to the last price. */
export const DEPTH_STOOD = 0;
/** A row whose depth stood (flag DEPTH_STOOD): the previous row's levels at their prices, relative to this row's last price; a first row's are empty. */
export function stoodDepth(raw: Float64Array, before: Float64Array | null): void {
  if (!before) {
    raw.fill(0, DEPTH_COLUMN);
    return;
  }
  for (let o = DEPTH_COLUMN; o < COLUMN_COUNT; o += 3) {
    raw[o + 1] = before[o + 1]!;
    raw[o + 2] = before[o + 2]!;
    raw[o] = filled(before, o) ? before[o]! + before[4]! - raw[4]! : 0;
  }
}
export const DEPTH_CODED = 1;
export const DEPTH_FOLLOWED = 2;

/** lookAtDepth's answer: every depth figure is a whole number within MAX_TAPE_VALUE. */
export const LOOK_WHOLE = 1;
/** The ten levels are the row before's: the same quantities and orders, a filled level at the same absolute price (the last price may have moved; a first row's levels are all empty). */
export const LOOK_STOOD = 2;
/** The ten levels stand where the row before's stood relative to its last price: every depth column the same (a ladder that followed the price). */
export const LOOK_FOLLOWED = 4;
/** A side's five levels are the row before's relative to the last price (LOOK_SIDE << side): a side the price carried and nothing else moved. */
export const LOOK_SIDE = 8;

/**
 * One pass over a row's ten levels against the row before's (null for a first row), for the
 * encoder: the LOOK_ bits that hold, and into `moved` what each side's quantities moved by
 * (predictTotal's sum, summed in its order, so the totals come out the same to the last bit). The
 * recorder looks at an instrument's depth once a second; one pass instead of four (the range check,
 * the two totals and the two comparisons) took 8 % off the coding.
 */
export function lookAtDepth(row: ArrayLike<number>, before: ArrayLike<number> | null, moved: Float64Array): number {
  const ltp = row[4]!;
  const was = before === null ? 0 : before[4]!;
  let whole = true;
  let stood = true;
  let followed = before !== null;
  let sides = 0;
  for (let side = 0, at = DEPTH_COLUMN; side < 2; side++) {
    let sum = 0;
    let same = before !== null;
    for (let l = 0; l < TAPE_DEPTH; l++, at += 3) {
      const p = row[at]!;
      const q = row[at + 1]!;
      const n = row[at + 2]!;
      // A whole number within 32 bits is the usual figure: one comparison each; anything else takes the full test.
      if (!((p | 0) === p && (q | 0) === q && (n | 0) === n) && !(isWholeInRange(p) && isWholeInRange(q) && isWholeInRange(n))) whole = false;
      const isFilled = q !== 0 || n !== 0; // filled(row, at), from the figures already read
      if (before === null) {
        sum += q;
        if (isFilled) stood = false;
        continue;
      }
      const bp = before[at]!;
      const bq = before[at + 1]!;
      const bn = before[at + 2]!;
      sum += q - bq;
      if (q !== bq || n !== bn) stood = followed = same = false;
      else {
        if (p !== bp) followed = same = false;
        if (isFilled && p + ltp !== bp + was) stood = false;
      }
    }
    moved[side] = sum;
    if (same) sides |= LOOK_SIDE << side;
  }
  return (whole ? LOOK_WHOLE : 0) | (stood ? LOOK_STOOD : 0) | (followed ? LOOK_FOLLOWED : 0) | sides;
}

/**
 * How far one side's levels moved through the book: k > 0 when the best k levels went (traded
 * through or pulled), k < 0 when -k new levels came in front. Found by the best price, so a book
 * that keeps its levels while the price moves costs one small number; its levels then code as
 * changes from the level they were at before (mostly zeros). Null when no level kept its price.
 */
export function shiftOf(row: ArrayLike<number>, before: ArrayLike<number>, at: number): number | null {
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
export const FOLLOWS = TAPE_DEPTH;

/**
 * What level `l` of a side (`at`) is expected to be under shift code `k`: [price (absolute),
 * quantity, orders], the price NaN for a level expected empty. `row` holds this row's levels
 * before l (a new level is expected next to the one in front of it, or at the last price).
 */
export function expectLevel(row: ArrayLike<number>, before: ArrayLike<number> | null, at: number, l: number, k: number, out: number[]): void {
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


/**
 * A side's level figures less what shift code `k` expects, into `d` (per level: price, quantity,
 * orders; an empty level's price 0), and the mask of those that missed (bit l*3 + figure). The
 * encoder takes the code that misses fewer.
 */
export function levelMisses(row: ArrayLike<number>, before: ArrayLike<number> | null, at: number, k: number, d: Float64Array): number {
  const ltp = row[4]!;
  const was = before === null ? 0 : before[4]!;
  const follows = k === FOLLOWS;
  let mask = 0;
  for (let l = 0, o = at, b = 1; l < TAPE_DEPTH; l++, o += 3, b <<= 3) {
    // expectLevel's rule (the decoder's), worked out in place: an out array and a call per level took
    // about a third of this function's time. The round-trip tests hold the two to the same rule.
    const m = follows ? l : l + k;
    const from = at + m * 3;
    let wp: number;
    let wq = 0;
    let wn = 0;
    if (before !== null && m >= 0 && m < TAPE_DEPTH && (before[from + 1] !== 0 || before[from + 2] !== 0)) {
      wp = follows ? before[from]! + ltp : before[from]! + was;
      wq = before[from + 1]!;
      wn = before[from + 2]!;
    } else wp = l > 0 && (row[o - 2] !== 0 || row[o - 1] !== 0) ? row[o - 3]! + ltp : ltp;
    const q = row[o + 1]!;
    const n = row[o + 2]!;
    const dp = (d[l * 3] = q !== 0 || n !== 0 ? row[o]! + ltp - wp : 0);
    const dq = (d[l * 3 + 1] = q - wq);
    const dn = (d[l * 3 + 2] = n - wn);
    if (dp !== 0) mask |= b;
    if (dq !== 0) mask |= b << 1;
    if (dn !== 0) mask |= b << 2;
  }
  return mask;
}

export class VarintReader {
  constructor(
    private readonly buf: Uint8Array,
    public at: number,
    private readonly end: number,
  ) {}
  /** An LEB128 varint with no zigzag (the masks). */
  unsigned(): number {
    let z = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.end) throw new RangeError("tape: block ends inside a number");
      const b = this.buf[this.at++]!;
      z += (b & 127) * scale;
      if (b < 128) return z;
      scale *= 128;
    }
  }
  /** A zigzag LEB128 varint. */
  signed(): number {
    const z = this.unsigned();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }
}

/**
 * The chain's instruments in a ring, in the order they came: an instrument is named by how many
 * places past the one after the last it is (ticks come in much the same order every step, and an
 * instrument that did not change this step is one place skipped, not a jump to its number). A new
 * instrument goes in after the one before it; one found far from its place (the order changed: a
 * new watch) is moved there.
 */
export class RefRing {
  private readonly next: number[] = [];
  private readonly prev: number[] = [];
  /** Places past `after`'s successor that `ref` is, or -1 beyond `limit`. */
  hops(after: number, ref: number, limit: number): number {
    let at = this.next[after]!;
    for (let h = 0; h < limit; h++) {
      if (at === ref) return h;
      at = this.next[at]!;
    }
    return -1;
  }
  /** The instrument `h` places past `after`'s successor. */
  walk(after: number, h: number): number {
    let at = this.next[after]!;
    while (h-- > 0) at = this.next[at]!;
    return at;
  }
  /** Puts `ref` (new, or taken from its place) after `after` (-1: the ring is empty). */
  place(ref: number, after: number): void {
    if (ref === after) return;
    if (this.next[ref] !== undefined) {
      const p = this.prev[ref]!;
      const n = this.next[ref]!;
      this.next[p] = n;
      this.prev[n] = p;
    }
    if (after < 0) {
      this.next[ref] = this.prev[ref] = ref;
      return;
    }
    const n = this.next[after]!;
    this.next[after] = ref;
    this.prev[ref] = after;
    this.next[ref] = n;
    this.prev[n] = ref;
  }
}

/**
 * Instruments' references by exchange and token, in open addressing over typed arrays. A Map keyed
 * by token was an eighth of the coder's time: most F&O tokens are above 2^30, so each key was a
 * heap number, hashed as one.
 */
export class RefTable {
  /** Per slot: exchange (-1 empty), token, reference; one probe reads one cache line (the broker's loop keeps little in the cache). */
  private slots = new Float64Array(3 * 1024).fill(-1);
  private size = 0;
  private shift = 22;
  private slot(exchange: number, token: number): number {
    // Fibonacci hashing of the token's low 32 bits mixed with the exchange; the top bits index the table.
    return Math.imul((token | 0) ^ Math.imul(exchange + 1, 0x27d4eb2d), 0x9e3779b1) >>> this.shift;
  }
  /** The instrument's reference, or -1. */
  get(exchange: number, token: number): number {
    const slots = this.slots;
    const mask = slots.length / 3 - 1;
    for (let i = this.slot(exchange, token); ; i = (i + 1) & mask) {
      const e = slots[i * 3]!;
      if (e === -1) return -1;
      if (e === exchange && slots[i * 3 + 1] === token) return slots[i * 3 + 2]!;
    }
  }
  /** Adds an instrument not in the table. */
  add(exchange: number, token: number, ref: number): void {
    if ((this.size + 1) * 2 > this.slots.length / 3) this.grow();
    const slots = this.slots;
    const mask = slots.length / 3 - 1;
    let i = this.slot(exchange, token);
    while (slots[i * 3] !== -1) i = (i + 1) & mask;
    slots[i * 3] = exchange;
    slots[i * 3 + 1] = token;
    slots[i * 3 + 2] = ref;
    this.size++;
  }
  private grow(): void {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2).fill(-1);
    this.shift--;
    this.size = 0;
    for (let i = 0; i < old.length; i += 3) if (old[i] !== -1) this.add(old[i]!, old[i + 1]!, old[i + 2]!);
  }
}

/**
 * Each instrument's last row, by reference, end to end in one buffer (the rows are views into it):
 * an instrument's row sits beside the one that came after it, so coding or decoding a step's
 * changes walks memory in order instead of chasing an allocation per instrument (the recorder's
 * cost in the broker's loop fell by about a third). The buffer doubles when full; a row handed out
 * before stays right as of then, and the next `add` or `at` answers the new view.
 */
export class RowStore {
  readonly rows: Float64Array[] = [];
  private store = new Float64Array(COLUMN_COUNT * 1024);
  get length(): number {
    return this.rows.length;
  }
  /** A new row, after the last, holding `raw`. */
  add(raw: ArrayLike<number>): Float64Array {
    const ref = this.rows.length;
    if ((ref + 1) * COLUMN_COUNT > this.store.length) {
      const bigger = new Float64Array(this.store.length * 2);
      bigger.set(this.store);
      this.store = bigger;
      for (let r = 0; r < ref; r++) this.rows[r] = bigger.subarray(r * COLUMN_COUNT, (r + 1) * COLUMN_COUNT);
    }
    const row = this.store.subarray(ref * COLUMN_COUNT, (ref + 1) * COLUMN_COUNT);
    row.set(raw);
    this.rows.push(row);
    return row;
  }
}

/** Where a chain of blocks stands after the blocks read so far: each instrument's last row, its quantity unit and when its depth was last looked at. */
export class TapeChain {
  /** Each instrument's last row, by reference. A new chain takes a new store: a player may still hold the old chain's rows as its instruments' last states. */
  rows = new RowStore();
  /** Each instrument's quantity unit (its lot), by reference (version 3). */
  units: number[] = [];
  /** Broker time each instrument's depth was last coded or found standing, by reference (version 3). */
  depthAt: number[] = [];
  /** The instruments' ring, in the order they last came (version 3, tapeCodec.ts's RefRing). */
  ring = new RefRing();
  prevRef = -1;
  newExchange = 0;
  newToken = 0;
  lastTime = 0;
  blocks = 0;
  /** The version of the chain's blocks: a block carries on only from one of its own version. */
  version = 0;
  restart(): void {
    this.rows = new RowStore();
    this.units = [];
    this.depthAt = [];
    this.ring = new RefRing();
    this.prevRef = -1;
    this.newExchange = this.newToken = this.lastTime = 0;
  }
}

/** Row `r` of an array of rows (rawColumns' layout, end to end) as a tick. */
export function tickOfRow(rows: Float64Array, r: number): TapeTick {
  return fromRaw(rows.subarray(r * COLUMN_COUNT, (r + 1) * COLUMN_COUNT));
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
export function fromRaw(raw: ArrayLike<number>): TapeTick {
  const ltp = raw[4]!;
  return {
    time: raw[0]!, exchange: raw[1]!, token: raw[2]!, seq: raw[3]!, ltp, lastQty: raw[5]!, volume: raw[6]!, open: raw[7]!, high: raw[8]!, low: raw[9]!,
    pClose: raw[10]!, avgPrice: raw[11]!, upperCircuit: raw[12]!, lowerCircuit: raw[13]!, weekHigh: raw[14]!, weekLow: raw[15]!, openInterest: raw[16]!,
    dayHighOI: raw[17]!, dayLowOI: raw[18]!, previousOI: raw[19]!, totalBuyQty: raw[20]!, totalSellQty: raw[21]!, lastTradedTime: raw[22]!, priceDivisor: raw[23]!,
    bids: levelsOf(raw, DEPTH_COLUMN, ltp),
    asks: levelsOf(raw, ASK_COLUMN, ltp),
  };
}
