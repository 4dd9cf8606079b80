/**
 * The subscription manager (access-and-surroundings section 4, "Live feed connection"):
 * each source declares the topic set it needs; the union of all sources is compared with what
 * is subscribed; new topics are subscribed and dropped ones unsubscribed. Long lists pass only
 * the topics of their visible rows, so scrolling moves the subscriptions with the view.
 */
// The spec's nine sources, plus "depth" and "chart": the market depth and chart panes are Tape's own.
export const FEED_SOURCES = ["marketWatch", "pinnedHeader", "positions", "holdings", "optionWindow", "scanners", "orders", "gtt", "ideas", "depth", "chart"] as const;

export type FeedSource = (typeof FEED_SOURCES)[number];

/** The owner key of a pane instance's topics for one source; app-wide sources own under their own name. */
export function paneOwner(paneId: string, source: FeedSource, part = ""): string {
  return `${paneId}/${source}${part ? `/${part}` : ""}`;
}

export interface SubscriptionDiff {
  add: string[];
  remove: string[];
}

/** What to subscribe and unsubscribe to go from `previous` to `next`. Pure. */
export function diffTopics(previous: ReadonlySet<string>, next: ReadonlySet<string>): SubscriptionDiff {
  const add: string[] = [];
  const remove: string[] = [];
  for (const t of next) if (!previous.has(t)) add.push(t);
  for (const t of previous) if (!next.has(t)) remove.push(t);
  return { add, remove };
}

export interface SubscriptionTransport {
  subscribe(topics: string[]): void;
  unsubscribe(topics: string[]): void;
}

/**
 * Topic sets have owners: a pane instance and its source ("p1f/marketWatch"), or an app-wide
 * source ("pinnedHeader"). Each topic is reference-counted over its owners, so two panes
 * showing one instrument share one subscription, and closing, splitting or re-pointing one pane
 * never unsubscribes a topic another owner still holds.
 */
export class SubscriptionManager {
  private readonly byOwner = new Map<string, ReadonlySet<string>>();
  private readonly owners = new Map<string, number>();
  private subscribed = new Set<string>();
  /** Topics to subscribe again at the next flush, if still held (refresh). */
  private again = new Set<string>();
  private pending = false;

  /**
   * Changes are applied once per `schedule` turn (a microtask by default): when one pane goes and
   * another comes in the same render (a preset, a view switch), the topics they share are neither
   * unsubscribed nor subscribed again. Sending UNSUBSCRIBE and SUBSCRIBE of one topic back to back
   * is not safe: a broker may complete them out of order and leave the topic unsubscribed.
   */
  constructor(
    private readonly transport: SubscriptionTransport,
    // Wrapped: a browser refuses queueMicrotask called as a method of another object ("Illegal invocation").
    private readonly schedule: (flush: () => void) => void = (flush) => queueMicrotask(flush),
  ) {}

  /** Replaces one owner's topics; the union's change is sent at the next flush. */
  setTopics(owner: string, topics: Iterable<string>): void {
    const next = new Set(topics);
    const previous = this.byOwner.get(owner) ?? new Set<string>();
    if (next.size === 0) this.byOwner.delete(owner);
    else this.byOwner.set(owner, next);
    const { add, remove } = diffTopics(previous, next);
    for (const t of add) this.owners.set(t, (this.owners.get(t) ?? 0) + 1);
    for (const t of remove) {
      const n = (this.owners.get(t) ?? 1) - 1;
      if (n > 0) this.owners.set(t, n);
      else this.owners.delete(t);
    }
    if (this.pending) return;
    this.pending = true;
    this.schedule(() => this.flush());
  }

  /**
   * Asks for topics' frames again: at the next flush each one still held, and not new in it, is
   * subscribed again, and the broker answers a subscription with the topic's frame as it stands (a
   * depth asked for after the instrument's last frame gets the book; in a market that does not tick
   * it would wait for the next trade). A SUBSCRIBE of a held topic replaces it: no gap, unlike an
   * UNSUBSCRIBE and SUBSCRIBE.
   */
  refresh(topics: Iterable<string>): void {
    for (const t of topics) this.again.add(t);
    if (this.pending) return;
    this.pending = true;
    this.schedule(() => this.flush());
  }

  clearTopics(owner: string): void {
    this.setTopics(owner, []);
  }

  /** How many owners hold a topic now. */
  ownerCount(topic: string): number {
    return this.owners.get(topic) ?? 0;
  }

  /** The union of every owner's topics: the topics with at least one owner. */
  union(): Set<string> {
    return new Set(this.owners.keys());
  }

  /** Topics the transport has been asked to hold. */
  current(): ReadonlySet<string> {
    return this.subscribed;
  }

  /**
   * After a reconnect with a clean session the broker holds nothing: subscribe the whole union
   * again (the spec re-subscribes the watch, common and per-page lists on reconnect).
   */
  resubscribeAll(): void {
    this.subscribed = this.union();
    if (this.subscribed.size > 0) this.transport.subscribe([...this.subscribed]);
  }

  /** Disconnect: forget what is subscribed; the owners' sets stay for the next connection. */
  resetSubscribed(): void {
    this.subscribed = new Set();
  }

  /** Sends what changed since the last flush: the topics that gained their first owner or lost their last. */
  flush(): SubscriptionDiff {
    this.pending = false;
    const next = this.union();
    const diff = diffTopics(this.subscribed, next);
    // Held before and still held: a topic new in this flush is subscribed (and its frame sent) anyway.
    const again = [...this.again].filter((t) => this.subscribed.has(t) && next.has(t));
    this.again.clear();
    this.subscribed = next;
    if (diff.remove.length > 0) this.transport.unsubscribe(diff.remove);
    if (diff.add.length > 0 || again.length > 0) this.transport.subscribe([...diff.add, ...again]);
    return diff;
  }
}
