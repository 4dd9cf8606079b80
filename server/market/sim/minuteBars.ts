import type { Bar } from "../../../src/core/types/bar.js";

/** Fields of one bar in the columns, in Bar's order. */
const TIME = 0;
const OPEN = 1;
const HIGH = 2;
const LOW = 3;
const CLOSE = 4;
const VOLUME = 5;
const FIELDS = 6;

/** Bars an instrument keeps: more than MCX's longest session (09:00-23:55, 895 minutes). */
export const MAX_MINUTE_BARS = 1000;
/** The first allocation: half an hour of bars, then doubled as the day goes on. */
const FIRST_CAPACITY = 32;

/**
 * One instrument's one-minute bars of the day, in one Float64Array of six numbers a bar (48 bytes).
 * As objects a bar cost 163 bytes of heap (the object and its boxed prices, measured): every
 * streamed contract adds one a minute, so 9,000 of them grew the broker by 1.5 MB a minute, all
 * day. Oldest first; past MAX_MINUTE_BARS the oldest goes (a ring).
 */
export class MinuteBars {
  private cells = new Float64Array(0);
  /** Index of the oldest bar in the ring. */
  private first = 0;
  private count = 0;

  get length(): number {
    return this.count;
  }

  /**
   * A price at `price` in the minute starting `minute` (epoch ms): the minute's bar moves to it, or
   * a new bar opens at `open` (the day's open for its first bar, so a chart's first candle and the
   * quote's open agree). `volume` is added to the minute's.
   */
  record(minute: number, open: number, price: number, volume: number): void {
    if (this.count > 0) {
      const last = this.slot(this.count - 1);
      // Bars only go forward: a price stamped before the last bar (a clock set back to a fixed
      // SIM_TIME by a restart of the same day) joins the last bar, so a chart's times stay in order.
      if (this.cells[last + TIME]! >= minute) {
        const c = this.cells;
        if (price > c[last + HIGH]!) c[last + HIGH] = price;
        if (price < c[last + LOW]!) c[last + LOW] = price;
        c[last + CLOSE] = price;
        c[last + VOLUME]! += volume;
        return;
      }
    }
    const at = this.append();
    const c = this.cells;
    c[at + TIME] = minute;
    c[at + OPEN] = open;
    c[at + HIGH] = Math.max(open, price);
    c[at + LOW] = Math.min(open, price);
    c[at + CLOSE] = price;
    c[at + VOLUME] = volume;
  }

  /** The bars as objects, oldest first: copies, for a chart's answer. */
  toArray(): Bar[] {
    const out: Bar[] = new Array(this.count);
    const c = this.cells;
    for (let i = 0; i < this.count; i++) {
      const at = this.slot(i);
      out[i] = { time: c[at + TIME]!, open: c[at + OPEN]!, high: c[at + HIGH]!, low: c[at + LOW]!, close: c[at + CLOSE]!, volume: c[at + VOLUME]! };
    }
    return out;
  }

  /** The bars whose minute is `minute` or later, oldest first (what a snapshot has not written yet). */
  since(minute: number): Bar[] {
    const out: Bar[] = [];
    const c = this.cells;
    for (let i = this.count - 1; i >= 0; i--) {
      const at = this.slot(i);
      if (c[at + TIME]! < minute) break;
      out.push({ time: c[at + TIME]!, open: c[at + OPEN]!, high: c[at + HIGH]!, low: c[at + LOW]!, close: c[at + CLOSE]!, volume: c[at + VOLUME]! });
    }
    return out.reverse();
  }

  /** Puts back a bar as it was saved (a restart of the same day), after the ones already here. */
  restore(bar: Bar): void {
    const at = this.append();
    const c = this.cells;
    c[at + TIME] = bar.time;
    c[at + OPEN] = bar.open;
    c[at + HIGH] = bar.high;
    c[at + LOW] = bar.low;
    c[at + CLOSE] = bar.close;
    c[at + VOLUME] = bar.volume;
  }

  /** A new day: no bars, and the day's memory given back. */
  clear(): void {
    this.cells = new Float64Array(0);
    this.first = 0;
    this.count = 0;
  }

  /** Where the i-th oldest bar's numbers start. */
  private slot(i: number): number {
    return ((this.first + i) % this.capacity()) * FIELDS;
  }

  private capacity(): number {
    return this.cells.length / FIELDS;
  }

  /** Room for one more bar, growing or dropping the oldest; returns where it goes. */
  private append(): number {
    const capacity = this.capacity();
    if (this.count < capacity) return this.slot(this.count++);
    if (capacity < MAX_MINUTE_BARS) {
      const grown = new Float64Array(Math.min(MAX_MINUTE_BARS, Math.max(FIRST_CAPACITY, capacity * 2)) * FIELDS);
      // The ring turns only once full at the limit, so below it the oldest bar is still at 0: one copy.
      grown.set(this.cells);
      this.cells = grown;
      return this.slot(this.count++);
    }
    // Full at the limit: the oldest bar's slot becomes the newest.
    const at = this.slot(0);
    this.first = (this.first + 1) % capacity;
    return at;
  }
}
