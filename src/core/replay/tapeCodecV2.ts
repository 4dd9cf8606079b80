import {
  ASK_COLUMN, COLUMN_COUNT, DEPTH_CODED, DEPTH_COLUMN, DEPTH_FOLLOWED, DEPTH_STOOD, expectLevel, filled, FOLLOWS, predict, predictTotal, SCALAR_ORDER,
  stoodDepth, TAPE_DEPTH, type TapeChain, VarintReader,
} from "./tapeLayout.js";

/**
 * The reader of version-2 tape blocks (issue 35), kept so the days recorded before version 3
 * (tapeCodec.ts) still replay; nothing writes version 2 any more. A version-2 block codes every
 * figure of every row, zero or not, and a depth flag on every row; the streams are the scalar
 * columns by raw index (1 and 2: the instrument reference and a new instrument's exchange), then
 * the new instrument's token, the depth flag, each side's shift and, per side and level, price,
 * quantity and orders.
 */
const S_REF = 1;
const S_NEW_EXCHANGE = 2;
const S_NEW_TOKEN = DEPTH_COLUMN;
const S_DEPTH_FLAG = DEPTH_COLUMN + 1;
const S_SHIFT = DEPTH_COLUMN + 2;
const S_LEVEL = DEPTH_COLUMN + 4;
const STREAM_COUNT_V2 = S_LEVEL + TAPE_DEPTH * 2 * 3;

/** Decodes a version-2 block whose head (version and key flag) `head` has read, carrying on from `chain`. */
export function decodeRowsV2(block: Uint8Array, head: VarintReader, chain: TapeChain): Float64Array {
  const n = head.signed();
  // Every row writes at least one byte to each of 24 streams (its reference, 20 scalars, the depth flag, the two totals).
  if (n < 0 || n * 24 > block.length) throw new RangeError(`tape: ${n} ticks cannot fit in ${block.length} bytes`);
  const lengths: number[] = [];
  for (let i = 0; i < STREAM_COUNT_V2; i++) lengths.push(head.signed());
  const s: VarintReader[] = [];
  let at = head.at;
  for (const len of lengths) {
    if (len < 0 || at + len > block.length) throw new RangeError("tape: a stream runs past the block's end");
    s.push(new VarintReader(block, at, at + len));
    at += len;
  }
  const rows = chain.rows;
  const kept = rows.rows;
  const out = new Float64Array(n * COLUMN_COUNT);
  let { prevRef, newExchange, newToken, lastTime } = chain;
  for (let r = 0; r < n; r++) {
    const ref = prevRef + 1 + s[S_REF]!.signed();
    if (ref < 0 || ref > rows.length) throw new RangeError(`tape: row ${r} names instrument ${ref} of ${rows.length}`);
    const before = ref < rows.length ? kept[ref]! : null;
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
    } else if (flag === DEPTH_STOOD) stoodDepth(raw, before);
    else throw new RangeError(`tape: row ${r} has depth flag ${flag}`);
    raw[20] = s[20]!.signed() + predictTotal(20, raw, before);
    raw[21] = s[21]!.signed() + predictTotal(21, raw, before);
    if (before) before.set(raw);
    else rows.add(raw);
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
