import { describe, expect, it } from "vitest";
import { diffTopics, SubscriptionManager } from "../../../src/feed/subscriptions";

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
    const m = new SubscriptionManager(transport);
    m.setSource("marketWatch", ["mw/1", "mw/2"]);
    m.setSource("positions", ["mw/2", "mw/3"]);
    expect(log).toEqual(["+mw/1,mw/2", "+mw/3"]);
    // mw/2 stays while positions still need it.
    m.setSource("marketWatch", ["mw/1"]);
    expect(log.length).toBe(2);
    m.clearSource("positions");
    expect(log.at(-1)).toBe("-mw/2,mw/3");
    expect([...m.current()]).toEqual(["mw/1"]);
  });

  it("subscribes the whole union again after a reconnect", () => {
    const { log, transport } = fakeTransport();
    const m = new SubscriptionManager(transport);
    m.setSource("pinnedHeader", ["index/1"]);
    m.setSource("optionWindow", ["mw/9"]);
    m.resetSubscribed();
    m.resubscribeAll();
    expect(log.at(-1)).toBe("+index/1,mw/9");
  });

  it("does nothing when a source repeats its set", () => {
    const { log, transport } = fakeTransport();
    const m = new SubscriptionManager(transport);
    m.setSource("ideas", ["a"]);
    m.setSource("ideas", ["a"]);
    expect(log).toEqual(["+a"]);
  });
});
