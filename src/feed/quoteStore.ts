import { batch, observable, type Observable } from "@legendapp/state";
import type { Exchange } from "../core/types/exchange";
import { DEPTH_ENTRY_OFFSET as D, DEPTH_LEVELS, OPEN_INTEREST_OFFSET, openFrame, SNAPSHOT_OFFSET as O } from "../core/frameCodec";
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

interface Pending {
  exchange: Exchange;
  token: number;
  fields: Partial<LiveQuote>;
  depth: LiveDepth | null;
  /** Set when a market snapshot (a tick) is among the pending frames: it clears the instrument's staleness. */
  ticked: Wire | null;
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
}

function readDepth(v: DataView, divisor: number): LiveDepth {
  const bids: DepthRow[] = [];
  const asks: DepthRow[] = [];
  for (let i = 0; i < DEPTH_LEVELS; i++) {
    const b = O.depth + i * O.depthEntryBytes;
    const a = O.depth + (DEPTH_LEVELS + i) * O.depthEntryBytes;
    bids.push({ qty: v.getUint32(b + D.quantity, true), price: v.getInt32(b + D.price, true) / divisor, orders: v.getUint32(b + D.numberOfOrders, true) });
    asks.push({ qty: v.getUint32(a + D.quantity, true), price: v.getInt32(a + D.price, true) / divisor, orders: v.getUint32(a + D.numberOfOrders, true) });
  }
  return {
    bids,
    asks,
    totalbuyqty: v.getUint32(O.tBidQ, true),
    totalsellqty: v.getUint32(O.tOffQ, true),
    lastQty: v.getUint32(O.lastQty, true),
    avgPrice: v.getInt32(O.avgRate, true) / divisor,
    lastTradedTime: v.getUint32(O.lastTradedTime, true),
  };
}

/**
 * One legend-state observable per instrument (plus its depth observable, see LiveDepth); the
 * frame sequence is kept here, not in the observable. Frames are decoded straight from their bytes into
 * a pending plain record; the writes of all pending instruments are applied in one batch once
 * per animation frame, so a cell observing obs.LastRate re-renders at most once per frame and a
 * tick never touches a list.
 */
export class QuoteStore {
  private readonly quotes = new Map<string, Observable<LiveQuote>>();
  private readonly depths = new Map<string, Observable<LiveDepth>>();
  private readonly pending = new Map<string, Pending>();
  private readonly wires = new Map<string, Wire>();
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

  private wire(k: string, exchange: Exchange, token: number): Wire {
    let w = this.wires.get(k);
    if (!w) this.wires.set(k, (w = { exchange, token, epoch: undefined, seq: 0, tickAt: this.now(), stale: null, staleNow: false }));
    return w;
  }

