import { batch, observable, type Observable } from "@legendapp/state";
import type { Exchange } from "../core/exchanges";
import { DEPTH_LEVELS, openFrame, SNAPSHOT_OFFSET as O } from "./codec";

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
  bids: DepthRow[];
  asks: DepthRow[];
  totalbuyqty: number;
  totalsellqty: number;
  lastQty: number;
  avgPrice: number;
  /** Seconds since midnight, exchange time. */
  lastTradedTime: number;
  seq: number;
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
    uc: 0, lc: 0, bids: [], asks: [], totalbuyqty: 0, totalsellqty: 0, lastQty: 0, avgPrice: 0, lastTradedTime: 0, seq: 0,
  };
}

/** Percent change; infinite when the previous close is 0 and the price moved. */
export function percentChange(chg: number, pClose: number): number {
  if (pClose !== 0) return (chg / pClose) * 100;
  return chg === 0 ? 0 : chg > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
}

/** A frame sequence this far behind the last one means the broker restarted: accept it. */
const SEQ_RESET_WINDOW = 100_000;

/**
 * One legend-state observable per instrument. Frames are decoded straight from their bytes into
 * a pending plain record; the writes of all pending instruments are applied in one batch once
 * per animation frame, so a cell observing obs.LastRate re-renders at most once per frame and a
 * tick never touches a list.
 */
export class QuoteStore {
  private readonly quotes = new Map<string, Observable<LiveQuote>>();
  private readonly pending = new Map<string, Partial<LiveQuote>>();
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

  /** Decodes a frame and queues its fields; false when the frame was bad (null from the codec) or stale. */
  applyFrame(bytes: Uint8Array): boolean {
    const f = openFrame(bytes);
    if (!f) return false;
    const k = `${f.exchange}:${f.token}`;
    const v = f.view;
    let p = this.pending.get(k);
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
      p ??= {};
      p.LastRate = ltp;
      p.PClose = pClose;
      p.c = pClose;
      p.chg = chg;
      p.pchg = percentChange(chg, pClose);
      p.volume = v.getUint32(O.totalQty, true);
      p.lastQty = v.getUint32(O.lastQty, true);
      p.o = v.getInt32(O.openRate, true) / d;
      p.h = v.getInt32(O.high, true) / d;
      p.l = v.getInt32(O.low, true) / d;
      p.avgPrice = v.getInt32(O.avgRate, true) / d;
      p.totalbuyqty = v.getUint32(O.tBidQ, true);
      p.totalsellqty = v.getUint32(O.tOffQ, true);
      p.lastTradedTime = v.getUint32(O.lastTradedTime, true);
      p.seq = seq;
      const bids: DepthRow[] = [];
      const asks: DepthRow[] = [];
      for (let i = 0; i < DEPTH_LEVELS; i++) {
        const b = O.depth + i * O.depthEntryBytes;
        const a = O.depth + (DEPTH_LEVELS + i) * O.depthEntryBytes;
        bids.push({ qty: v.getUint32(b, true), price: v.getInt32(b + 4, true) / d, orders: v.getUint32(b + 8, true) });
        asks.push({ qty: v.getUint32(a, true), price: v.getInt32(a + 4, true) / d, orders: v.getUint32(a + 8, true) });
      }
      p.bids = bids;
      p.asks = asks;
    } else if (f.kind === 2) {
      p ??= {};
      p.openinterest = v.getUint32(8, true);
    } else {
      const d = v.getInt32(24, true) || 1;
      p ??= {};
      p.weekHigh = v.getInt32(8, true) / d;
      p.weekLow = v.getInt32(12, true) / d;
      p.uc = v.getInt32(16, true) / d;
      p.lc = v.getInt32(20, true) / d;
    }
    this.pending.set(k, p);
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
    const writes = [...this.pending];
    this.pending.clear();
    this.stats.flushes++;
    batch(() => {
      for (const [k, p] of writes) {
        const [exchange, token] = k.split(":") as [Exchange, string];
        this.quote(exchange, Number(token)).assign(p);
      }
    });
  }

  /** Number of instruments with a pending write (for tests and the bench). */
  get pendingCount(): number {
    return this.pending.size;
  }
}
