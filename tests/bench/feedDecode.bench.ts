import { PerformanceObserver } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";
import { EXCHANGES } from "../../src/core/types/exchange";
import { decodeFrame, encodeMarketSnapshot, setDecodeLog, SNAPSHOT_OFFSET as O } from "../../src/core/frameCodec";
import { marketTopic } from "../../src/core/topics";
import { QUOTE_COLUMN as C, QUOTE_STRIDE, QuoteStore } from "../../src/feed/quoteStore";
import { deliveredInChromium, deliveredText } from "./feedDelivery";
import { fmt, report, stats } from "./util";

/**
 * Frames decoded per second on one core by the decoder the app runs: QuoteStore.applyFrame, which
 * the feed session calls for every frame off the socket (header check, the instrument's column
 * slot, the ordering rule, the market-watch fields into the column store, the slot marked for the
 * next flush). Against it, a hand-written loop doing the same work inline with one DataView per
 * received buffer: the same checks, the same fields into the same column layout, the same
 * ordering rule and bookkeeping; and the plain-object decodeFrame for scale.
 *
 * First, what the wire hands over (feedDelivery.ts): the real app in Chromium against the paper
 * broker, its feed the browser build of mqtt.js, prints how its frames came (BENCH_DELIVERY=0
 * leaves that run out). Then the decoders in both layouts it delivers, 10,000 instruments over the
 * ten exchanges: a frame is a Buffer view of its MQTT packet's payload inside a WebSocket message,
 * at the odd offset the packet's head leaves, 50 to a message (a tick of a watchlist) or one alone
 * (an instrument ticking by itself: every frame a new ArrayBuffer). Every round carries the next
 * sequence number (rewritten between rounds, untimed) so every frame is applied, none dropped as a
 * repeat; each round ends with a flush (untimed), as an animation frame would. Allocation is the
 * used heap's growth across the rounds no collection interrupted, and the collections counted.
 * Both loops read the clock once per received buffer, and a clock reading is a new heap number
 * (16 bytes): with every frame alone in its message, that is 16 bytes a frame for both.
 */
const N = 10_000;
/** The instrument whose values the two loops must agree on after the run (frame i is token i on exchange i mod 10). */
const CHECKED = { exchange: EXCHANGES[1234 % EXCHANGES.length]!, token: 1234 };

/**
 * How the frames reach the decoder: WebSocket messages of `perMessage` MQTT PUBLISH packets each,
 * every frame a view of its packet's payload, at the odd offset its packet's head (fixed header,
 * remaining length, topic) leaves, as the browser's MQTT client hands it over (feedDelivery.ts).
 */
interface Layout {
  label: string;
  perMessage: number;
}

const LAYOUTS: readonly Layout[] = [
  { label: "50 frames to a WebSocket message (a tick of a watchlist)", perMessage: 50 },
  { label: "one frame to a WebSocket message (an instrument ticking alone)", perMessage: 1 },
];

/** An MQTT 3.1.1 PUBLISH at QoS 0: type and flags, remaining length (two bytes here), topic length, topic, then the payload. */
function packetHead(topic: string, payloadLength: number): Uint8Array {
  const remaining = 2 + topic.length + payloadLength;
  return Uint8Array.from([0x30, (remaining & 0x7f) | 0x80, remaining >> 7, topic.length >> 8, topic.length & 0xff, ...Buffer.from(topic, "latin1")]);
}

function frames(n: number, layout: Layout): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let first = 0; first < n; first += layout.perMessage) {
    const count = Math.min(layout.perMessage, n - first);
    const heads = Array.from({ length: count }, (_, k) => packetHead(marketTopic("mw", EXCHANGES[(first + k) % EXCHANGES.length]!, first + k), 196));
    const message = new Uint8Array(heads.reduce((sum, h) => sum + h.byteLength + 196, 0));
    let at = 0;
    for (let k = 0; k < count; k++) {
      const i = first + k;
      message.set(heads[k]!, at);
      at += heads[k]!.byteLength;
      const p = 100_000 + i * 5;
      const lvl = (d: number) => ({ quantity: 100 + d, price: p - d * 5, numberOfOrders: 1 + d });
      out.push(
        encodeMarketSnapshot(
          {
            exchange: EXCHANGES[i % EXCHANGES.length]!, token: i, lastRate: p, lastQty: 10, totalQty: 100000 + i, high: p + 500, low: p - 500, openRate: p - 100,
            pClose: p - 200, avgRate: p, bidQty: 100, bidRate: p - 5, offQty: 120, offRate: p + 5, tBidQ: 5000, tOffQ: 6000, priceDivisor: 100, lastTradedTime: 40000,
            bids: [0, 1, 2, 3, 4].map(lvl), asks: [0, 1, 2, 3, 4].map((d) => ({ ...lvl(d), price: p + 5 + d * 5 })), seq: 0,
          },
          // A Buffer, as mqtt.js hands a payload over (a Uint8Array subclass; in the browser its own Buffer).
          Buffer.from(message.buffer, at, 196),
        ),
      );
      at += 196;
    }
  }
  return out;
}

