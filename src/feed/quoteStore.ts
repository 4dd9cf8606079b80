import { batch, observable, type Observable } from "@legendapp/state";
import { EXCHANGES, exchangeIndex, type Exchange } from "../core/types/exchange";
import { DEPTH_ENTRY_OFFSET as D, DEPTH_LEVELS, FrameReader, OPEN_INTEREST_OFFSET, PRICE_INFO_OFFSET as PI, SNAPSHOT_OFFSET as O } from "../core/frameCodec";
import { acceptsFrame, orderFrame } from "../core/rules/feedEpoch";

/** One depth row: price, orders and quantity. */
export interface DepthRow {
  price: number;
  orders: number;
  qty: number;
}

/**
 * The live-quote fields of trading-core section 3, in rupees, named as the spec names them.
 * o/h/l are today's open, high and low; c is the previous close (as PClose), the convention
 * of the feed's snapshot; chg = LastRate - PClose and pchg its percent of PClose (an infinite
 * percent when PClose is 0 and the price moved: the formatter shows it as --).
 */
export interface LiveQuote {
  exchange: Exchange;
  token: number;
  LastRate: number;
  PClose: number;
  chg: number;
  pchg: number;
  volume: number;
  openinterest: number;
  o: number;
  h: number;
  l: number;
  c: number;
  weekHigh: number;
  weekLow: number;
  uc: number;
  lc: number;
}

/**
 * The market-depth part of the live quote: five-level bid and ask price/orders/qty, total buy
 * and sell quantity, and the last trade's quantity, time and the average price. Kept in a
 * separate observable per instrument, made when a depth view first asks for it and filled only
 * from then on: every write into an observable costs a walk of its nodes (the quote-store bench
 * shows it is the whole cost of a frame), so a 5,000-row watchlist must not pay for fields only
 * the depth pane shows.
 */
export interface LiveDepth {
  bids: DepthRow[];
  asks: DepthRow[];
  totalbuyqty: number;
  totalsellqty: number;
  lastQty: number;
  avgPrice: number;
  /** Seconds since midnight, exchange time. */
  lastTradedTime: number;
}

/** Runs `flush` once before the next paint; injectable so node tests can drive it. */
export type FrameScheduler = (flush: () => void) => void;

export const animationFrameScheduler: FrameScheduler = (flush) => {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => flush());
  else setTimeout(flush, 16);
};

export interface QuoteStoreStats {
  frames: number;
  dropped: number;
  gaps: number;
  flushes: number;
}

export function emptyQuote(exchange: Exchange, token: number): LiveQuote {
  return {
    exchange, token, LastRate: 0, PClose: 0, chg: 0, pchg: 0, volume: 0, openinterest: 0, o: 0, h: 0, l: 0, c: 0, weekHigh: 0, weekLow: 0,
    uc: 0, lc: 0,
  };
}

export function emptyDepth(): LiveDepth {
  return { bids: [], asks: [], totalbuyqty: 0, totalsellqty: 0, lastQty: 0, avgPrice: 0, lastTradedTime: 0 };
}

/** Percent change; infinite when the previous close is 0 and the price moved. */
export function percentChange(chg: number, pClose: number): number {
  if (pClose !== 0) return (chg / pClose) * 100;
  return chg === 0 ? 0 : chg > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
}

/**
 * An instrument of the store, outside any observable: which one it is and its staleness cell.
 * What every frame reads and writes (its ordering baseline, see core/rules/feedEpoch, and when its
 * last tick arrived) is kept in the store's per-slot typed arrays instead (see Slots).
 */
interface Wire {
  exchange: Exchange;
  token: number;
  /** Made when a cell first asks; the shared timer (markStale) and the next tick write it. */
  stale: Observable<boolean> | null;
  staleNow: boolean;
  /** Made when a cell first asks (sequenceZero); the flush that changes it writes it. */
  sequenceZero: Observable<boolean> | null;
  sequenceZeroNow: boolean;
}

/** The numeric live-quote fields, in the column store's order: field i of slot s is at s * FIELDS.length + i. */
const FIELDS = ["LastRate", "PClose", "chg", "pchg", "volume", "openinterest", "o", "h", "l", "c", "weekHigh", "weekLow", "uc", "lc"] as const;
type QuoteField = (typeof FIELDS)[number];
const STRIDE = FIELDS.length;
const F = Object.fromEntries(FIELDS.map((f, i) => [f, i])) as Record<QuoteField, number>;
/** The column store's layout, for the decode bench's hand-written loop to write the same columns. */
export const QUOTE_COLUMN: Readonly<Record<QuoteField, number>> = F;
export const QUOTE_STRIDE = STRIDE;

