import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EdgeRotation, FAILOVER_JITTER_MS, reconnectDelay } from "../../../src/feed/failover";

/**
 * Issue 36: the app fails over to another edge when its own drops. The rule (src/feed/failover.ts):
 * every close moves the next attempt to the following edge round the list; a refusal ends the
 * session only once every edge has refused in a row since the last successful connect.
 */
type Event = "close" | "connect" | "refuse";

describe("EdgeRotation", () => {
  it("starts on the client's own edge and moves round the list on each close", () => {
    const r = new EdgeRotation(["ws://a", "ws://b", "ws://c"]);
    expect(r.current()).toBe("ws://a");
    r.closed();
    expect(r.current()).toBe("ws://b");
    r.closed();
    r.closed();
    expect(r.current()).toBe("ws://a");
  });

  it("ends the session only when every edge has refused in a row", () => {
    const r = new EdgeRotation(["ws://a", "ws://b"]);
    expect(r.refused()).toBe(false);
    r.connected();
    expect(r.refused()).toBe(false);
    expect(r.refused()).toBe(true);
    // One broker: its refusal is the session's end, as before the cluster.
    expect(new EdgeRotation(["ws://one"]).refused()).toBe(true);
  });

  it("follows the reference model over any sequence of closes, connects and refusals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.constantFrom<Event>("close", "connect", "refuse"), { maxLength: 60 }), (n, events) => {
        const urls = Array.from({ length: n }, (_, i) => `ws://edge-${i}`);
        const r = new EdgeRotation(urls);
        // The model: the attempt after k closes is on edge k mod n; refusals count from the last connect.
        let closes = 0;
        let refusals = 0;
        for (const e of events) {
          if (e === "close") {
            r.closed();
            closes++;
          } else if (e === "connect") {
            r.connected();
            refusals = 0;
          } else {
            refusals++;
            expect(r.refused()).toBe(refusals >= n);
          }
          expect(r.current()).toBe(urls[closes % n]);
        }
      }),
    );
  });

  it("waits the spread before an untried edge and the period before a tried one, over any sequence", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.tuple(fc.constantFrom<"close" | "connect">("close", "connect"), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })), { maxLength: 60 }),
        (n, events) => {
          const urls = Array.from({ length: n }, (_, i) => `ws://edge-${i}`);
          const r = new EdgeRotation(urls);
          // The model: the edges tried since the last connect (the one that dropped counts as tried).
          let tried = new Set<number>([0]);
          let at = 0;
          for (const [e, random] of events) {
            if (e === "connect") {
              r.connected();
              tried = new Set([at]);
              continue;
            }
            r.closed();
            at = (at + 1) % n;
            const untried = n > 1 && !tried.has(at);
            tried.add(at);
            const wait = r.delay(random, 2_000);
            if (untried) {
              expect(wait).toBeGreaterThanOrEqual(1);
              expect(wait).toBeLessThan(FAILOVER_JITTER_MS);
              expect(wait).toBe(Math.max(1, Math.floor(random * 1_000)));
            } else expect(wait).toBe(2_000);
          }
        },
      ),
    );
  });

  it("spreads over the whole second and never answers 0 (mqtt.js: never reconnect)", () => {
    expect(reconnectDelay({ edges: 2, closesSinceConnect: 1, random: 0, periodMs: 2_000 })).toBe(1);
    expect(reconnectDelay({ edges: 2, closesSinceConnect: 1, random: 0.999, periodMs: 2_000 })).toBe(999);
    expect(reconnectDelay({ edges: 2, closesSinceConnect: 2, random: 0.5, periodMs: 2_000 })).toBe(2_000);
    expect(reconnectDelay({ edges: 1, closesSinceConnect: 1, random: 0.5, periodMs: 2_000 })).toBe(2_000);
  });
});
