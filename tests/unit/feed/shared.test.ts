import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { followWorkingWindow, joinFeedGroup, showsToasts, type FeedGroup, type GroupChannel, type GroupLocks, type GroupMessage } from "../../../src/feed/shared";

/**
 * Issue 32: "One window owns the connection, chosen with Web Locks and told through a
 * BroadcastChannel … Closing the owning window hands the connection over", and an order shows
 * "with one toast, not one per window". A lock that grants in request order and a channel that
 * delivers to every other member stand in for the browser's.
 */
function browser() {
  const members = new Set<GroupChannel>();
  const channel = (): GroupChannel => {
    const c: GroupChannel = {
      onmessage: null,
      postMessage: (m: GroupMessage) => {
        for (const o of members) if (o !== c) o.onmessage?.({ data: structuredClone(m) });
      },
      close: () => void members.delete(c),
    };
    members.add(c);
    return c;
  };
  const queue: Array<() => Promise<void>> = [];
  let held = false;
  const grant = () => {
    if (held || !queue.length) return;
    held = true;
    const fn = queue.shift()!;
    void fn().then(() => {
      held = false;
      grant();
    });
  };
  const locks: GroupLocks = {
    request: (_name, fn) => {
      queue.push(fn);
      grant();
      return Promise.resolve();
    },
  };
  return { channel, locks };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("one feed owner among the windows", () => {
  it("the first window owns; closing it hands the socket to the next, once", async () => {
    const b = browser();
    const owned: string[] = [];
    const open = (id: string) => joinFeedGroup({ id, clientCode: "DEMO1", channel: b.channel(), locks: b.locks, becomeOwner: () => owned.push(id), receive: () => {} });
    const a = open("a");
    const c = open("c");
    const d = open("d");
    await settle();
    expect(owned).toEqual(["a"]);
    expect([a.isOwner(), c.isOwner(), d.isOwner()]).toEqual([true, false, false]);
    a.leave();
    await settle();
    expect(owned).toEqual(["a", "c"]);
    expect(c.isOwner()).toBe(true);
  });

  it("over any sequence of windows opening, closing and taking focus, exactly one window shows an order's toast", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.constant({ op: "open" as const }), fc.record({ op: fc.constantFrom("close" as const, "focus" as const), at: fc.nat() })), { maxLength: 25 }), async (ops) => {
        const b = browser();
        let n = 0;
        const open = () => joinFeedGroup({ id: `w${n++}`, clientCode: "DEMO1", channel: b.channel(), locks: b.locks, becomeOwner: () => {}, receive: () => {} });
        const alive: FeedGroup[] = [open()];
        for (const o of ops) {
          if (o.op === "open") alive.push(open());
          else if (alive.length) {
            const w = alive[o.at % alive.length]!;
            if (o.op === "focus") w.focus();
            else if (alive.length > 1) {
              w.leave();
              alive.splice(alive.indexOf(w), 1);
            }
          }
          await settle();
          expect(alive.filter((w) => w.isOwner()).length).toBe(1);
          expect(alive.filter((w) => showsToasts(w)).length).toBe(1);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("the window the trader works in shows the order toasts", () => {
  // FINDINGS-24 s16: keys typed in window 1 and the toasts of its order shown in window 2 ("decides the window the trader
  // is working in from window focus events only"). A key or a press in a window makes it the working one, as its focus does.
  it("a key typed or a pointer pressed in a window makes it the one that shows the toasts; a key in it again sends nothing", async () => {
    const b = browser();
    const posted: GroupMessage[] = [];
    const open = (id: string) => {
      const c = b.channel();
      const post = c.postMessage;
      c.postMessage = (m) => (posted.push(m), post(m));
      return joinFeedGroup({ id, clientCode: "DEMO1", channel: c, locks: b.locks, becomeOwner: () => {}, receive: () => {} });
    };
    const one = open("one");
    const two = open("two");
    const [t1, t2] = [new EventTarget(), new EventTarget()];
    const stop = [followWorkingWindow(one, t1), followWorkingWindow(two, t2)];
    await settle();
    t2.dispatchEvent(new Event("focus"));
    await settle();
    expect([showsToasts(one), showsToasts(two)]).toEqual([false, true]);
    t1.dispatchEvent(new Event("keydown"));
    await settle();
    expect([showsToasts(one), showsToasts(two)]).toEqual([true, false]);
    t2.dispatchEvent(new Event("pointerdown"));
    await settle();
    expect([showsToasts(one), showsToasts(two)]).toEqual([false, true]);
    const before = posted.length;
    for (let i = 0; i < 50; i++) t2.dispatchEvent(new Event("keydown"));
    expect(posted.length).toBe(before);
    for (const s of stop) s();
    t1.dispatchEvent(new Event("keydown"));
    await settle();
    expect(showsToasts(two)).toBe(true);
  });
});
