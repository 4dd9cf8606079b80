import type { OiMinute } from "../../../src/core/strategy/oiWindows.js";
import { MinuteRing } from "./minuteRing.js";

const TIME = 0;
const OI = 1;
const PRICE = 2;
const FIELDS = 3;

/**
 * A derivative's open interest and last price at the end of each minute of the session it moved
 * in (issue 31: OI build-up over the last 5, 15 and 30 minutes), in a MinuteRing of three numbers
 * a minute (24 bytes), bounded and emptied as the minute bars are.
 * A minute with no trade has no entry: the OI stood where the last entry left it.
 */
export class OiMinutes extends MinuteRing {
  constructor() {
    super(FIELDS);
  }

  /** The figures standing at the end of the minute starting `minute` (epoch ms): the minute's entry moves to them, or a new one opens. */
  record(minute: number, oi: number, price: number): void {
    const last = this.joining(minute);
    const at = last >= 0 ? last : this.append();
    // A minute joined keeps its own start; a new one starts at `minute`.
    if (last < 0) this.cells[at + TIME] = minute;
    this.cells[at + OI] = oi;
    this.cells[at + PRICE] = price;
  }

  toArray(): OiMinute[] {
    const out: OiMinute[] = new Array(this.length);
    for (let i = 0; i < this.length; i++) {
      const at = this.slot(i);
      out[i] = { time: this.cells[at + TIME]!, oi: this.cells[at + OI]!, ltp: this.cells[at + PRICE]! };
    }
    return out;
  }
}
