/**
 * The flight recorder's tick block (issue 35): a run of ticks laid out column by column, each
 * value stored as its change from the same instrument's previous tick in the block, as a
 * zigzag LEB128 varint. Ticks of one instrument change little from one to the next (the price
 * moves a tick or two, the depth moves with it, OI and the circuits stand still), so most
 * columns become runs of zeros and small numbers that the compressor then squeezes; the block is
 * compressed by the broker (node:zlib), this file stays pure so both sides share the layout.
 *
 * A block decodes on its own (every instrument's first tick in a block is a change from zero),
 * so a crash loses at most the block being filled and a replay can start at any block.
 *
 * Prices are integers in the feed's units (rupees x PriceDivisor, DESIGN.md section 5); depth
 * prices are stored relative to the tick's last price before the per-instrument change, so a
 * book that moves with the price costs nothing.
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
export const TAPE_VERSION = 1;

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

/**
 * The delta base of a column: columns 1 and 2 (exchange, token) name the instrument and are
 * stored as changes from the previous tick of the block (any instrument), since the next tick is
 * usually the next token; every other column is a change from the same instrument's last tick.
 */
const isIdentity = (col: number) => col === 1 || col === 2;

/**
 * What a column is expected to be, from the instrument's previous row (`before`, zeros for its
 * first) and the columns of this row to its left: the block stores the value less this. Most
 * columns expect no change; the ones the price and the trade decide expect what they decide,
 * so a figure that follows its rule costs a zero: the volume grows by the last quantity, the
 * day's and the week's high and low take in the last price, the OI's high and low take in the
 * OI, the last trade's time is the tick's own (seconds of the IST day).
 */
function predict(c: number, row: ArrayLike<number>, before: ArrayLike<number>): number {
  switch (c) {
    case 6: return before[6]! + row[5]!; // volume += lastQty
    case 8: case 14: return Math.max(before[c]!, row[4]!); // high, weekHigh
    case 9: case 15: return before[c]! === 0 ? row[4]! : Math.min(before[c]!, row[4]!); // low, weekLow
    case 17: return Math.max(before[17]!, row[16]!); // dayHighOI
    case 18: return before[18]! === 0 ? row[16]! : Math.min(before[18]!, row[16]!); // dayLowOI
    case 22: return Math.floor(((row[0]! + IST_OFFSET_MS) % 86_400_000) / 1000); // lastTradedTime
    default: return before[c]!;
  }
}

const IST_OFFSET_MS = 19_800_000;
/** The columns predict() has a rule for; the rest expect no change (a table lookup, not a call, on the hot path). */
const PREDICTED: readonly boolean[] = Array.from({ length: 64 }, (_, c) => [6, 8, 9, 14, 15, 17, 18, 22].includes(c));

/** Where the depth columns start in a raw row: per level, price (relative), quantity, orders; bids then asks. */
export const DEPTH_COLUMN = SCALAR_COLUMNS.length;

