/**
 * The subscription manager (access-and-surroundings section 4, "Live feed connection"):
 * each source declares the topic set it needs; the union of all sources is compared with what
 * is subscribed; new topics are subscribed and dropped ones unsubscribed. Long lists pass only
 * the topics of their visible rows, so scrolling moves the subscriptions with the view.
 */
export const FEED_SOURCES = ["marketWatch", "pinnedHeader", "positions", "holdings", "optionWindow", "scanners", "orders", "gtt", "ideas"] as const;

export type FeedSource = (typeof FEED_SOURCES)[number];

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

export class SubscriptionManager {
  private readonly bySource = new Map<FeedSource, ReadonlySet<string>>();
  private subscribed = new Set<string>();

  constructor(private readonly transport: SubscriptionTransport) {}

  /** Replaces one source's topics and applies the difference of the union. */
  setSource(source: FeedSource, topics: Iterable<string>): SubscriptionDiff {
    this.bySource.set(source, new Set(topics));
    return this.apply();
  }

  clearSource(source: FeedSource): SubscriptionDiff {
    this.bySource.delete(source);
    return this.apply();
  }

  /** The union of every source's topics. */
  union(): Set<string> {
    const all = new Set<string>();
    for (const set of this.bySource.values()) for (const t of set) all.add(t);
    return all;
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

  /** Disconnect: forget what is subscribed; the sources' sets stay for the next connection. */
  resetSubscribed(): void {
    this.subscribed = new Set();
  }

  private apply(): SubscriptionDiff {
    const next = this.union();
    const diff = diffTopics(this.subscribed, next);
    this.subscribed = next;
    if (diff.remove.length > 0) this.transport.unsubscribe(diff.remove);
    if (diff.add.length > 0) this.transport.subscribe(diff.add);
    return diff;
  }
}