  /**
   * Whether the instrument's last tick is too old (see markStale): made on first ask, written by
   * the one shared timer and cleared by the next tick, so a cell observes a boolean and no cell
   * runs a timer of its own.
   */
  stale(exchange: Exchange, token: number): Observable<boolean> {
    const w = this.wire(`${exchange}:${token}`, exchange, token);
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
      for (const w of this.wires.values()) {
        if (!w.stale) continue;
        const stale = now - w.tickAt > maxAgeMs && isOpen(w.exchange);
        if (stale !== w.staleNow) w.stale.set((w.staleNow = stale));
      }
    });
  }

  /** Arrival time of the instrument's last tick, or undefined when none arrived. */
  lastTickAt(exchange: Exchange, token: number): number | undefined {
    const w = this.wires.get(`${exchange}:${token}`);
    return w && w.epoch !== undefined ? w.tickAt : undefined;
  }

  /** The instrument's observable, created empty on first ask. */
  quote(exchange: Exchange, token: number): Observable<LiveQuote> {
    const k = `${exchange}:${token}`;
    let q = this.quotes.get(k);
    if (!q) this.quotes.set(k, (q = observable(emptyQuote(exchange, token))));
    return q;
  }

  /** The instrument's depth observable, created on first ask; frames fill it from then on. */
  depth(exchange: Exchange, token: number): Observable<LiveDepth> {
    const k = `${exchange}:${token}`;
    let d = this.depths.get(k);
    if (!d) this.depths.set(k, (d = observable<LiveDepth>(emptyDepth())));
    return d;
  }

  /** Decodes a frame and queues its fields; false when the frame was bad (null from the codec) or stale. */
  applyFrame(bytes: Uint8Array): boolean {
    const f = openFrame(bytes);
    if (!f) return false;
    const k = `${f.exchange}:${f.token}`;
    const v = f.view;
    const at = this.now();
    this.newestFrameAt = at;
    const wire = f.kind === 1 ? this.wire(k, f.exchange, f.token) : undefined;
    if (wire) {
      const seq = v.getUint32(O.seq, true);
      const order = orderFrame(wire.epoch, wire.seq, this.epoch, seq);
      if (!acceptsFrame(order)) {
        this.stats.dropped++;
        return false;
      }
      if (order === "next" && seq > wire.seq + 1) this.stats.gaps++;
      wire.epoch = this.epoch;
      wire.seq = seq;
      wire.tickAt = at;
    }
    let entry = this.pending.get(k);
    if (!entry) {
      entry = { exchange: f.exchange, token: f.token, fields: {}, depth: null, ticked: null };
      this.pending.set(k, entry);
    }
    const p = entry.fields;
    if (wire) {
      entry.ticked = wire;
      const d = v.getInt32(O.priceDivisor, true) || 1;
      const ltp = v.getInt32(O.lastRate, true) / d;
      const pClose = v.getInt32(O.pClose, true) / d;
      const chg = ltp - pClose;
      p.LastRate = ltp;
      p.PClose = pClose;
      p.c = pClose;
      p.chg = chg;
      p.pchg = percentChange(chg, pClose);
      p.volume = v.getUint32(O.totalQty, true);
      p.o = v.getInt32(O.openRate, true) / d;
      p.h = v.getInt32(O.high, true) / d;
      p.l = v.getInt32(O.low, true) / d;
      if (this.depths.has(k)) entry.depth = readDepth(v, d);
    } else if (f.kind === 2) {
      p.openinterest = v.getUint32(OPEN_INTEREST_OFFSET.openInterest, true);
    } else {
      const d = v.getInt32(24, true) || 1;
      p.weekHigh = v.getInt32(8, true) / d;
      p.weekLow = v.getInt32(12, true) / d;
      p.uc = v.getInt32(16, true) / d;
      p.lc = v.getInt32(20, true) / d;
    }
    this.stats.frames++;
    if (!this.scheduled) {
      this.scheduled = true;
      this.schedule(() => this.flush());
    }
    return true;
  }

  /** Applies every pending write in one batch. Called by the scheduler; tests may call it. */
  flush(): void {
    this.scheduled = false;
    if (this.pending.size === 0) return;
    const writes = [...this.pending.values()];
    this.pending.clear();
    this.stats.flushes++;
    batch(() => {
      for (const w of writes) {
        const obs = this.quote(w.exchange, w.token);
        // Only the fields that changed are written: each write costs a walk of the observable's
        // listeners, and a typical tick changes half the fields (PClose, circuits, week range stay).
        const current = obs.peek() as unknown as Record<string, unknown>;
        const fields = w.fields as Record<string, unknown>;
        let changed: Record<string, unknown> | null = null;
        for (const f in fields) {
          if (current[f] !== fields[f]) (changed ??= {})[f] = fields[f];
        }
        if (changed) obs.assign(changed as Partial<LiveQuote>);
        if (w.depth) this.depth(w.exchange, w.token).set(w.depth);
        const wire = w.ticked;
        if (wire?.stale && wire.staleNow) wire.stale.set((wire.staleNow = false));
      }
    });
  }

  /**
   * Sign-out: every instrument back to no frame seen. An observable still held (a cell that has
   * not unmounted yet) shows empty values, not the last session's; the next ask makes a new one.
   */
  reset(): void {
    batch(() => {
      for (const [, q] of this.quotes) q.set(emptyQuote(q.exchange.peek(), q.token.peek()));
      for (const [, d] of this.depths) d.set(emptyDepth());
      for (const [, w] of this.wires) w.stale?.set(false);
    });
    this.quotes.clear();
    this.depths.clear();
    this.pending.clear();
    this.wires.clear();
    this.newestFrameAt = undefined;
    this.scheduled = false;
    Object.assign(this.stats, { frames: 0, dropped: 0, gaps: 0, flushes: 0 });
  }

  /** The last accepted frame sequence of an instrument (gap checks, tests). */
  lastSequence(exchange: Exchange, token: number): number | undefined {
    const w = this.wires.get(`${exchange}:${token}`);
    return w?.epoch === undefined ? undefined : w.seq;
  }

  /** Number of instruments with a pending write (for tests and the bench). */
  get pendingCount(): number {
    return this.pending.size;
  }
}
