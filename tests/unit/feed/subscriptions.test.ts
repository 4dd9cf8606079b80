import { describe, expect, it } from "vitest";
import { diffTopics, paneOwner, SubscriptionManager } from "../../../src/feed/subscriptions";

function fakeTransport() {
  const log: string[] = [];
  return { log, transport: { subscribe: (t: string[]) => log.push(`+${t.join(",")}`), unsubscribe: (t: string[]) => log.push(`-${t.join(",")}`) } };
}

describe("subscription diff", () => {
  it("new topics are subscribed and dropped ones are unsubscribed", () => {
    expect(diffTopics(new Set(["a", "b"]), new Set(["b", "c"]))).toEqual({ add: ["c"], remove: ["a"] });
    expect(diffTopics(new Set(), new Set(["a"]))).toEqual({ add: ["a"], remove: [] });
    expect(diffTopics(new Set(["a"]), new Set(["a"]))).toEqual({ add: [], remove: [] });
  });
});

describe("subscription manager", () => {
  it("compares the union of the sources with the previous set", () => {
    const { log, transport } = fakeTransport();
    const m = new SubscriptionManager(transport, (flush) => flush());
    m.setTopics("marketWatch", ["mw/1", "mw/2"]);
    m.setTopics("positions", ["mw/2", "mw/3"]);
    expect(log).toEqual(["+mw/1,mw/2", "+mw/3"]);
    // mw/2 stays while positions still need it.
    m.setTopics("marketWatch", ["mw/1"]);
    expect(log.length).toBe(2);
    m.clearTopics("positions");
    expect(log.at(-1)).toBe("-mw/2,mw/3");
    expect([...m.current()]).toEqual(["mw/1"]);
  });

  it("subscribes a held topic again when asked to refresh it, and no other (a SUBSCRIBE of a held topic is answered with its frame)", () => {
    const { log, transport } = fakeTransport();
    const queued: Array<() => void> = [];
    const m = new SubscriptionManager(transport, (flush) => queued.push(flush));
    const run = () => queued.splice(0).forEach((f) => f());
    m.setTopics("marketWatch", ["mw/1", "mw/2"]);
    run();
    expect(log).toEqual(["+mw/1,mw/2"]);
    // mw/1 is held: subscribed again. mw/7 is held by nobody: asking for it subscribes nothing.
    m.refresh(["mw/1", "mw/7"]);
    run();
    expect(log.at(-1)).toBe("+mw/1");
    // A topic new in the same flush goes once (its first SUBSCRIBE brings its frame anyway); one dropped in it is not subscribed again.
    m.setTopics("depth", ["mw/3"]);
    m.refresh(["mw/3"]);
    m.setTopics("marketWatch", ["mw/1"]);
    m.refresh(["mw/2"]);
    run();
    expect(log.slice(-2)).toEqual(["-mw/2", "+mw/3"]);
    // Asked once, sent once: the next flush sends nothing again.
    m.setTopics("chart", ["mw/1"]);
    run();
    expect(log.length).toBe(4);
  });

  it("subscribes the whole union again after a reconnect", () => {
    const { log, transport } = fakeTransport();
    const m = new SubscriptionManager(transport, (flush) => flush());
    m.setTopics("pinnedHeader", ["index/1"]);
    m.setTopics("optionWindow", ["mw/9"]);
    m.resetSubscribed();
    m.resubscribeAll();
    expect(log.at(-1)).toBe("+index/1,mw/9");
  });

  it("does nothing when a source repeats its set", () => {
    const { log, transport } = fakeTransport();
    const m = new SubscriptionManager(transport, (flush) => flush());
    m.setTopics("ideas", ["a"]);
    m.setTopics("ideas", ["a"]);
    expect(log).toEqual(["+a"]);
  });
});

describe("topics owned by pane instances (issue 10: 'Topics must be owned per pane instance and reference-counted')", () => {
  it("a split watchlist (two panes, the same rows) keeps ticking when either copy goes", () => {
    const { log, transport } = fakeTransport();
    const m = new SubscriptionManager(transport, (flush) => flush());
    const left = paneOwner("p1", "marketWatch");
    const right = paneOwner("p2", "marketWatch");
    m.setTopics(left, ["mw/INFY", "mw/TCS"]);
    m.setTopics(right, ["mw/INFY", "mw/TCS"]);
    // The second pane needs nothing new: one subscription serves both.
    expect(log).toEqual(["+mw/INFY,mw/TCS"]);
    expect(m.ownerCount("mw/INFY")).toBe(2);
    // Closing the left pane releases its hold; the right pane still owns both topics.
    m.clearTopics(left);
    expect(log).toEqual(["+mw/INFY,mw/TCS"]);
    expect([...m.current()].sort()).toEqual(["mw/INFY", "mw/TCS"]);
    // Only when the last owner lets go is the topic unsubscribed.
    m.clearTopics(right);
    expect(log.at(-1)).toBe("-mw/INFY,mw/TCS");
    expect(m.current().size).toBe(0);
  });

  it("re-pointing one pane (scroll, another tab) drops only what no other pane holds", () => {
    const { log, transport } = fakeTransport();
    const m = new SubscriptionManager(transport, (flush) => flush());
    m.setTopics(paneOwner("p1", "depth"), ["mw/A"]);
    m.setTopics(paneOwner("p2", "depth"), ["mw/B"]);
    m.setTopics(paneOwner("p3", "marketWatch"), ["mw/A", "mw/C"]);
    m.setTopics(paneOwner("p3", "marketWatch"), ["mw/C", "mw/D"]);
    // mw/A is still p1's: the watchlist's scroll must not unsubscribe it.
    expect(log).toEqual(["+mw/A", "+mw/B", "+mw/C", "+mw/D"]);
    expect(m.ownerCount("mw/A")).toBe(1);
  });

  it("an owner counts once however often it repeats a topic", () => {
    const { transport } = fakeTransport();
    const m = new SubscriptionManager(transport, (flush) => flush());
    const o = paneOwner("p1", "positions");
    m.setTopics(o, ["mw/X", "mw/X"]);
    m.setTopics(o, ["mw/X"]);
    expect(m.ownerCount("mw/X")).toBe(1);
    m.clearTopics(o);
    expect(m.ownerCount("mw/X")).toBe(0);
  });
});

describe("one flush per turn", () => {
  it("a pane that goes while another comes with the same topics sends nothing (no UNSUBSCRIBE then SUBSCRIBE of one topic)", () => {
    const { log, transport } = fakeTransport();
    const queued: Array<() => void> = [];
    const m = new SubscriptionManager(transport, (flush) => queued.push(flush));
    m.setTopics(paneOwner("home", "holdings"), ["mw/INFY", "mw/TCS"]);
    queued.shift()!();
    expect(log).toEqual(["+mw/INFY,mw/TCS"]);
    // A preset swaps the home pane for a holdings pane in one render.
    m.clearTopics(paneOwner("home", "holdings"));
    m.setTopics(paneOwner("holdings", "holdings"), ["mw/INFY", "mw/TCS", "mw/ITC"]);
    expect(queued).toHaveLength(1); // one flush scheduled for both changes
    queued.shift()!();
    expect(log).toEqual(["+mw/INFY,mw/TCS", "+mw/ITC"]);
  });
});
