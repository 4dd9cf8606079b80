import { PerformanceObserver } from "node:perf_hooks";
import { EXCHANGES } from "../../src/core/types/exchange";
import { decodeFrame, encodeMarketSnapshot, FrameReader, setDecodeLog, SNAPSHOT_OFFSET as O } from "../../src/core/frameCodec";
import { fmt, report } from "./util";

/**
 * Frames decoded per second on one core, into columns (one Float64Array per field, a slot per
 * instrument found from the frame's token, as a column store keeps them): the hot-path reader against a hand-written loop
 * doing the same reads with one DataView per received buffer, run in the same process, and the
 * plain-object decodeFrame for scale. Frames arrive as the wire hands them over: 50 to a buffer.
 * Allocation is counted as garbage collections during the timed rounds (a scavenge runs every
 * few MB allocated; no more than the hand-written loop's over millions of frames means nothing
 * allocated per frame: both count the one the measuring itself causes).
 */
const PER_BUFFER = 50;

function frames(n: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  let buffer = new Uint8Array(0);
  for (let i = 0; i < n; i++) {
    if (i % PER_BUFFER === 0) buffer = new Uint8Array(196 * PER_BUFFER);
    const p = 100_000 + i * 5;
    const lvl = (k: number) => ({ quantity: 100 + k, price: p - k * 5, numberOfOrders: 1 + k });
    const at = (i % PER_BUFFER) * 196;
    out.push(
      encodeMarketSnapshot(
        {
          exchange: EXCHANGES[i % EXCHANGES.length]!, token: i, lastRate: p, lastQty: 10, totalQty: 100000 + i, high: p + 500, low: p - 500, openRate: p - 100,
          pClose: p - 200, avgRate: p, bidQty: 100, bidRate: p - 5, offQty: 120, offRate: p + 5, tBidQ: 5000, tOffQ: 6000, priceDivisor: 100, lastTradedTime: 40000,
          bids: [0, 1, 2, 3, 4].map(lvl), asks: [0, 1, 2, 3, 4].map((k) => ({ ...lvl(k), price: p + 5 + k * 5 })), seq: i,
        },
        buffer.subarray(at, at + 196),
      ),
    );
  }
  return out;
}

const N = 10_000;
const col = () => new Float64Array(N);
const columns = { ltp: col(), pClose: col(), volume: col(), high: col(), low: col(), open: col(), bid: col(), ask: col(), seq: col() };

async function measure(label: string, list: Uint8Array[], fn: (f: Uint8Array) => void): Promise<number> {
  for (let r = 0; r < 20; r++) for (let i = 0; i < list.length; i++) fn(list[i]!); // warm-up
  let gcs = 0;
  const obs = new PerformanceObserver((l) => (gcs += l.getEntries().length));
  obs.observe({ entryTypes: ["gc"] });
  const rounds = 100;
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) for (let i = 0; i < list.length; i++) fn(list[i]!);
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 10)); // gc entries are delivered asynchronously
  obs.disconnect();
  const perSecond = (rounds * list.length) / (ms / 1000);
  console.log(`  ${label.padEnd(58)} ${fmt(perSecond, 0).padStart(12)} frames/s  (${fmt((ms * 1e6) / (rounds * list.length), 0)} ns/frame, ${gcs} GCs over ${fmt(rounds * list.length, 0)} frames)`);
  lastGcs = gcs;
  return perSecond;
}
let lastGcs = 0;

/** The baseline: one DataView per received buffer, reads at the frame's offset, straight into the columns. */
let handBuffer: ArrayBufferLike | null = null;
let handView: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(8));
function handWritten(bytes: Uint8Array): void {
  if (bytes.buffer !== handBuffer) {
    handBuffer = bytes.buffer;
    handView = new DataView(bytes.buffer);
  }
  const v = handView;
  const at = bytes.byteOffset;
  if (bytes.byteLength !== 196 || v.getUint8(at) !== 1 || v.getUint8(at + 1) >= EXCHANGES.length) return;
  // The instrument's column slot comes from the frame, as any decoder must find it (tokens here are 0..N-1).
  const slot = v.getInt32(at + 4, true);
  const d = v.getInt32(at + O.priceDivisor, true);
  columns.ltp[slot] = v.getInt32(at + O.lastRate, true) / d;
  columns.pClose[slot] = v.getInt32(at + O.pClose, true) / d;
  columns.volume[slot] = v.getUint32(at + O.totalQty, true);
  columns.high[slot] = v.getInt32(at + O.high, true) / d;
  columns.low[slot] = v.getInt32(at + O.low, true) / d;
  columns.open[slot] = v.getInt32(at + O.openRate, true) / d;
  columns.bid[slot] = v.getInt32(at + O.bidRate, true) / d;
  columns.ask[slot] = v.getInt32(at + O.offRate, true) / d;
  columns.seq[slot] = v.getUint32(at + O.seq, true);
}

const reader = new FrameReader();
function hotPath(bytes: Uint8Array): void {
  const r = reader;
  if (!r.open(bytes) || r.kind !== 1) return;
  const slot = r.token;
  const d = r.i32(O.priceDivisor);
  columns.ltp[slot] = r.i32(O.lastRate) / d;
  columns.pClose[slot] = r.i32(O.pClose) / d;
  columns.volume[slot] = r.u32(O.totalQty);
  columns.high[slot] = r.i32(O.high) / d;
  columns.low[slot] = r.i32(O.low) / d;
  columns.open[slot] = r.i32(O.openRate) / d;
  columns.bid[slot] = r.i32(O.bidRate) / d;
  columns.ask[slot] = r.i32(O.offRate) / d;
  columns.seq[slot] = r.u32(O.seq);
}

export async function run(): Promise<void> {
  setDecodeLog(() => {});
  const list = frames(N);
  console.log(`feed decode (196-byte market snapshots, ${PER_BUFFER} to a received buffer, one core)`);
  // Interleaved five times, best of each: on a shared machine a round can lose its core.
  const hot: number[] = [];
  const hand: number[] = [];
  let hotGcs = 0;
  let handGcs = 0;
  for (let k = 0; k < 5; k++) {
    hand.push(await measure("baseline: hand-written DataView-to-columns loop", list, handWritten));
    handGcs += lastGcs;
    hot.push(await measure("hot path: the codec's reader into the same columns", list, hotPath));
    hotGcs += lastGcs;
  }
  await measure("for scale: decodeFrame into a plain object (+depth)", list, (bytes) => void decodeFrame(bytes));
  const best = (xs: number[]) => Math.max(...xs);
  const share = best(hot) / best(hand);
  console.log(`  hot path at ${fmt(share * 100, 0)} % of the hand-written loop (best of five each)`);
  report("decode", { figure: `${fmt(best(hot) / 1e6, 1)} M frames/s, ${hotGcs} GCs in ${fmt(500 * N, 0)} frames (hand-written loop ${handGcs})`, meets: share >= 0.9 && hotGcs <= handGcs, ratio: `${fmt(share * 100, 0)} % of the hand-written loop` });
}
