import { PerformanceObserver } from "node:perf_hooks";
import { EXCHANGES } from "../../src/core/types/exchange";
import { decodeFrame, encodeMarketSnapshot, setDecodeLog, SNAPSHOT_OFFSET as O } from "../../src/core/frameCodec";
import { QUOTE_COLUMN as C, QUOTE_STRIDE, QuoteStore } from "../../src/feed/quoteStore";
import { fmt, report, stats } from "./util";

/**
 * Frames decoded per second on one core by the decoder the app runs: QuoteStore.applyFrame, which
 * the feed session calls for every frame off the socket (header check, the instrument's column
 * slot, the ordering rule, the market-watch fields into the column store, the slot marked for the
 * next flush). Against it, a hand-written loop doing the same work inline with one DataView per
 * received buffer: the same checks, the same fields into the same column layout, the same
 * ordering rule and bookkeeping; and the plain-object decodeFrame for scale. Frames arrive as the
 * wire hands them over: 50 to a buffer, 10,000 instruments over the ten exchanges. Every round
 * carries the next sequence number (rewritten between rounds, untimed) so every frame is applied,
 * none dropped as a repeat; each round ends with a flush (untimed), as an animation frame would.
 * Allocation is counted as garbage collections during the timed rounds (a scavenge runs every
 * few MB allocated; no more than the hand-written loop's over millions of frames means nothing
 * allocated per frame: both count the ones the measuring itself causes).
 */
const PER_BUFFER = 50;
const N = 10_000;
/** The instrument whose values the two loops must agree on after the run (frame i is token i on exchange i mod 10). */
const CHECKED = { exchange: EXCHANGES[1234 % EXCHANGES.length]!, token: 1234 };

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
          bids: [0, 1, 2, 3, 4].map(lvl), asks: [0, 1, 2, 3, 4].map((k) => ({ ...lvl(k), price: p + 5 + k * 5 })), seq: 0,
        },
        buffer.subarray(at, at + 196),
      ),
    );
  }
  return out;
}

/** The next round's sequence number into every frame (one counter for all loops, so each sees it rise). */
let round = 0;
let views: DataView[] = [];
function nextRound(list: Uint8Array[]): void {
  round++;
  if (views.length !== list.length) views = list.map((f) => new DataView(f.buffer, f.byteOffset, f.byteLength));
  for (const v of views) v.setUint32(O.seq, round, true);
}

interface Decoder {
  label: string;
  apply(bytes: Uint8Array): unknown;
  /** The end of an animation frame (untimed). */
  flush(): void;
  /** What the decoder holds for one instrument, to check the loops wrote the same values. */
  check(): string;
}

let lastGcs = 0;
/** Frames per CPU-second of each timed round (a round is the whole list once). */
async function measure(d: Decoder, list: Uint8Array[]): Promise<number[]> {
  for (let r = 0; r < 20; r++) {
    nextRound(list);
    for (let i = 0; i < list.length; i++) d.apply(list[i]!); // warm-up
    d.flush();
  }
  let gcs = 0;
  const obs = new PerformanceObserver((l) => (gcs += l.getEntries().length));
  obs.observe({ entryTypes: ["gc"] });
  const rounds = 100;
  let ms = 0;
  let cpuUs = 0;
  const perRound: number[] = [];
  for (let r = 0; r < rounds; r++) {
    nextRound(list);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < list.length; i++) d.apply(list[i]!);
    ms += performance.now() - t0;
    const c = process.cpuUsage(c0);
    cpuUs += c.user + c.system;
    perRound.push(list.length / ((c.user + c.system) / 1e6));
    d.flush();
  }
  await new Promise((r) => setTimeout(r, 10)); // gc entries are delivered asynchronously
  obs.disconnect();
  // On a shared machine wall time includes waiting for a core: the rate is per CPU-second of this process.
  const n = rounds * list.length;
  const perSecond = n / (cpuUs / 1e6);
  console.log(`  ${d.label.padEnd(58)} ${fmt(perSecond, 0).padStart(12)} frames/CPU-s  (${fmt((cpuUs * 1e3) / n, 0)} ns CPU, ${fmt((ms * 1e6) / n, 0)} ns wall per frame, ${gcs} GCs over ${fmt(n, 0)} frames)`);
  lastGcs = gcs;
  return perRound;
}

/** The app's decoder: the quote store the feed session feeds, flushed by the bench instead of an animation frame. */
function realDecoder(): Decoder {
  let flush: (() => void) | null = null;
  const store = new QuoteStore((fn) => (flush = fn));
  return {
    label: "hot path: QuoteStore.applyFrame (the app's decoder)",
    apply: (bytes) => store.applyFrame(bytes),
    flush: () => (flush as (() => void) | null)?.(),
    check: () => {
      const q = store.quote(CHECKED.exchange, CHECKED.token).peek();
      return `${q.LastRate} ${q.PClose} ${q.c} ${q.chg} ${q.pchg} ${q.volume} ${q.o} ${q.h} ${q.l} ${store.newestFrameAt !== undefined}`;
    },
  };
}

/**
 * The baseline, written by hand: one DataView per received buffer, reads at the frame's offsets,
 * the same header checks, the slot from the exchange's token map, the ordering rule of
 * core/rules/feedEpoch inline, the same fields into the same column layout, the arrival time, the
 * slot marked once for the flush and the flush scheduled once.
 */