class VarintWriter {
  private buf = new Uint8Array(1 << 12);
  length = 0;
  private grow(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  /** Zigzag then LEB128, for any integer within 2^51 (arithmetic, not 32-bit shifts, past 2^30). */
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
 * reused row of raw column values (rawColumns' layout) per change. Each column's changes go to
 * the column's own buffer at once; finish() lays the columns end to end.
 */
export class TapeBlockBuilder {
  private readonly cols: VarintWriter[] = Array.from({ length: COLUMN_COUNT }, () => new VarintWriter());
  private readonly last = new Map<number, Float64Array>();
  private prevExchange = 0;
  private prevToken = 0;
  count = 0;
  firstTime = 0;
  lastTime = 0;

  /** Adds a row of raw values (COLUMN_COUNT long, the depth prices relative to the last price). */
  addRow(raw: ArrayLike<number>): void {
    for (let c = 0; c < COLUMN_COUNT; c++) {
      const v = raw[c]!;
      // Checked before anything is written, so a refused row leaves the block as it was.
      if (!(v <= MAX_TAPE_VALUE && v >= -MAX_TAPE_VALUE) || Math.floor(v) !== v) throw new RangeError(`tape: ${v} is not a whole number within 2^50 (instrument ${raw[1]}:${raw[2]})`);
    }
    const exchange = raw[1]!;
    const token = raw[2]!;
    const id = exchange * 4_294_967_296 + token;
    let before = this.last.get(id);
    const isNew = before === undefined;
    before ??= new Float64Array(COLUMN_COUNT);
    for (let c = 0; c < COLUMN_COUNT; c++) {
      const v = raw[c]!;
      if (c === 1) this.cols[1]!.signed(v - this.prevExchange);
      else if (c === 2) this.cols[2]!.signed(v - this.prevToken);
      else this.cols[c]!.signed(v - (PREDICTED[c] ? predict(c, raw, before) : before[c]!));
    }
    for (let c = 0; c < COLUMN_COUNT; c++) before[c] = raw[c]!;
    if (isNew) this.last.set(id, before);
    this.prevExchange = exchange;
    this.prevToken = token;
    if (this.count === 0) this.firstTime = raw[0]!;
    this.lastTime = raw[0]!;
    this.count++;
  }

  addTick(t: TapeTick): void {
    const raw = new Array<number>(COLUMN_COUNT);
    rawColumns(t, raw);
    this.addRow(raw);
  }

  finish(): Uint8Array {
    const head = new VarintWriter();
    head.signed(TAPE_VERSION);
    head.signed(this.count);
    let size = head.length;
    for (const c of this.cols) size += c.length;
    const out = new Uint8Array(size);
    out.set(head.view(), 0);
    let at = head.length;
    for (const c of this.cols) {
      out.set(c.view(), at);
      at += c.length;
    }
    return out;
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

const ZEROS: readonly number[] = new Array<number>(COLUMN_COUNT).fill(0);

class VarintReader {
  at = 0;
  constructor(private readonly buf: Uint8Array) {}
  signed(): number {
    let z = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.buf.length) throw new RangeError("tape: block ends inside a number");
      const b = this.buf[this.at++]!;
      z += (b & 127) * scale;
      if (b < 128) break;
      scale *= 128;
    }
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }
}

/** Decodes one block; throws a RangeError on a block that is cut short or of another version. */
export function decodeTicks(block: Uint8Array): TapeTick[] {
  const rd = new VarintReader(block);
  const version = rd.signed();
  if (version !== TAPE_VERSION) throw new RangeError(`tape: block version ${version}, expected ${TAPE_VERSION}`);
  const n = rd.signed();
  if (n < 0 || n > block.length) throw new RangeError(`tape: ${n} ticks cannot fit in ${block.length} bytes`);
  const cols: Float64Array[] = [];
  for (let c = 0; c < COLUMN_COUNT; c++) {
    const col = new Float64Array(n);
    for (let r = 0; r < n; r++) col[r] = rd.signed();
    cols.push(col);
  }
  const last = new Map<number, number[]>();
  const out: TapeTick[] = [];
  let prevIdentity = [0, 0];
  for (let r = 0; r < n; r++) {
    const exchange = prevIdentity[0]! + cols[1]![r]!;
    const token = prevIdentity[1]! + cols[2]![r]!;
    prevIdentity = [exchange, token];
    const id = exchange * 4_294_967_296 + token;
    const before = last.get(id);
    const raw = new Array<number>(COLUMN_COUNT);
    const base = before ?? ZEROS;
    // Left to right: a column's expectation reads only the columns before it (predict).
    for (let c = 0; c < COLUMN_COUNT; c++) raw[c] = isIdentity(c) ? (c === 1 ? exchange : token) : cols[c]![r]! + predict(c, raw, base);
    last.set(id, raw);
    out.push(fromRaw(raw));
  }
  return out;
}

function fromRaw(raw: number[]): TapeTick {
  const t = {} as Record<string, unknown>;
  SCALAR_COLUMNS.forEach((c, i) => (t[c] = raw[i]));
  const ltp = t.ltp as number;
  let i = SCALAR_COLUMNS.length;
  const side = (): TapeLevel[] => {
    const levels: TapeLevel[] = [];
    for (let l = 0; l < TAPE_DEPTH; l++) {
      const rel = raw[i++]!;
      const quantity = raw[i++]!;
      const orders = raw[i++]!;
      levels.push({ price: quantity === 0 && orders === 0 ? 0 : ltp + rel, quantity, orders });
    }
    return levels;
  };
  t.bids = side();
  t.asks = side();
  return t as unknown as TapeTick;
}
