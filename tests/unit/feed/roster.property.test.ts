import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyRoster, gone, heard, heldTopics, tick, type Roster } from "../../../src/feed/roster";

/**
 * Issue 32, a crashed window: "each window announces its subscriptions with a heartbeat; the owner
 * drops a window's subscriptions after missing N heartbeats". The model, from those words: a window
 * is live from its last announcement until it says bye, or until N whole heartbeat periods have
 * passed with no announcement from it (the period of the announcement itself is not a miss). The
 * topics held for the others are the union of the live windows' last announcements. A window whose
 * own lock is still held (the browser releases it when the window crashes) is slow, not gone: it
 * is kept however long it is silent, when the browser can say (else heartbeats alone decide).
 */
const WINDOWS = ["a", "b", "c", "d"] as const;
const TOPICS = ["t/1", "t/2", "t/3", "t/4", "t/5"];

type Op = { kind: "beat"; w: string; owners: Record<string, string[]> } | { kind: "bye"; w: string } | { kind: "tick" } | { kind: "crash"; w: string } | { kind: "starve"; w: string };

const owners = fc.dictionary(fc.constantFrom("p1", "p2", "p3"), fc.subarray(TOPICS), { maxKeys: 3 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("beat" as const), w: fc.constantFrom(...WINDOWS), owners }),
  fc.record({ kind: fc.constant("bye" as const), w: fc.constantFrom(...WINDOWS) }),
  { arbitrary: fc.record({ kind: fc.constant("tick" as const) }), weight: 3 },
  // Crashed: its lock is let go (and it beats no more until a window of that id beats again); starved: it lives, lock held, beats late.
  fc.record({ kind: fc.constant("crash" as const), w: fc.constantFrom(...WINDOWS) }),
  fc.record({ kind: fc.constant("starve" as const), w: fc.constantFrom(...WINDOWS) }),
);

describe("the owner's roll of windows (heartbeats)", () => {
  it("holds exactly the union of the live windows' topics after any sequence of beats, byes and periods", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.boolean(), fc.array(op, { maxLength: 80 }), (n, locksKnown, ops) => {
        let r: Roster = emptyRoster();
        let periods = 0;
        const live = new Map<string, { at: number; owners: Record<string, string[]> }>();
        const locked = new Set<string>();
        for (const o of ops) {
          if (o.kind === "beat") {
            r = heard(r, o.w, o.owners);
            live.set(o.w, { at: periods, owners: o.owners });
            locked.add(o.w);
          } else if (o.kind === "bye") {
            r = gone(r, o.w);
            live.delete(o.w);
            locked.delete(o.w);
          } else if (o.kind === "crash") {
            locked.delete(o.w);
          } else if (o.kind === "starve") {
            // A live window, silent for now: nothing reaches the owner; its lock stays held.
          } else {
            const t = tick(r, n, locksKnown ? locked : undefined);
            r = t.roster;
            periods++;
            // Silent for more than N periods after the one it beat in, and not known to live: gone now.
            const expectDropped = [...live].filter(([w, v]) => periods - v.at > n && !(locksKnown && locked.has(w))).map(([w]) => w);
            for (const w of expectDropped) live.delete(w);
            expect(new Set(t.dropped)).toEqual(new Set(expectDropped));
          }
          const union = new Set([...live.values()].flatMap((v) => Object.values(v.owners).flat()));
          expect(heldTopics(r)).toEqual(union);
          expect(new Set(r.keys())).toEqual(new Set(live.keys()));
        }
      }),
      { numRuns: 500 },
    );
  });

  it("a window silent for 5 periods after its beat's period is dropped at the 6th tick, a bye at once", () => {
    let r = heard(emptyRoster(), "a", { p1: ["t/1"] });
    r = heard(r, "b", { p1: ["t/2"] });
    r = gone(r, "b");
    expect(heldTopics(r)).toEqual(new Set(["t/1"]));
    for (let i = 1; i <= 5; i++) {
      const t = tick(r, 5);
      r = t.roster;
      expect(t.dropped).toEqual([]);
    }
    // Its own lock still held: slow, not gone.
    expect(tick(r, 5, new Set(["a"])).dropped).toEqual([]);
    const t = tick(r, 5, new Set());
    expect(t.dropped).toEqual(["a"]);
    expect(heldTopics(t.roster)).toEqual(new Set());
  });
});