/**
 * An epoch of -1: no frame of the instrument yet. Connection epochs count from 0, so to the
 * ordering rule it is an older epoch than any, and the first frame starts a baseline ("new-epoch")
 * as it does for an instrument never seen (a number, not undefined, keeps the hot path's numbers untagged).
 */
const NO_EPOCH = -1;

/**
 * The per-slot state the hot path touches, one typed array per field and a slot per instrument,
 * grown together by doubling: a frame reads and writes numbers in place and allocates nothing.
 */
class Slots {
  /** The numeric live-quote fields: field i of slot s at s * STRIDE + i. */
  values: Float64Array;
  /** The connection epoch of the instrument's ordering baseline, NO_EPOCH before its first frame. */
  epoch: Float64Array;
  seq: Float64Array;
  /** Arrival time of the last market snapshot, or when a cell first asked about staleness. */
  tickAt: Float64Array;
  /** A market snapshot arrived since the last flush: it clears the instrument's staleness. */
  ticked: Uint8Array;
  /** A frame arrived since the last flush (the slot is in `list`). */
  dirty: Uint8Array;
  /** The dirty slots in the order they were marked, `count` of them. */
  list: Int32Array;
  count = 0;

  constructor(readonly capacity: number) {
    this.values = new Float64Array(capacity * STRIDE);
    this.epoch = new Float64Array(capacity).fill(NO_EPOCH);
    this.seq = new Float64Array(capacity);
    this.tickAt = new Float64Array(capacity);
    this.ticked = new Uint8Array(capacity);
    this.dirty = new Uint8Array(capacity);
    this.list = new Int32Array(capacity);
  }

  /** The same slots in twice the room. */
  grown(): Slots {
    const g = new Slots(this.capacity * 2);
    g.values.set(this.values);
    g.epoch.set(this.epoch);
    g.seq.set(this.seq);
    g.tickAt.set(this.tickAt);
    g.ticked.set(this.ticked);
    g.dirty.set(this.dirty);
    g.list.set(this.list);
    g.count = this.count;
    return g;
  }
}

/** Open interest and price info: rare next to market snapshots, so kept out of applyFrame's body. */
function applyOther(r: FrameReader, vals: Float64Array, base: number): void {
  if (r.kind === 2) {
    vals[base + F.openinterest] = r.u32(OPEN_INTEREST_OFFSET.openInterest);
    return;
  }
  const d = r.i32(PI.priceDivisor) || 1;
  vals[base + F.weekHigh] = r.i32(PI.weekHigh) / d;
  vals[base + F.weekLow] = r.i32(PI.weekLow) / d;
  vals[base + F.uc] = r.i32(PI.upperCircuitLimit) / d;
  vals[base + F.lc] = r.i32(PI.lowerCircuitLimit) / d;
}

function readDepth(v: FrameReader, divisor: number): LiveDepth {
  const bids: DepthRow[] = [];
  const asks: DepthRow[] = [];
  for (let i = 0; i < DEPTH_LEVELS; i++) {
    const b = O.depth + i * O.depthEntryBytes;
    const a = O.depth + (DEPTH_LEVELS + i) * O.depthEntryBytes;
    bids.push({ qty: v.u32(b + D.quantity), price: v.i32(b + D.price) / divisor, orders: v.u32(b + D.numberOfOrders) });
    asks.push({ qty: v.u32(a + D.quantity), price: v.i32(a + D.price) / divisor, orders: v.u32(a + D.numberOfOrders) });
  }
  return {
    bids,
    asks,
    totalbuyqty: v.u32(O.tBidQ),
    totalsellqty: v.u32(O.tOffQ),
    lastQty: v.u32(O.lastQty),
    avgPrice: v.i32(O.avgRate) / divisor,
    lastTradedTime: v.u32(O.lastTradedTime),
  };
}

