/** Minutes an instrument keeps: more than MCX's longest session (09:00-23:55, 895 minutes). */
export const MAX_MINUTES = 1000;
/** The first allocation: half an hour of minutes, then doubled as the day goes on. */
const FIRST_CAPACITY = 32;

/**
 * One instrument's per-minute figures of the day in one Float64Array, `fields` numbers a minute
 * with the minute's start (epoch ms) first: the minute bars and the OI minutes alike. Objects cost
 * about 160 bytes a minute of heap (measured for a bar), and every streamed contract adds one a
 * minute all day. Oldest first; past MAX_MINUTES the oldest goes (a ring); emptied when the day rolls.
 */
export abstract class MinuteRing {
  protected cells = new Float64Array(0);
  /** Index of the oldest minute in the ring. */
  private first = 0;
  private count = 0;

  constructor(private readonly fields: number) {}

  get length(): number {
    return this.count;
  }

  /** A new day: no minutes, and the day's memory given back. */
  clear(): void {
    this.cells = new Float64Array(0);
    this.first = 0;
    this.count = 0;
  }

  /**
   * Where the newest minute's numbers start when `minute` joins it: minutes only go forward, so a
   * figure stamped at or before the newest minute (a clock set back to a fixed SIM_TIME by a restart
   * of the same day) joins that minute, and times stay in order. -1 when `minute` opens a new one.
   */
  protected joining(minute: number): number {
    if (this.count === 0) return -1;
    const last = this.slot(this.count - 1);
    return this.cells[last]! >= minute ? last : -1;
  }

  /** Where the i-th oldest minute's numbers start. */
  protected slot(i: number): number {
    return ((this.first + i) % (this.cells.length / this.fields)) * this.fields;
  }

  /** Room for one more minute, growing or dropping the oldest; returns where it goes. */
  protected append(): number {
    const capacity = this.cells.length / this.fields;
    if (this.count < capacity) return this.slot(this.count++);
    if (capacity < MAX_MINUTES) {
      const grown = new Float64Array(Math.min(MAX_MINUTES, Math.max(FIRST_CAPACITY, capacity * 2)) * this.fields);
      // The ring turns only once full at the limit, so below it the oldest minute is still at 0: one copy.
      grown.set(this.cells);
      this.cells = grown;
      return this.slot(this.count++);
    }
    // Full at the limit: the oldest minute's slot becomes the newest.
    const at = this.slot(0);
    this.first = (this.first + 1) % capacity;
    return at;
  }
}
