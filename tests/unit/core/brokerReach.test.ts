import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { heard, reachedDespite, UNKNOWN_REACH, type BrokerReach, type Witness } from "../../../src/core/rules/brokerReach";

/**
 * Issue 28: "A banner across the workspace says the broker is unreachable while it is", and it
 * "goes away by itself when the broker answers again". Every request is a witness; the newest
 * one sent decides, so an answer lost long ago cannot bring the banner back after a newer answer.
 */

/**
 * The reference model, in the plainest form: every witness that arrived, kept; the decisive one is
 * the latest sent (of those sent at the same moment, the last to arrive); the outage began with
 * the earliest no-answer sent after the last answer before the decisive one.
 */
function model(arrived: Witness[]): { state: BrokerReach["state"]; downSince: number | undefined } {
  if (arrived.length === 0) return { state: "unknown", downSince: undefined };
  // Arrival order decides ties and which witnesses were ignored as stale when they came.
  const applied: Witness[] = [];
  for (const w of arrived) if (applied.length === 0 || w.sentAt >= applied[applied.length - 1]!.sentAt) applied.push(w);
  const last = applied[applied.length - 1]!;
  if (last.answered) return { state: "answering", downSince: undefined };
  let i = applied.length - 1;
  while (i > 0 && !applied[i - 1]!.answered) i--;
  return { state: "unreachable", downSince: applied[i]!.sentAt };
}

describe("broker reach: the newest request sent decides", () => {
  it("an unanswered request raises it; the next answer clears it", () => {
    let r = heard(UNKNOWN_REACH, { sentAt: 1000, answered: false });
    expect(r).toEqual({ state: "unreachable", sentAt: 1000, downSince: 1000 });
    r = heard(r, { sentAt: 2000, answered: false });
    expect(r).toEqual({ state: "unreachable", sentAt: 2000, downSince: 1000 });
    r = heard(r, { sentAt: 3000, answered: true });
    expect(r).toEqual({ state: "answering", sentAt: 3000, downSince: undefined });
  });

  it("a call that timed out after 15 s does not overrule a health check sent after it was", () => {
    // Sent at 0, the broker restarts, a health check sent at 10 s answers, then the old call's timeout arrives at 15 s.
    let r = heard(UNKNOWN_REACH, { sentAt: 10_000, answered: true });
    r = heard(r, { sentAt: 0, answered: false });
    expect(r.state).toBe("answering");
  });

  it("the property's shrunken cases: an older answer arriving late; two misses in a row keep the first one's time", () => {
    // Broken so that the last arrival wins: [miss sent at 1, answer sent at 0] showed "answering".
    expect(heard(heard(UNKNOWN_REACH, { sentAt: 1, answered: false }), { sentAt: 0, answered: true }).state).toBe("unreachable");
    // Broken so that every miss restarts the outage: [miss at 0, miss at 1] said "since 1".
    expect(heard(heard(UNKNOWN_REACH, { sentAt: 0, answered: false }), { sentAt: 1, answered: false }).downSince).toBe(0);
  });

  it("a gateway's 502, 503, 504 and no connection or a timeout are no answer; any other status is the broker's own", () => {
    expect(reachedDespite({ kind: "network" })).toBe(false);
    expect(reachedDespite({ kind: "timeout" })).toBe(false);
    expect([502, 503, 504].map((status) => reachedDespite({ kind: "status", status }))).toEqual([false, false, false]);
    expect([400, 401, 404, 500].map((status) => reachedDespite({ kind: "status", status }))).toEqual([true, true, true, true]);
  });

  it("property: any sequence of witnesses, in any arrival order, leaves what the model says", () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    const witness = fc.record({ sentAt: fc.integer({ min: 0, max: 50 }), answered: fc.boolean() });
    fc.assert(
      fc.property(fc.array(witness, { maxLength: 30 }), (ws) => {
        let r = UNKNOWN_REACH;
        for (let i = 0; i < ws.length; i++) {
          r = heard(r, ws[i]!);
          const m = model(ws.slice(0, i + 1));
          expect({ state: r.state, downSince: r.downSince }).toEqual(m);
        }
      }),
      { seed, numRuns: 500 },
    );
  });
});