/**
 * The live quotes. Every frame is decoded straight from its bytes (one reused FrameReader) into a
 * plain column store: one Float64Array, a slot per instrument, a column per field, so a frame
 * allocates nothing. Observables exist only for the instruments a view asks for (quote(), made
 * from the columns' current values), and once per animation frame only their changed fields are
 * written, in one batch: a cell observing obs.LastRate re-renders at most once per frame, a tick
 * never touches a list, and the thousands of instruments nobody shows cost no observable work.
 * The frame sequence is kept here, not in the observable.
 */
export class QuoteStore {
  private readonly reader: FrameReader;
  /** The slot of each instrument, by the exchange's wire index and then token (no string key is built per frame). */
  private readonly slots: Array<Map<number, number>> = EXCHANGES.map(() => new Map<number, number>());
  private wires: Wire[] = [];
  /** The slots whose staleness a cell has asked for: the shared timer walks these, not every instrument streamed. */
  private staleWatched: number[] = [];
  private at = new Slots(1024);
  private quotes: Array<Observable<LiveQuote> | undefined> = [];
  private depths: Array<Observable<LiveDepth> | undefined> = [];
  private pendingDepth: Array<LiveDepth | null> = [];
  /**
   * Slots whose depth was first asked for after their last frame: nothing has filled it yet, and a
   * repeat of that frame (the broker sends the topic's frame again, `wantDepth`) is taken for its book.
   */
  private depthWaiting = new Set<number>();
  /**
   * Asks the feed for an instrument's frame again (session.ts: its topic subscribed again): set by
   * the session; a depth asked for after the instrument's last frame has no book until one comes.
   */
  wantDepth: ((exchange: Exchange, token: number) => void) | undefined;
  private scheduled = false;
  /** The connection epoch frames arrive in now (+1 on every connect, see newEpoch). */
  private epoch = 0;
  /** Arrival time of the newest frame of any kind (the status bar's "age of the newest frame"). */
  get newestFrameAt(): number | undefined {
    return Number.isNaN(this.newestAt) ? undefined : this.newestAt;
  }
  /**
   * NaN until the first frame. Always a number, so the JIT keeps the field a double written in
   * place: a field that may hold undefined is written as a new heap number, one allocation a frame.
   */
  private newestAt = Number.NaN;
  readonly stats: QuoteStoreStats = { frames: 0, dropped: 0, gaps: 0, flushes: 0 };

  constructor(
    private readonly schedule: FrameScheduler = animationFrameScheduler,
    private readonly now: () => number = Date.now,
  ) {
    this.reader = new FrameReader(now);
  }

  /** A new connection: the frames from now on belong to a new epoch, which resets every ordering baseline. */
  newEpoch(): void {
    this.epoch++;
  }

  /** The instrument's slot in the column store, given on first sight. */
  private slot(exchange: Exchange, token: number): number {
    return this.slots[exchangeIndex(exchange)]!.get(token) ?? this.newSlot(exchange, token);
  }

  private newSlot(exchange: Exchange, token: number): number {
    const slot = this.wires.length;
    this.slots[exchangeIndex(exchange)]!.set(token, slot);
    this.wires.push({ exchange, token, stale: null, staleNow: false, sequenceZero: null, sequenceZeroNow: false });
    this.quotes.push(undefined);
    this.depths.push(undefined);
    this.pendingDepth.push(null);
    if (slot === this.at.capacity) this.at = this.at.grown();
    this.at.tickAt[slot] = this.now();
    return slot;
  }

  private slotIfKnown(exchange: Exchange, token: number): number | undefined {
    return this.slots[exchangeIndex(exchange)]!.get(token);
  }

  /**
   * Whether the instrument's last tick is too old (see markStale): made on first ask, written by
   * the one shared timer and cleared by the next tick, so a cell observes a boolean and no cell
   * runs a timer of its own.
   */
  stale(exchange: Exchange, token: number): Observable<boolean> {
    const slot = this.slot(exchange, token);
    const w = this.wires[slot]!;
    if (!w.stale) {
      w.stale = observable(w.staleNow);
      this.staleWatched.push(slot);
    }
    return w.stale;
  }

  /**
   * Whether the instrument's last accepted quote is of sequence 0 (a replay's quote at its reference
   * price, core/rules/totalStale.ts atReferencePrice), as an observable boolean: made on first ask and
   * written by the flush that changes it, so a price cell's mark is told when it may move, not read
   * again on each tick to see (panes/views/priceStale.ts markNow).
   */
  sequenceZero(exchange: Exchange, token: number): Observable<boolean> {
    const w = this.wires[this.slot(exchange, token)]!;
    if (!w.sequenceZero) {
      w.sequenceZeroNow = this.lastSequence(exchange, token) === 0;
      w.sequenceZero = observable(w.sequenceZeroNow);
    }
    return w.sequenceZero;
  }

