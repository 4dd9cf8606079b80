import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EXCHANGES, type Exchange, type Segment } from "../../../../src/core/types/exchange";
import {
  endOfIstDay,
  extendTo,
  killSwitchModifyRefusal,
  killSwitchRefusal,
  turnOnKillSwitch,
  type KillSwitchState,
} from "../../../../src/core/rules/killSwitch";

const HOUR = 3_600_000;
/** Monday 23 November 2026, 10:30 IST. */
const T0 = Date.parse("2026-11-23T05:00:00.000Z");

/** The spec's words, written out: which segment each exchange trades in (positions tabs). */
const SEGMENT_BY_HAND: Record<Exchange, Segment> = {
  NSEEQ: "equity",
  BSEEQ: "equity",
  NSEFO: "derivatives",
  BSEFO: "derivatives",
  NSECURR: "currency",
  BSECURR: "currency",
  MCXCOMM: "commodity",
  NCDEXCOMM: "commodity",
  NSECOMM: "commodity",
  BSECOMM: "commodity",
};

const segment = fc.constantFrom<Segment>("equity", "derivatives", "currency", "commodity");
const step = fc.oneof(
  fc.record({ kind: fc.constant("on" as const), segment, hours: fc.integer({ min: 1, max: 72 }) }),
  fc.record({ kind: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: 30 * HOUR }) }),
  fc.record({ kind: fc.constant("order" as const), exchange: fc.constantFrom(...EXCHANGES) }),
);

describe("kill switch (issue 33): refuses a segment's orders until the cooling-off period has passed", () => {
  it("model: an order is refused exactly while the broker's clock is before the latest end any turning-on of its segment set", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let now = T0;
        const switches = new Map<Segment, KillSwitchState>();
        // The reference: each turning-on at t for h hours keeps the segment shut until t + h; the latest such end wins.
        const latestEnd = new Map<Segment, number>();
        for (const s of steps) {
          if (s.kind === "wait") now += s.ms;
          else if (s.kind === "on") {
            const before = switches.get(s.segment);
            const next = turnOnKillSwitch(before, s.segment, now, s.hours);
            if ("ok" in next) throw new Error(next.message);
            // Never shortened: an end already set stays or moves later.
            if (before) expect(next.until).toBeGreaterThanOrEqual(before.until);
            switches.set(s.segment, next);
            latestEnd.set(s.segment, Math.max(latestEnd.get(s.segment) ?? -Infinity, now + s.hours * HOUR));
          } else {
            const refusal = killSwitchRefusal((seg) => switches.get(seg), s.exchange, now);
            const shut = now < (latestEnd.get(SEGMENT_BY_HAND[s.exchange]) ?? -Infinity);
            expect(refusal?.code).toBe(shut ? "EC710" : undefined);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("the default 12 h: on at 10:30 IST, refused at 22:29:59.999, allowed at 22:30 (the end itself is off)", () => {
    const s = turnOnKillSwitch(undefined, "equity", T0, 12);
    if ("ok" in s) throw new Error(s.message);
    expect(killSwitchRefusal(() => s, "NSEEQ", T0 + 12 * HOUR - 1)?.message).toBe("Kill switch is on for this segment: no new orders: Equity until 23/11/2026 22:30:00 IST");
    expect(killSwitchRefusal(() => s, "NSEEQ", T0 + 12 * HOUR)).toBeUndefined();
    // Another segment is not touched.
    expect(killSwitchRefusal((seg) => (seg === "equity" ? s : undefined), "NSEFO", T0)).toBeUndefined();
  });

  it("turning it on again for less does not end it sooner; for more, it lasts longer", () => {
    const first = turnOnKillSwitch(undefined, "commodity", T0, 12) as KillSwitchState;
    const shorter = turnOnKillSwitch(first, "commodity", T0 + HOUR, 1) as KillSwitchState;
    expect(shorter.until).toBe(T0 + 12 * HOUR);
    const longer = turnOnKillSwitch(first, "commodity", T0 + HOUR, 24) as KillSwitchState;
    expect(longer.until).toBe(T0 + 25 * HOUR);
    expect(longer.onAt).toBe(T0);
  });

  it("a cooling-off period outside whole hours 1 to 72 is refused with EC711", () => {
    for (const h of [0, -1, 1.5, 73, Number.NaN]) expect(turnOnKillSwitch(undefined, "equity", T0, h)).toMatchObject({ ok: false, code: "EC711" });
  });

  it("a modify while on is refused only when it adds to the quantity still to fill", () => {
    const s = turnOnKillSwitch(undefined, "equity", T0, 12) as KillSwitchState;
    expect(killSwitchModifyRefusal(() => s, "NSEEQ", T0, 10, 10)).toBeUndefined();
    expect(killSwitchModifyRefusal(() => s, "NSEEQ", T0, 10, 5)).toBeUndefined();
    expect(killSwitchModifyRefusal(() => s, "NSEEQ", T0, 10, 11)?.code).toBe("EC710");
  });

  it("a switch a tripped loss limit turned on refuses with EC712 and the limit's figures; one turned on by hand keeps EC710", () => {
    // Spec (src/core/errors.ts): EC712 "Daily loss limit reached: trading is stopped for the rest of the day".
    const tripped = extendTo(undefined, "derivatives", T0, endOfIstDay(T0), "loss limit");
    const figure = () => "Maximum loss: ₹2,647.50 of ₹2,000.00";
    expect(killSwitchRefusal(() => tripped, "NSEFO", T0, figure)).toEqual({
      ok: false,
      code: "EC712",
      message: "Daily loss limit reached: trading is stopped for the rest of the day: Maximum loss: ₹2,647.50 of ₹2,000.00; F&O until 24/11/2026 00:00:00 IST",
    });
    // Without the figures (a day tripped before they were kept) it still says EC712 and the end.
    expect(killSwitchRefusal(() => tripped, "NSEFO", T0)?.message).toBe("Daily loss limit reached: trading is stopped for the rest of the day: F&O until 24/11/2026 00:00:00 IST");
    // A modify that adds quantity meets the same rule.
    expect(killSwitchModifyRefusal(() => tripped, "NSEFO", T0, 10, 11, figure)?.code).toBe("EC712");
    const byHand = turnOnKillSwitch(undefined, "derivatives", T0, 12) as KillSwitchState;
    expect(killSwitchRefusal(() => byHand, "NSEFO", T0, figure)?.code).toBe("EC710");
  });

  it("the rest of the day ends at midnight IST: 10:30 IST on 23/11 ends at 00:00 IST on 24/11 (18:30 UTC on 23/11)", () => {
    expect(new Date(endOfIstDay(T0)).toISOString()).toBe("2026-11-23T18:30:00.000Z");
    // 23:59 IST is still that day.
    expect(new Date(endOfIstDay(Date.parse("2026-11-23T18:29:00.000Z"))).toISOString()).toBe("2026-11-23T18:30:00.000Z");
  });
});
