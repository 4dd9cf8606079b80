/**
 * "Duplicate identical toasts are not stacked" (trading-core section 2): an identical toast shown
 * again while the first is on screen replaces it. Said once, a second identical order (the same
 * quantity, side, price and type, placed within the toast's life) went unannounced: the trader
 * saw one "Placed" for two orders. So the one toast counts its repeats: "… ×2". Pure: the caller
 * gives the time.
 */
export class ToastRepeats {
  private readonly shown = new Map<string, { count: number; until: number }>();

  /** The text to show for toast `id` shown at `now` for `ms`: its own, with the count of its repeats while it is still on screen. */
  text(id: string, text: string, now: number, ms: number): string {
    const was = this.shown.get(id);
    const count = was !== undefined && was.until > now ? was.count + 1 : 1;
    this.shown.set(id, { count, until: now + ms });
    // Bounded: the ones gone from the screen are forgotten now and then.
    if (this.shown.size > 100) for (const [k, v] of this.shown) if (v.until <= now) this.shown.delete(k);
    return count > 1 ? `${text} ×${count}` : text;
  }
}
