import { batch, observable, type Observable } from "@legendapp/state";
import type { Exchange } from "../core/types/exchange";
import { DEPTH_ENTRY_OFFSET as D, DEPTH_LEVELS, OPEN_INTEREST_OFFSET, openFrame, SNAPSHOT_OFFSET as O } from "../core/frameCodec";

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

/** A frame sequence this far behind the last one means the broker restarted: accept it. */
const SEQ_RESET_WINDOW = 100_000;

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
  private readonly lastSeq = new Map<string, number>();
  private scheduled = false;
  readonly stats: QuoteStoreStats = { frames: 0, dropped: 0, gaps: 0, flushes: 0 };

  constructor(private readonly schedule: FrameScheduler = animationFrameScheduler) {}

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
    let entry = this.pending.get(k);
    if (!entry) {
      entry = { exchange: f.exchange, token: f.token, fields: {}, depth: null };
      this.pending.set(k, entry);
    }
    const p = entry.fields;
    if (f.kind === 1) {
      const seq = v.getUint32(O.seq, true);
      const last = this.lastSeq.get(k);
      if (last !== undefined && seq <= last && last - seq < SEQ_RESET_WINDOW) {
        this.stats.dropped++;
        return false;
      }
      if (last !== undefined && seq > last + 1) this.stats.gaps++;
      this.lastSeq.set(k, seq);
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
    });
    this.quotes.clear();
    this.depths.clear();
    this.pending.clear();
    this.lastSeq.clear();
    this.scheduled = false;
    Object.assign(this.stats, { frames: 0, dropped: 0, gaps: 0, flushes: 0 });
  }

  /** The last accepted frame sequence of an instrument (gap and staleness checks). */
  lastSequence(exchange: Exchange, token: number): number | undefined {
    return this.lastSeq.get(`${exchange}:${token}`);
  }

  /** Number of instruments with a pending write (for tests and the bench). */
  get pendingCount(): number {
    return this.pending.size;
  }
}
