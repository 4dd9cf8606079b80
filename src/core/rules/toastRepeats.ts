import type { Telling } from "../notify";

/**
 * "Duplicate identical toasts are not stacked" (trading-core section 2): an identical toast shown
 * again while the first is on screen replaces it. Said once, a second identical order (the same
 * quantity, side, price and type, placed within the toast's life) went unannounced: the trader
 * saw one "Placed" for two orders. So the one toast counts its repeats: "… ×2". Pure: the caller
 * gives the time.
 *
 * The count is of events, not of tellings: one modify is told by the order window's answer and by
 * the broker's update of it, with the same text, and was counted "×2" for one modify. A toast that
 * names its event and teller (Telling) and finds the other teller's telling of the same event still
 * waiting under its id joins it without counting; two modifies, each told twice, still count ×2.
 */
export class ToastRepeats {
  private readonly shown = new Map<string, { count: number; until: number; waiting: Map<string, number> }>();

  /** The text to show for toast `id` shown at `now` for `ms`: its own, with the count of its repeats while it is still on screen. */
  text(id: string, text: string, now: number, ms: number, tells?: Telling): string {
    const was = this.shown.get(id);
    const live = was !== undefined && was.until > now ? was : undefined;
    const waiting = live?.waiting ?? new Map<string, number>();
    let count = live ? live.count + 1 : 1;
    if (tells) {
      const other = `${tells.event}|${tells.teller === "answer" ? "update" : "answer"}`;
      const pending = waiting.get(other) ?? 0;
      if (live && pending > 0) {
        // The other half of an event already counted: the same toast, its count as it was.
        count = live.count;
        if (pending > 1) waiting.set(other, pending - 1);
        else waiting.delete(other);
      } else {
        const own = `${tells.event}|${tells.teller}`;
        waiting.set(own, (waiting.get(own) ?? 0) + 1);
      }
    }
    this.shown.set(id, { count, until: now + ms, waiting });
    // Bounded: the ones gone from the screen are forgotten now and then.
    if (this.shown.size > 100) for (const [k, v] of this.shown) if (v.until <= now) this.shown.delete(k);
    return count > 1 ? `${text} ×${count}` : text;
  }
}