  /**
   * The shared timer's step: every instrument a cell watches is stale when its last tick (or, with
   * none yet, the cell's first ask) is more than `maxAgeMs` old while its market is open; a still
   * price in a closed market is the truth, not a stale one.
   */
  markStale(now: number, isOpen: (exchange: Exchange) => boolean, maxAgeMs: number): void {
    const tickAt = this.at.tickAt;
    batch(() => {
      for (const slot of this.staleWatched) {
        const w = this.wires[slot]!;
        const stale = now - tickAt[slot]! > maxAgeMs && isOpen(w.exchange);
        if (stale !== w.staleNow) w.stale!.set((w.staleNow = stale));
      }
    });
  }

  /** Arrival time of the instrument's last tick, or undefined when none arrived. */
  lastTickAt(exchange: Exchange, token: number): number | undefined {
    const slot = this.slotIfKnown(exchange, token);
    return slot === undefined || this.at.epoch[slot] === NO_EPOCH ? undefined : this.at.tickAt[slot];
  }

  /** The instrument's observable, made on first ask from what the column store holds (written at the last flush). */
  quote(exchange: Exchange, token: number): Observable<LiveQuote> {
    const slot = this.slot(exchange, token);
    let q = this.quotes[slot];
    if (!q) {
      const v = emptyQuote(exchange, token);
      // Values still pending reach the observable at the next flush, like any other write.
      if (this.at.dirty[slot] === 0) this.copyInto(v, slot);
      this.quotes[slot] = q = observable(v);
    }
    return q;
  }

  private copyInto(q: LiveQuote, slot: number): void {
    const base = slot * STRIDE;
    for (let i = 0; i < STRIDE; i++) q[FIELDS[i]!] = this.at.values[base + i]!;
  }

  /** The instrument's depth observable, created on first ask; frames fill it from then on. */
  depth(exchange: Exchange, token: number): Observable<LiveDepth> {
    const slot = this.slot(exchange, token);
    let d = this.depths[slot];
    if (!d) {
      this.depths[slot] = d = observable<LiveDepth>(emptyDepth());
      // Frames came before anyone asked for the book (the store keeps none): ask for the frame again.
      if (this.at.epoch[slot] !== NO_EPOCH) {
        this.depthWaiting.add(slot);
        this.wantDepth?.(exchange, token);
      }
    }
    return d;
  }

  /** Decodes a frame into the column store; false when the frame was bad (null from the codec) or stale. */
  applyFrame(bytes: Uint8Array): boolean {
    const r = this.reader;
    if (!r.open(bytes)) return false;
    const slot = this.slots[r.exchangeIndex]!.get(r.token) ?? this.newSlot(r.exchange, r.token);
    // The reader reads the clock once per received buffer: its frames arrived together.
    const now = r.arrivedAt;
    this.newestAt = now;
    const at = this.at;
    const vals = at.values;
    const base = slot * STRIDE;
    if (r.kind === 1) {
      const seq = r.u32(O.seq);
      const lastEpoch = at.epoch[slot]!;
      const lastSeq = at.seq[slot]!;
      const order = orderFrame(lastEpoch, lastSeq, this.epoch, seq);
      if (!acceptsFrame(order)) {
        // The frame already applied, sent again for a depth asked for since: its book is taken, nothing else.
        if (order === "repeat" && this.depthWaiting.has(slot)) {
          this.pendingDepth[slot] = readDepth(r, r.i32(O.priceDivisor) || 1);
          this.markDirty(slot);
          return true;
        }
        this.stats.dropped++;
        return false;
      }
      if (order === "next" && seq > lastSeq + 1) this.stats.gaps++;
      at.epoch[slot] = this.epoch;
      at.seq[slot] = seq;
      at.tickAt[slot] = now;
      at.ticked[slot] = 1;
      const d = r.i32(O.priceDivisor) || 1;
      const ltp = r.i32(O.lastRate) / d;
      const pClose = r.i32(O.pClose) / d;
      const chg = ltp - pClose;
      vals[base + F.LastRate] = ltp;
      vals[base + F.PClose] = pClose;
      vals[base + F.c] = pClose;
      vals[base + F.chg] = chg;
      vals[base + F.pchg] = percentChange(chg, pClose);
      vals[base + F.volume] = r.u32(O.totalQty);
      vals[base + F.o] = r.i32(O.openRate) / d;
      vals[base + F.h] = r.i32(O.high) / d;
      vals[base + F.l] = r.i32(O.low) / d;
      if (this.depths[slot]) this.pendingDepth[slot] = readDepth(r, d);
    } else applyOther(r, vals, base);
    this.markDirty(slot);
    this.stats.frames++;
    return true;
  }

