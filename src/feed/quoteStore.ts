import { batch, observable, type Observable } from "@legendapp/state";
import type { Exchange } from "../core/types/exchange";
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
 * What the store knows of one instrument's wire, outside any observable: its ordering baseline
 * (see core/rules/feedEpoch) and when its last tick arrived. One record per instrument, made once
 * and mutated in place, so the hot path allocates nothing for it.
 */
interface Wire {
  exchange: Exchange;
  token: number;
  epoch: number | undefined;
  seq: number;
  /** Arrival time of the last market snapshot, or when a cell first asked about staleness. */
  tickAt: number;
  /** Made when a cell first asks; the shared timer (markStale) and the next tick write it. */
  stale: Observable<boolean> | null;
  staleNow: boolean;
  /** A market snapshot arrived since the last flush: it clears the instrument's staleness. */
  ticked: boolean;
}

/** The numeric live-quote fields, in the column store's order: field i of slot s is at s * FIELDS.length + i. */
const FIELDS = ["LastRate", "PClose", "chg", "pchg", "volume", "openinterest", "o", "h", "l", "c", "weekHigh", "weekLow", "uc", "lc"] as const;
type QuoteField = (typeof FIELDS)[number];
const STRIDE = FIELDS.length;
const F = Object.fromEntries(FIELDS.map((f, i) => [f, i])) as Record<QuoteField, number>;

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
  private readonly reader = new FrameReader();
  /** The slot of each instrument, per exchange (no string key is built per frame). */
  private readonly slots = new Map<Exchange, Map<number, number>>();
  private wires: Wire[] = [];
  private values = new Float64Array(STRIDE * 1024);
  private quotes: Array<Observable<LiveQuote> | undefined> = [];
  private depths: Array<Observable<LiveDepth> | undefined> = [];
  private pendingDepth: Array<LiveDepth | null> = [];
  /** Slots with a frame since the last flush, each once. */
  private dirty = new Uint8Array(1024);
  private dirtyList: number[] = [];
  private scheduled = false;
  /** The connection epoch frames arrive in now (+1 on every connect, see newEpoch). */
  private epoch = 0;
  /** Arrival time of the newest frame of any kind (the status bar's "age of the newest frame"). */
  newestFrameAt: number | undefined;
  readonly stats: QuoteStoreStats = { frames: 0, dropped: 0, gaps: 0, flushes: 0 };

  constructor(
    private readonly schedule: FrameScheduler = animationFrameScheduler,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new connection: the frames from now on belong to a new epoch, which resets every ordering baseline. */
  newEpoch(): void {
    this.epoch++;
  }

  /** The instrument's slot in the column store, given on first sight. */
  private slot(exchange: Exchange, token: number): number {
    let byToken = this.slots.get(exchange);
    if (!byToken) this.slots.set(exchange, (byToken = new Map()));
    let slot = byToken.get(token);
    if (slot === undefined) {
      slot = this.wires.length;
      byToken.set(token, slot);
      this.wires.push({ exchange, token, epoch: undefined, seq: 0, tickAt: this.now(), stale: null, staleNow: false, ticked: false });
      this.quotes.push(undefined);
      this.depths.push(undefined);
      this.pendingDepth.push(null);
      if ((slot + 1) * STRIDE > this.values.length) {
        const grown = new Float64Array(this.values.length * 2);
        grown.set(this.values);
        this.values = grown;
        const dirty = new Uint8Array(this.dirty.length * 2);
        dirty.set(this.dirty);
        this.dirty = dirty;
      }
    }
    return slot;
  }

  private slotIfKnown(exchange: Exchange, token: number): number | undefined {
    return this.slots.get(exchange)?.get(token);
  }

  /**
   * Whether the instrument's last tick is too old (see markStale): made on first ask, written by
   * the one shared timer and cleared by the next tick, so a cell observes a boolean and no cell
   * runs a timer of its own.
   */
  stale(exchange: Exchange, token: number): Observable<boolean> {
    const w = this.wires[this.slot(exchange, token)]!;
    w.stale ??= observable(w.staleNow);
    return w.stale;
  }

  /**
   * The shared timer's step: every instrument a cell watches is stale when its last tick (or, with
   * none yet, the cell's first ask) is more than `maxAgeMs` old while its market is open; a still
   * price in a closed market is the truth, not a stale one.
   */
  markStale(now: number, isOpen: (exchange: Exchange) => boolean, maxAgeMs: number): void {
    batch(() => {
      for (const w of this.wires) {
        if (!w.stale) continue;
        const stale = now - w.tickAt > maxAgeMs && isOpen(w.exchange);
        if (stale !== w.staleNow) w.stale.set((w.staleNow = stale));
      }
    });
  }

  /** Arrival time of the instrument's last tick, or undefined when none arrived. */
  lastTickAt(exchange: Exchange, token: number): number | undefined {
    const slot = this.slotIfKnown(exchange, token);
    const w = slot === undefined ? undefined : this.wires[slot];
    return w && w.epoch !== undefined ? w.tickAt : undefined;
  }

  /** The instrument's observable, made on first ask from what the column store holds (written at the last flush). */
  quote(exchange: Exchange, token: number): Observable<LiveQuote> {
    const slot = this.slot(exchange, token);
    let q = this.quotes[slot];
    if (!q) {
      const v = emptyQuote(exchange, token);
      // Values still pending reach the observable at the next flush, like any other write.
      if (this.dirty[slot] === 0) this.copyInto(v, slot);
      this.quotes[slot] = q = observable(v);
    }
    return q;
  }

  private copyInto(q: LiveQuote, slot: number): void {
    const at = slot * STRIDE;
    for (let i = 0; i < STRIDE; i++) q[FIELDS[i]!] = this.values[at + i]!;
  }

  /** The instrument's depth observable, created on first ask; frames fill it from then on. */
  depth(exchange: Exchange, token: number): Observable<LiveDepth> {
    const slot = this.slot(exchange, token);
    let d = this.depths[slot];
    if (!d) this.depths[slot] = d = observable<LiveDepth>(emptyDepth());
    return d;
  }

  /** Decodes a frame into the column store; false when the frame was bad (null from the codec) or stale. */
  applyFrame(bytes: Uint8Array): boolean {
    const r = this.reader;
    if (!r.open(bytes)) return false;
    const slot = this.slot(r.exchange, r.token);
    const at = this.now();
    this.newestFrameAt = at;
    const vals = this.values;
    const base = slot * STRIDE;
    if (r.kind === 1) {
      const wire = this.wires[slot]!;
      const seq = r.u32(O.seq);
      const order = orderFrame(wire.epoch, wire.seq, this.epoch, seq);
      if (!acceptsFrame(order)) {
        this.stats.dropped++;
        return false;
      }
      if (order === "next" && seq > wire.seq + 1) this.stats.gaps++;
      wire.epoch = this.epoch;
      wire.seq = seq;
      wire.tickAt = at;
      wire.ticked = true;
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
    } else if (r.kind === 2) {
      vals[base + F.openinterest] = r.u32(OPEN_INTEREST_OFFSET.openInterest);
    } else {
      const d = r.i32(PI.priceDivisor) || 1;
      vals[base + F.weekHigh] = r.i32(PI.weekHigh) / d;
      vals[base + F.weekLow] = r.i32(PI.weekLow) / d;
      vals[base + F.uc] = r.i32(PI.upperCircuitLimit) / d;
      vals[base + F.lc] = r.i32(PI.lowerCircuitLimit) / d;
    }
    if (this.dirty[slot] === 0) {
      this.dirty[slot] = 1;
      this.dirtyList.push(slot);
    }
    this.stats.frames++;
    if (!this.scheduled) {
      this.scheduled = true;
      this.schedule(() => this.flush());
    }
    return true;
  }

  /** Writes what changed since the last flush into the observed instruments, in one batch. Called by the scheduler; tests may call it. */
  flush(): void {
    this.scheduled = false;
    const list = this.dirtyList;
    if (list.length === 0) return;
    this.stats.flushes++;
    const vals = this.values;
    batch(() => {
      for (let k = 0; k < list.length; k++) {
        const slot = list[k]!;
        this.dirty[slot] = 0;
        const wire = this.wires[slot]!;
        const ticked = wire.ticked;
        wire.ticked = false;
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
        }
        if (ticked && wire.stale && wire.staleNow) wire.stale.set((wire.staleNow = false));
      }
    });
    list.length = 0;
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
      });
    });
    this.slots.clear();
    this.wires = [];
    this.quotes = [];
    this.depths = [];
    this.pendingDepth = [];
    this.values = new Float64Array(STRIDE * 1024);
    this.dirty = new Uint8Array(1024);
    this.dirtyList = [];
    this.newestFrameAt = undefined;
    this.scheduled = false;
    Object.assign(this.stats, { frames: 0, dropped: 0, gaps: 0, flushes: 0 });
  }

  /** The last accepted frame sequence of an instrument (gap checks, tests). */
  lastSequence(exchange: Exchange, token: number): number | undefined {
    const slot = this.slotIfKnown(exchange, token);
    const w = slot === undefined ? undefined : this.wires[slot];
    return w?.epoch === undefined ? undefined : w.seq;
  }

  /** Number of instruments with a pending write (for tests and the bench). */
  get pendingCount(): number {
    return this.dirtyList.length;
  }
}