/** The next round's sequence number into every frame (one counter for all loops, so each sees it rise). */
let round = 0;
const views = new WeakMap<Uint8Array[], DataView[]>();
function nextRound(list: Uint8Array[]): void {
  round++;
  let v = views.get(list);
  if (!v) views.set(list, (v = list.map((f) => new DataView(f.buffer, f.byteOffset, f.byteLength))));
  for (const view of v) view.setUint32(O.seq, round, true);
}

interface Decoder {
  label: string;
  /**
   * Every frame of the list, in order. Each decoder has its own loop calling it directly, as the
   * feed session calls applyFrame: a loop shared by the decoders would make one polymorphic call site.
   */
  applyAll(list: Uint8Array[]): void;
  /** The end of an animation frame (untimed). */
  flush(): void;
  /** What the decoder holds for one instrument, to check the loops wrote the same values. */
  check(): string;
}

interface Measured {
  /** Frames per CPU-second of each timed round (a round is the whole list once). */
  rates: number[];
  cpuUs: number;
  wallMs: number;
  gcs: number;
  /** Heap bytes allocated per frame, over the rounds no collection interrupted. */
  bytesPerFrame: number;
}

/**
 * Times the decoders round by round, taking turns (which goes first alternates), so that every
 * decoder meets the same machine: on a shared machine a stretch of rounds can lose its core or
 * its cache to another process. Each garbage collection is counted against the decoder whose
 * round it started in; allocation is the growth of the used heap across a round, over the rounds
 * no collection interrupted (the measuring itself allocates a few hundred bytes a round, the same
 * for every decoder: a hundredth of a byte per frame).
 */
async function measure(decoders: Decoder[], list: Uint8Array[], rounds: number): Promise<Measured[]> {
  const pass = (d: Decoder) => {
    nextRound(list);
    d.applyAll(list);
    d.flush();
  };
  for (let r = 0; r < 20; r++) for (const d of decoders) pass(d); // warm-up
  const gcAt: number[] = [];
  const obs = new PerformanceObserver((l) => gcAt.push(...l.getEntries().map((e) => e.startTime)));
  obs.observe({ entryTypes: ["gc"] });
  const out = decoders.map((): Measured => ({ rates: [], cpuUs: 0, wallMs: 0, gcs: 0, bytesPerFrame: 0 }));
  const grown = decoders.map(() => ({ bytes: 0, frames: 0 }));
  const windows: Array<{ d: number; from: number; to: number }> = [];
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < decoders.length; j++) {
      const k = (j + r) % decoders.length;
      const d = decoders[k]!;
      nextRound(list);
      const heap0 = getHeapStatistics().used_heap_size;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      d.applyAll(list);
      const t1 = performance.now();
      const c = process.cpuUsage(c0);
      const heap1 = getHeapStatistics().used_heap_size;
      d.flush();
      if (heap1 >= heap0) {
        grown[k]!.bytes += heap1 - heap0;
        grown[k]!.frames += list.length;
      }
      const m = out[k]!;
      m.rates.push(list.length / ((c.user + c.system) / 1e6));
      m.cpuUs += c.user + c.system;
      m.wallMs += t1 - t0;
      windows.push({ d: k, from: t0, to: t1 });
    }
  }
  await new Promise((r) => setTimeout(r, 10)); // gc entries are delivered asynchronously
  obs.disconnect();
  for (const t of gcAt) {
    const w = windows.find((x) => t >= x.from && t <= x.to);
    if (w) out[w.d]!.gcs++;
  }
  const n = rounds * list.length;
  decoders.forEach((d, k) => {
    const m = out[k]!;
    m.bytesPerFrame = grown[k]!.bytes / Math.max(1, grown[k]!.frames);
    // On a shared machine wall time includes waiting for a core: the rates are per CPU-second of this process.
    console.log(
      `  ${d.label.padEnd(54)} best round ${fmt(Math.max(...m.rates), 0).padStart(10)}, median ${fmt(stats(m.rates).median, 0).padStart(10)} frames/CPU-s ` +
        `(${fmt((m.cpuUs * 1e3) / n, 0)} ns CPU, ${fmt((m.wallMs * 1e6) / n, 0)} ns wall per frame; ${fmt(m.bytesPerFrame, 2)} bytes allocated per frame, ${m.gcs} GCs in ${fmt(n, 0)} frames)`,
    );
  });
  return out;
}

