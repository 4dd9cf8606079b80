/**
 * Feed health (issue 11, DESIGN.md section 2): the status bar's light is `down` when the socket is
 * closed or the broker does not answer; `stale` when the socket is up but no frame for a
 * subscribed instrument arrived for 5 s while its market is open; `live` otherwise. A price whose
 * last tick is older than 10 s while its market is open is shown stale.
 */
export type FeedState = "live" | "stale" | "down";

/** A subscribed instrument silent this long in an open market makes the feed stale. */
export const FEED_SILENCE_MS = 5_000;
/** A price cell whose last tick is older than this in an open market is dimmed. */
export const PRICE_STALE_MS = 10_000;

export interface FeedObservation {
  socketOpen: boolean;
  /** Whether the broker's last health check answered; undefined before the first one. */
  brokerAnswers: boolean | undefined;
  /** The longest silence among subscribed instruments whose market is open (0 when none). */
  longestSilenceMs: number;
}

export function feedState(o: FeedObservation): FeedState {
  if (!o.socketOpen || o.brokerAnswers === false) return "down";
  return o.longestSilenceMs > FEED_SILENCE_MS ? "stale" : "live";
}

/**
 * How long an instrument has been silent: since its last tick, or, when it has not ticked since it
 * was subscribed on this connection, since the subscription.
 */
export function silenceMs(now: number, subscribedAt: number, lastTickAt: number | undefined): number {
  return now - Math.max(subscribedAt, lastTickAt ?? subscribedAt);
}
