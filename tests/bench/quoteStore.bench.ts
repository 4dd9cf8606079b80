import { encodeMarketSnapshot } from "../../src/core/frameCodec";
import { QuoteStore } from "../../src/feed/quoteStore";
import { fmt, report, stats } from "./util";

/**
 * The cost per animation frame of applying 18,000 updates a second to the quote store: at
 * 60 frames a second that is 300 frames decoded into pending writes plus one batched flush
 * into the observables, with an observer on every instrument's LastRate (a grid cell).
 */
export async function run(): Promise<void> {
  const instruments = 9000; // 9,000 instruments ticking twice a second = 18,000 updates/s
  const perSecond = 18_000;
  const fps = 60;
  const perFrame = perSecond / fps;
  let flushFn: (() => void) | null = null;
  const store = new QuoteStore((fn) => (flushFn = fn));
  let observed = 0;
  for (let i = 0; i < instruments; i++) store.quote("NSEEQ", i).LastRate.onChange(() => observed++);
  const seq = new Uint32Array(instruments);
  const hi = new Int32Array(instruments).fill(100_000);
  const lo = new Int32Array(instruments).fill(100_000);
  // A realistic tick: the price, change, percent and volume move; the day's high and low only
  // when the price makes a new one; open and previous close stay.
  const frameFor = (i: number, tick: number) => {
    const p = 100_000 + (((tick * 7 + i) % 50) - 25) * 5;
    hi[i] = Math.max(hi[i] as number, p);
    lo[i] = Math.min(lo[i] as number, p);
    const lvl = (k: number) => ({ quantity: 100, price: p - 5 - k * 5, numberOfOrders: 2 });
    seq[i] = (seq[i] as number) + 1;
    return encodeMarketSnapshot({
      exchange: "NSEEQ", token: i, lastRate: p, lastQty: 1, totalQty: tick * 10 + 1, high: hi[i] as number, low: lo[i] as number, openRate: 100_000, pClose: 99_000, avgRate: p,
      bidQty: 100, bidRate: p - 5, offQty: 100, offRate: p + 5, tBidQ: 1, tOffQ: 1, priceDivisor: 100, lastTradedTime: 1,
      bids: [0, 1, 2, 3, 4].map(lvl), asks: [0, 1, 2, 3, 4].map((k) => ({ ...lvl(k), price: p + 5 + k * 5 })), seq: seq[i] as number,
    });
  };
  // Frames are made up front so the figure is the store's cost, not the encoder's.
  const seconds = 5;
  const batches: Uint8Array[][] = [];
  let n = 0;
  for (let f = 0; f < seconds * fps; f++) {
    const batch: Uint8Array[] = [];
    for (let k = 0; k < perFrame; k++, n++) batch.push(frameFor(n % instruments, Math.floor(n / instruments)));
    batches.push(batch);
  }
  const costs: number[] = [];
  const decodeCosts: number[] = [];
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (const batch of batches) {
    const t0 = performance.now();
    for (const bytes of batch) store.applyFrame(bytes);
    const t1 = performance.now();
    (flushFn as (() => void) | null)?.();
    costs.push(performance.now() - t0);
    decodeCosts.push(t1 - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuPerFrame = (cpu.user + cpu.system) / 1000 / batches.length;
  const wallPerFrame = (performance.now() - wall0) / batches.length;
  const warm = costs.slice(fps); // the first second warms the JIT
  const s = stats(warm);
  const d = stats(decodeCosts.slice(fps));
  console.log(`quote store: ${fmt(perSecond, 0)} updates/s over ${fmt(instruments, 0)} instruments, ${perFrame} frames per animation frame, an observer per LastRate`);
  console.log(`  per animation frame: median ${fmt(s.median)} ms, p95 ${fmt(s.p95)} ms, max ${fmt(s.max)} ms (budget 16.7 ms); observer calls ${fmt(observed, 0)}`);
  // On a shared machine wall time includes waiting for a core; CPU time is this process's own work.
  console.log(`  mean over all frames: ${fmt(wallPerFrame)} ms wall, ${fmt(cpuPerFrame)} ms CPU (process time, includes GC)`);
  console.log(`  of which decoding into pending writes: median ${fmt(d.median)} ms; the rest is the batched write into the observables`);
  report("quoteStore", { figure: `median ${fmt(s.median, 2)} ms, p95 ${fmt(s.p95, 2)} ms per frame`, meets: s.median <= 2 && s.p95 <= 3 });
}