/** The app's decoder: the quote store the feed session feeds, flushed by the bench instead of an animation frame. */
function realDecoder(): Decoder {
  let flush: (() => void) | null = null;
  const store = new QuoteStore((fn) => (flush = fn));
  return {
    label: "hot path: QuoteStore.applyFrame (the app's decoder)",
    applyAll: (list) => {
      for (let i = 0; i < list.length; i++) store.applyFrame(list[i]!);
    },
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
  /** Arrival times in typed arrays: a closure variable holding a double would box it, an allocation per frame. */
  const newest = new Float64Array(1);
  const clock = new Float64Array(1);
  const stats = { frames: 0, dropped: 0, gaps: 0 };
  const apply = (bytes: Uint8Array): boolean => {
    const len = bytes.byteLength;
    if (len < 8) return false;
    if (bytes.buffer !== buffer) {
      buffer = bytes.buffer;
      view = new DataView(bytes.buffer);
      // The frames of one received buffer arrived together: one clock read per buffer.
      clock[0] = Date.now();
    }
    const v = view;
    const at = bytes.byteOffset;
    const ex = v.getUint8(at + 1);
    if (v.getUint8(at) !== 1 || ex >= EXCHANGES.length || len !== 196) return false;
    const token = v.getInt32(at + 4, true);
    const byToken = slots[ex]!;
    let slot = byToken.get(token);
    if (slot === undefined) byToken.set(token, (slot = count++));
    const now = clock[0]!;
    newest[0] = now;
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
    applyAll: (list) => {
      for (let i = 0; i < list.length; i++) apply(list[i]!);
    },
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
      return `${at(C.LastRate)} ${at(C.PClose)} ${at(C.c)} ${at(C.chg)} ${at(C.pchg)} ${at(C.volume)} ${at(C.o)} ${at(C.h)} ${at(C.l)} ${newest[0]! > 0}`;
    },
  };
}

export async function run(): Promise<void> {
  if (process.env.BENCH_DELIVERY !== "0") {
    console.log("what the browser's MQTT client (mqtt.js, its browser build as the app bundles it) hands the quote store, the real app in Chromium against the paper broker:");
    for (const d of await deliveredInChromium()) console.log(`  ${deliveredText(d)}`);
  }
  setDecodeLog(() => {});
  console.log(`feed decode (196-byte market snapshots, ${fmt(N, 0)} instruments, one core)`);
  const shares: Array<{ layout: Layout; best: number; median: number; bytes: number; handBytes: number; rate: number }> = [];
  for (const layout of LAYOUTS) {
    const list = frames(N, layout);
    console.log(` ${layout.label}:`);
    // A decoder of each kind per layout: what the JIT learnt of one layout's buffers does not carry over to the next.
    const hot = realDecoder();
    const hand = handWritten();
    const [h, b] = (await measure([hand, hot], list, 500)) as [Measured, Measured];
    if (hot.check() !== hand.check()) throw new Error(`the loops disagree: ${hot.check()} against ${hand.check()}`);
    const best = Math.max(...b.rates) / Math.max(...h.rates);
    const median = stats(b.rates).median / stats(h.rates).median;
    console.log(`  hot path at ${fmt(best * 100, 0)} % of the hand-written loop (best round of 500 each, taking turns; ${fmt(median * 100, 0)} % median to median)`);
    shares.push({ layout, best, median, bytes: b.bytesPerFrame, handBytes: h.bytesPerFrame, rate: Math.max(...b.rates) });
  }
  const list = frames(N, LAYOUTS[0]!);
  await measure([{ label: "for scale: decodeFrame into a plain object (+depth)", applyAll: (list) => list.forEach(decodeFrame), flush: () => {}, check: () => "" }], list, 100);
  // An object per frame would be at least 16 bytes a frame; under one byte more than the hand-written loop is nothing per frame.
  const allocates = shares.some((s) => s.bytes >= s.handBytes + 1);
  const worst = shares.reduce((a, b) => (b.best < a.best ? b : a));
  report("decode", {
    figure: shares.map((s) => `${fmt(s.rate / 1e6, 1)} M frames/CPU-s, ${fmt(s.bytes, 2)} bytes/frame (hand ${fmt(s.handBytes, 2)}) at ${s.layout.perMessage} to a message`).join("; "),
    meets: worst.best >= 0.9 && !allocates,
    ratio: shares.map((s) => `${fmt(s.best * 100, 0)} % (median ${fmt(s.median * 100, 0)} %) at ${s.layout.perMessage} to a message`).join("; ") + " of the hand-written loop",
  });
}
