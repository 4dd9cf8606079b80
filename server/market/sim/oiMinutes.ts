import type { OiMinute } from "../../../src/core/strategy/oiWindows.js";
import { MAX_MINUTE_BARS } from "./minuteBars.js";

const TIME = 0;
const OI = 1;
const PRICE = 2;
const FIELDS = 3;
const FIRST_CAPACITY = 32;

/**
 * A derivative's open interest and last price at the end of each minute of the session it moved
 * in (issue 31: OI build-up over the last 5, 15 and 30 minutes), in one Float64Array of three
 * numbers a minute (24 bytes), grown as the day goes on as the minute bars are. Bounded: one entry
 * a minute, at most MAX_MINUTE_BARS (past them the oldest goes), and emptied when the day rolls.
 * A minute with no trade has no entry: the OI stood where the last entry left it.
 */
export class OiMinutes {
  private cells = new Float64Array(0);
  private first = 0;
  private count = 0;

  get length(): number {
    return this.count;
  }

  /** The figures standing at the end of the minute starting `minute` (epoch ms): the minute's entry moves to them, or a new one opens. */
  record(minute: number, oi: number, price: number): void {
    if (this.count > 0) {
      const last = this.slot(this.count - 1);
      // Only forward, as the bars: a minute stamped before the last entry joins it.
      if (this.cells[last + TIME]! >= minute) {
        this.cells[last + OI] = oi;
        this.cells[last + PRICE] = price;
        return;
      }
    }
    const at = this.append();
    this.cells[at + TIME] = minute;
    this.cells[at + OI] = oi;
    this.cells[at + PRICE] = price;
  }

  toArray(): OiMinute[] {
    const out: OiMinute[] = new Array(this.count);
    for (let i = 0; i < this.count; i++) {
      const at = this.slot(i);
      out[i] = { time: this.cells[at + TIME]!, oi: this.cells[at + OI]!, ltp: this.cells[at + PRICE]! };
    }
    return out;
  }

  clear(): void {
    this.cells = new Float64Array(0);
    this.first = 0;
    this.count = 0;
  }

  private slot(i: number): number {
    return ((this.first + i) % (this.cells.length / FIELDS)) * FIELDS;
  }

  private append(): number {
    const capacity = this.cells.length / FIELDS;
    if (this.count < capacity) return this.slot(this.count++);
    if (capacity < MAX_MINUTE_BARS) {
      const grown = new Float64Array(Math.min(MAX_MINUTE_BARS, Math.max(FIRST_CAPACITY, capacity * 2)) * FIELDS);
      grown.set(this.cells);
      this.cells = grown;
      return this.slot(this.count++);
    }
    const at = this.slot(0);
    this.first = (this.first + 1) % capacity;
    return at;
  }
}
