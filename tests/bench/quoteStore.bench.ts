import { encodeMarketSnapshot } from "../../src/core/frameCodec";
import { QuoteStore, type LiveQuote } from "../../src/feed/quoteStore";
import { fmt, report, stats } from "./util";

/**
 * The cost per animation frame of applying 18,000 updates a second to the quote store: at 60
 * frames a second that is 300 frames decoded plus one batched flush into the observables. Two
 * screens: the design load's (four panes of 50 visible rows, each row observing five fields of
 * its instrument, every other instrument streaming unseen) and the worst case of an observer on
 * every one of the 9,000 instruments' LastRate. Every visible cell must be told once per frame in
 * which its value changed, and that is counted. Per-frame time is given as CPU time of this
 * process (the machine is shared: wall time includes waiting for a core) and as wall time.
 */
const INSTRUMENTS = 9000; // 9,000 instruments ticking twice a second = 18,000 updates/s
const PER_SECOND = 18_000;
const FPS = 60;
const PER_FRAME = PER_SECOND / FPS;
const SECONDS = 5;
const VISIBLE_FIELDS = ["LastRate", "chg", "pchg", "volume", "h"] as const;

function makeBatches(): Uint8Array[][] {
  const seq = new Uint32Array(INSTRUMENTS);
  const hi = new Int32Array(INSTRUMENTS).fill(100_000);
  const lo = new Int32Array(INSTRUMENTS).fill(100_000);
  // A realistic tick: the price, change, percent and volume move; the day's high and low only
  // when the price makes a new one; open and previous close stay.
  const frameFor = (i: number, tick: number) => {
    const p = 100_000 + (((tick * 7 + i) % 50) - 25) * 5;
    hi[i] = Math.max(hi[i]!, p);
    lo[i] = Math.min(lo[i]!, p);
    const lvl = (k: number) => ({ quantity: 100, price: p - 5 - k * 5, numberOfOrders: 2 });
    seq[i] = seq[i]! + 1;
    return encodeMarketSnapshot({
      exchange: "NSEEQ", token: i, lastRate: p, lastQty: 1, totalQty: tick * 10 + 1, high: hi[i]!, low: lo[i]!, openRate: 100_000, pClose: 99_000, avgRate: p,
      bidQty: 100, bidRate: p - 5, offQty: 100, offRate: p + 5, tBidQ: 1, tOffQ: 1, priceDivisor: 100, lastTradedTime: 1,
      bids: [0, 1, 2, 3, 4].map(lvl), asks: [0, 1, 2, 3, 4].map((k) => ({ ...lvl(k), price: p + 5 + k * 5 })), seq: seq[i]!,
    });
  };
  // Frames are made up front so the figure is the store's cost, not the encoder's.
  const batches: Uint8Array[][] = [];
  let n = 0;
  for (let f = 0; f < SECONDS * FPS; f++) {
    const batch: Uint8Array[] = [];
    for (let k = 0; k < PER_FRAME; k++, n++) batch.push(frameFor(n % INSTRUMENTS, Math.floor(n / INSTRUMENTS)));
    batches.push(batch);
  }
  return batches;
}

interface Run {
  cpu: ReturnType<typeof stats>;
  wall: ReturnType<typeof stats>;
  told: number;
  missed: number;
  twice: number;
}

function measure(batches: Uint8Array[][], observe: (store: QuoteStore) => Array<{ get: () => number; calls: () => number; reset: () => void }>): Run {
  let flushFn: (() => void) | null = null;
  const store = new QuoteStore((fn) => (flushFn = fn));
  const cells = observe(store);
  const cpu: number[] = [];
  const wall: number[] = [];
  let told = 0;
  let missed = 0;
  let twice = 0;
  for (const batch of batches) {
    const before = cells.map((c) => c.get());
    for (const c of cells) c.reset();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const bytes of batch) store.applyFrame(bytes);
    (flushFn as (() => void) | null)?.();
    wall.push(performance.now() - t0);
    const c1 = process.cpuUsage(c0);
    cpu.push((c1.user + c1.system) / 1000);
    // Every visible cell whose value changed this frame was told exactly once.
    cells.forEach((c, i) => {
      const changed = c.get() !== before[i];
      if (changed && c.calls() === 0) missed++;
      if (c.calls() > 1) twice++;
      told += c.calls();
    });
  }
  return { cpu: stats(cpu.slice(FPS)), wall: stats(wall.slice(FPS)), told, missed, twice }; // the first second warms the JIT
}

/** A cell: an onChange on one field of one instrument's observable, counting its calls. */
function cell(store: QuoteStore, token: number, field: keyof LiveQuote) {
  const obs = store.quote("NSEEQ", token)[field];
  let calls = 0;
  obs.onChange(() => calls++);
  return { get: () => obs.peek() as number, calls: () => calls, reset: () => (calls = 0) };
}

export async function run(): Promise<void> {
  const batches = makeBatches();
  console.log(`quote store: ${fmt(PER_SECOND, 0)} updates/s over ${fmt(INSTRUMENTS, 0)} instruments, ${PER_FRAME} frames per animation frame`);
  const line = (label: string, r: Run) =>
    console.log(
      `  ${label}: CPU median ${fmt(r.cpu.median, 2)} ms, p95 ${fmt(r.cpu.p95, 2)} ms; wall median ${fmt(r.wall.median, 2)} ms, p95 ${fmt(r.wall.p95, 2)} ms (budget 16.7 ms); ` +
        `cells told ${fmt(r.told, 0)}, changed but not told ${r.missed}, told twice in a frame ${r.twice}`,
    );
  // Four panes of 50 rows, spread over the master, five fields per row.
  const visible = measure(batches, (store) => Array.from({ length: 200 }, (_, k) => (k * 45) % INSTRUMENTS).flatMap((t) => VISIBLE_FIELDS.map((f) => cell(store, t, f))));
  line("200 visible rows x 5 cells", visible);
  const all = measure(batches, (store) => Array.from({ length: INSTRUMENTS }, (_, t) => cell(store, t, "LastRate")));
  line("an observer on all 9,000 LastRates", all);
  report("quoteStore", {
    figure: `CPU median ${fmt(visible.cpu.median, 2)} ms, p95 ${fmt(visible.cpu.p95, 2)} ms per frame; ${visible.missed} visible cells missed`,
    meets: visible.cpu.median <= 2 && visible.cpu.p95 <= 3 && visible.missed === 0 && visible.twice === 0,
    ratio: `all 9,000 observed: median ${fmt(all.cpu.median, 2)} ms`,
  });
}
