/**
 * Feed health (issue 11, DESIGN.md section 2): the status bar's light is `down` when the socket is
 * closed or the broker does not answer; `stale` when the socket is up but no frame for a
 * subscribed instrument arrived for 5 s while its market is open; `live` otherwise. A price whose
 * last tick is older than 10 s while its market is open is shown stale. In a replay (issue 35) the
 * light judges the feed as a whole and silences stand still while the replay is paused
 * (judgedSilenceMs, RunningClock).
 */
export type FeedState = "live" | "stale" | "down";

/** A subscribed instrument silent this long in an open market makes the feed stale. */
export const FEED_SILENCE_MS = 5_000;
/** A price cell whose last tick is older than this in an open market is dimmed. */
export const PRICE_STALE_MS = 10_000;

/**
 * The age past which a price in an open market is shown stale: PRICE_STALE_MS while the feed is up,
 * and any age while it is down (the socket closed or the broker not answering): with the source of
 * every price gone, no price on screen is live, and waiting out the 10 s left a trader reading
 * undimmed prices for 10 s under the "down" light (Tape's decision; "Stale is an error").
 */
export function priceStaleAfterMs(state: FeedState): number {
  return state === "down" ? -1 : PRICE_STALE_MS;
}

export interface FeedObservation {
  socketOpen: boolean;
  /** Whether the broker's last health check answered; undefined before the first one. */
  brokerAnswers: boolean | undefined;
  /** The silence of the subscribed instruments whose market is open, as judgedSilenceMs judges it (0 when none). */
  silenceMs: number;
}

export function feedState(o: FeedObservation): FeedState {
  if (!o.socketOpen || o.brokerAnswers === false) return "down";
  return o.silenceMs > FEED_SILENCE_MS ? "stale" : "live";
}

/**
 * How long an instrument has been silent: since its last tick, or, when it has not ticked since it
 * was subscribed on this connection, since the subscription.
 */
export function silenceMs(now: number, subscribedAt: number, lastTickAt: number | undefined): number {
  return now - Math.max(subscribedAt, lastTickAt ?? subscribedAt);
}

/**
 * The silence the light judges. Live (issue 11), the longest of the subscribed instruments' whose
 * market is open: one silent instrument is a fault of the feed. In a replay (issue 35), the
 * shortest: the day's tape decides which instruments tick (an option nobody watched while the day
 * was recorded, a share an import has no bars for), so one silent instrument is a gap in the day,
 * and the replay feed is stale only when none of them arrives. Each price still dims on its own
 * (PRICE_STALE_MS), so a gap is marked where it shows. 0 when there is no such instrument.
 */
export function judgedSilenceMs(silences: Iterable<number>, replay: boolean): number {
  let judged: number | undefined;
  for (const s of silences) judged = judged === undefined ? s : replay ? Math.min(judged, s) : Math.max(judged, s);
  return judged ?? 0;
}

/**
 * The clock silences are counted on (issue 35): the device's, standing still while the market's
 * clock stands (a replay paused, or played to its end). A paused replay's prices are the market's
 * at the paused instant, not late ones: counted on the device's clock, a pause turned the light
 * stale in 5 s and dimmed every price in 10. While the replay runs it counts device time, not
 * replay time: at 100× five seconds of replay are 50 ms, one step of the replay's driver, so a
 * price would flicker stale between two steps.
 */
export class RunningClock {
  /** Device ms the clock stood, before `stoodSince`. */
  private stood = 0;
  /** When it last stopped (device ms); null while it runs. */
  private stoodSince: number | null = null;

  /** The market's clock runs (true) or stands, as seen at device time `at`. */
  observe(running: boolean, at: number): void {
    if (!running && this.stoodSince === null) this.stoodSince = at;
    else if (running && this.stoodSince !== null) {
      this.stood += Math.max(0, at - this.stoodSince);
      this.stoodSince = null;
    }
  }

  /** The running clock at device time `device`: the device's, less every span it stood. */
  now(device: number): number {
    return (this.stoodSince === null ? device : Math.min(device, this.stoodSince)) - this.stood;
  }
}
