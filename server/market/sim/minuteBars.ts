import type { Bar } from "../../../src/core/types/bar.js";
import { MinuteRing } from "./minuteRing.js";

/** Fields of one bar in the ring, in Bar's order (the minute's start first, as MinuteRing wants). */
const TIME = 0;
const OPEN = 1;
const HIGH = 2;
const LOW = 3;
const CLOSE = 4;
const VOLUME = 5;
const FIELDS = 6;

/** One instrument's one-minute bars of the day: six numbers a bar (48 bytes) in a MinuteRing. */
export class MinuteBars extends MinuteRing {
  constructor() {
    super(FIELDS);
  }

  /**
   * A price at `price` in the minute starting `minute` (epoch ms): the minute's bar moves to it, or
   * a new bar opens at `open` (the day's open for its first bar, so a chart's first candle and the
   * quote's open agree). `volume` is added to the minute's.
   */
  record(minute: number, open: number, price: number, volume: number): void {
    const last = this.joining(minute);
    if (last >= 0) {
      const c = this.cells;
      if (price > c[last + HIGH]!) c[last + HIGH] = price;
      if (price < c[last + LOW]!) c[last + LOW] = price;
      c[last + CLOSE] = price;
      c[last + VOLUME]! += volume;
      return;
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
    const out: Bar[] = new Array(this.length);
    const c = this.cells;
    for (let i = 0; i < this.length; i++) {
      const at = this.slot(i);
      out[i] = { time: c[at + TIME]!, open: c[at + OPEN]!, high: c[at + HIGH]!, low: c[at + LOW]!, close: c[at + CLOSE]!, volume: c[at + VOLUME]! };
    }
    return out;
  }

  /** The bars whose minute is `minute` or later, oldest first (what a snapshot has not written yet). */
  since(minute: number): Bar[] {
    const out: Bar[] = [];
    const c = this.cells;
    for (let i = this.length - 1; i >= 0; i--) {
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
}
