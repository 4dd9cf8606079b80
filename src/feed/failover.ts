/**
 * Which edge the feed connects to next, and when (issue 36). The broker names the client's own
 * edge first and the others after it (GET /core/feed/config); every close of the connection (a
 * drop, or an attempt that failed) moves the next attempt to the following edge, round the list.
 * A refusal of the credentials ends the session only when every edge in turn has refused them:
 * one edge may not yet have caught up with a login while it was down.
 */

/** The spread of failover attempts: a dead edge's clients reach the others over this window, not all in one instant. */
export const FAILOVER_JITTER_MS = 1_000;

/**
 * How long to wait before the attempt that follows a close. The attempt goes to the next edge;
 * while that edge has not been tried since the last successful connect (fewer closes than
 * edges), it is tried at once, after a random 0-1 s that spreads a dead edge's clients over a
 * second instead of all of them landing on the others at the same moment. Once every edge has
 * been tried, the next attempt is on an edge that already failed: the usual back-off period. One
 * edge (no fallback) always waits the period. Never 0: mqtt.js reads a reconnect period of 0 as
 * "never reconnect".
 */
export function reconnectDelay(o: { edges: number; closesSinceConnect: number; random: number; periodMs: number }): number {
  if (o.edges > 1 && o.closesSinceConnect < o.edges) return Math.max(1, Math.floor(o.random * FAILOVER_JITTER_MS));
  return o.periodMs;
}

export class EdgeRotation {
  private at = 0;
  private refusedInARow = 0;
  private closesSinceConnect = 0;

  constructor(private readonly urls: readonly string[]) {
    if (urls.length === 0) throw new Error("EdgeRotation needs at least one URL");
  }

  /** The URL of the next (or current) attempt. */
  current(): string {
    return this.urls[this.at]!;
  }

  /** The connection closed (dropped, or an attempt failed): the next attempt goes to the next edge. */
  closed(): void {
    this.at = (this.at + 1) % this.urls.length;
    this.closesSinceConnect++;
  }

  connected(): void {
    this.refusedInARow = 0;
    this.closesSinceConnect = 0;
  }

  /**
   * The wait before the next attempt (reconnectDelay) as things stand; `ahead` counts closes not yet
   * reported: 1 asks, while connected, for the wait that will follow the next drop.
   */
  delay(random: number, periodMs: number, ahead = 0): number {
    return reconnectDelay({ edges: this.urls.length, closesSinceConnect: this.closesSinceConnect + ahead, random, periodMs });
  }

  /** The edge refused the credentials; true when every edge has, one after the other: the session is over. */
  refused(): boolean {
    this.refusedInARow++;
    return this.refusedInARow >= this.urls.length;
  }
}