function handWritten(): Decoder {
  let buffer: ArrayBufferLike | null = null;
  let view: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(8));
  const slots = EXCHANGES.map(() => new Map<number, number>());
  let count = 0;
  const values = new Float64Array(QUOTE_STRIDE * N);
  const epochs = new Float64Array(N).fill(-1);
  const seqs = new Float64Array(N);
  const tickAt = new Float64Array(N);
  const ticked = new Uint8Array(N);
  /** Whether a depth view asked for the instrument (none here): the store decodes the depth only then. */
  const depthWanted = new Uint8Array(N);
  const dirty = new Uint8Array(N);
  const dirtyList = new Int32Array(N);
  let dirtyCount = 0;
  let scheduled = false;
  const epoch = 0;
  let newest = 0;
  const stats = { frames: 0, dropped: 0, gaps: 0 };
  const apply = (bytes: Uint8Array): boolean => {
    const len = bytes.byteLength;
    if (len < 8) return false;
    if (bytes.buffer !== buffer) {
      buffer = bytes.buffer;
      view = new DataView(bytes.buffer);
    }
    const v = view;
    const at = bytes.byteOffset;
    const ex = v.getUint8(at + 1);
    if (v.getUint8(at) !== 1 || ex >= EXCHANGES.length || len !== 196) return false;
    const token = v.getInt32(at + 4, true);
    const byToken = slots[ex]!;
    let slot = byToken.get(token);
    if (slot === undefined) byToken.set(token, (slot = count++));
    const now = Date.now();
    newest = now;
    const seq = v.getUint32(at + O.seq, true);
    const last = epochs[slot]!;
    if (last === epoch) {
      const lastSeq = seqs[slot]!;
      if (seq === lastSeq) {
        stats.dropped++;
        return false;
      }
      if (seq > lastSeq + 1) stats.gaps++;
    } else if (last > epoch) {
      stats.dropped++;
      return false;
    }
    epochs[slot] = epoch;
    seqs[slot] = seq;
    tickAt[slot] = now;
    ticked[slot] = 1;
    const d = v.getInt32(at + O.priceDivisor, true) || 1;
    const ltp = v.getInt32(at + O.lastRate, true) / d;
    const pClose = v.getInt32(at + O.pClose, true) / d;
    const chg = ltp - pClose;
    const base = slot * QUOTE_STRIDE;
    values[base + C.LastRate] = ltp;
    values[base + C.PClose] = pClose;
    values[base + C.c] = pClose;
    values[base + C.chg] = chg;
    values[base + C.pchg] = pClose !== 0 ? (chg / pClose) * 100 : chg === 0 ? 0 : chg > 0 ? Infinity : -Infinity;
    values[base + C.volume] = v.getUint32(at + O.totalQty, true);
    values[base + C.o] = v.getInt32(at + O.openRate, true) / d;
    values[base + C.h] = v.getInt32(at + O.high, true) / d;
    values[base + C.l] = v.getInt32(at + O.low, true) / d;
    if (depthWanted[slot] === 1) throw new Error("no depth view in this bench");
    if (dirty[slot] === 0) {
      dirty[slot] = 1;
      dirtyList[dirtyCount++] = slot;
    }
    stats.frames++;
    if (!scheduled) scheduled = true;
    return true;
  };
  return {
    label: "baseline: hand-written DataView-to-columns loop",
    apply,
    flush: () => {
      for (let k = 0; k < dirtyCount; k++) {
        dirty[dirtyList[k]!] = 0;
        ticked[dirtyList[k]!] = 0;
      }
      dirtyCount = 0;
      scheduled = false;
    },
    check: () => {
      const s = slots[EXCHANGES.indexOf(CHECKED.exchange)]!.get(CHECKED.token)!;
      const b = s * QUOTE_STRIDE;
      const at = (c: number) => values[b + c];
      return `${at(C.LastRate)} ${at(C.PClose)} ${at(C.c)} ${at(C.chg)} ${at(C.pchg)} ${at(C.volume)} ${at(C.o)} ${at(C.h)} ${at(C.l)} ${newest > 0}`;
    },
  };
}

export async function run(): Promise<void> {
  setDecodeLog(() => {});
  const list = frames(N);
  console.log(`feed decode (196-byte market snapshots, ${PER_BUFFER} to a received buffer, ${fmt(N, 0)} instruments, one core)`);
  const hot = realDecoder();
  const hand = handWritten();
  // Interleaved five times, 100 rounds each; the figure is the best round of each (a round is
  // 10,000 frames, about 2 ms): on a shared machine a round can lose its core or its cache.
  const hots: number[] = [];
  const hands: number[] = [];
  let hotGcs = 0;
  let handGcs = 0;
  for (let k = 0; k < 5; k++) {
    hands.push(...(await measure(hand, list)));
    handGcs += lastGcs;
    hots.push(...(await measure(hot, list)));
    hotGcs += lastGcs;
  }
  if (hot.check() !== hand.check()) throw new Error(`the loops disagree: ${hot.check()} against ${hand.check()}`);
  await measure({ label: "for scale: decodeFrame into a plain object (+depth)", apply: decodeFrame, flush: () => {}, check: () => "" }, list);
  const best = (xs: number[]) => Math.max(...xs);
  const share = best(hots) / best(hands);
  const medianShare = stats(hots).median / stats(hands).median;
  console.log(`  hot path at ${fmt(share * 100, 0)} % of the hand-written loop (best round of 500 each; ${fmt(medianShare * 100, 0)} % median round to median round)`);
  report("decode", { figure: `${fmt(best(hots) / 1e6, 1)} M frames per CPU-second, ${hotGcs} GCs in ${fmt(500 * N, 0)} frames (hand-written loop ${handGcs})`, meets: share >= 0.9 && hotGcs <= handGcs, ratio: `${fmt(share * 100, 0)} % of the hand-written loop` });
}