  /** The slot goes out at the next flush, scheduled once. */
  private markDirty(slot: number): void {
    const at = this.at;
    if (at.dirty[slot] === 0) {
      at.dirty[slot] = 1;
      at.list[at.count++] = slot;
    }
    if (!this.scheduled) {
      this.scheduled = true;
      this.schedule(this.flushNow);
    }
  }

  private readonly flushNow = (): void => this.flush();

  /** Writes what changed since the last flush into the observed instruments, in one batch. Called by the scheduler; tests may call it. */
  flush(): void {
    this.scheduled = false;
    const at = this.at;
    const count = at.count;
    if (count === 0) return;
    this.stats.flushes++;
    const vals = at.values;
    batch(() => {
      for (let k = 0; k < count; k++) {
        const slot = at.list[k]!;
        at.dirty[slot] = 0;
        const ticked = at.ticked[slot] === 1;
        at.ticked[slot] = 0;
        const obs = this.quotes[slot];
        if (obs) {
          // Only the fields that changed are written: each write costs a walk of the observable's
          // listeners, and a typical tick changes half the fields (PClose, circuits, week range stay).
          const current = obs.peek();
          const base = slot * STRIDE;
          let changed: Partial<Record<QuoteField, number>> | null = null;
          for (let i = 0; i < STRIDE; i++) {
            const f = FIELDS[i]!;
            const v = vals[base + i]!;
            if (current[f] !== v) (changed ??= {})[f] = v;
          }
          if (changed) obs.assign(changed);
        }
        const depth = this.pendingDepth[slot];
        if (depth) {
          this.pendingDepth[slot] = null;
          this.depths[slot]?.set(depth);
          if (this.depthWaiting.size > 0) this.depthWaiting.delete(slot);
        }
        const wire = this.wires[slot]!;
        if (ticked && wire.stale && wire.staleNow) wire.stale.set((wire.staleNow = false));
        if (ticked && wire.sequenceZero && (at.seq[slot] === 0) !== wire.sequenceZeroNow) wire.sequenceZero.set((wire.sequenceZeroNow = at.seq[slot] === 0));
      }
    });
    // this.at, not at: a listener run at the end of the batch may have asked for a new instrument and grown the slots.
    this.at.count = 0;
  }

  /** What the store holds: how many instruments it knows, and frames taken since the last reset. */
  held(): { instruments: number; frames: number } {
    return { instruments: this.wires.length, frames: this.stats.frames };
  }

  /**
   * Sign-out: every instrument back to no frame seen. An observable still held (a cell that has
   * not unmounted yet) shows empty values, not the last session's; the next ask makes a new one.
   */
  reset(): void {
    batch(() => {
      this.wires.forEach((w, slot) => {
        this.quotes[slot]?.set(emptyQuote(w.exchange, w.token));
        this.depths[slot]?.set(emptyDepth());
        w.stale?.set(false);
        w.sequenceZero?.set(false);
      });
    });
    for (const byToken of this.slots) byToken.clear();
    this.wires = [];
    this.staleWatched = [];
    this.quotes = [];
    this.depths = [];
    this.pendingDepth = [];
    this.depthWaiting.clear();
    this.at = new Slots(1024);
    this.newestAt = Number.NaN;
    this.scheduled = false;
    Object.assign(this.stats, { frames: 0, dropped: 0, gaps: 0, flushes: 0 });
  }

  /** The last accepted frame sequence of an instrument (gap checks, tests). */
  lastSequence(exchange: Exchange, token: number): number | undefined {
    const slot = this.slotIfKnown(exchange, token);
    return slot === undefined || this.at.epoch[slot] === NO_EPOCH ? undefined : this.at.seq[slot];
  }

  /** Number of instruments with a pending write (for tests and the bench). */
  get pendingCount(): number {
    return this.at.count;
  }
}
