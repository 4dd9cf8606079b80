/**
 * Which edge the feed connects to next (issue 36). The broker names the client's own edge first
 * and the others after it (GET /core/feed/config); every close of the connection (a drop, or an
 * attempt that failed) moves the next attempt to the following edge, round the list, so a client
 * whose edge died is on another one at its next reconnect (every 2 s). A refusal of the credentials
 * ends the session only when every edge in turn has refused them: one edge may not yet have
 * caught up with a login while it was down.
 */
export class EdgeRotation {
  private at = 0;
  private refusedInARow = 0;

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
  }

  connected(): void {
    this.refusedInARow = 0;
  }

  /** The edge refused the credentials; true when every edge has, one after the other: the session is over. */
  refused(): boolean {
    this.refusedInARow++;
    return this.refusedInARow >= this.urls.length;
  }
}
