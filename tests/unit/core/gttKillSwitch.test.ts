import { describe, expect, it } from "vitest";
import { gttKillSwitchWarning } from "../../../src/core/rules/gttKillSwitch";

/**
 * One rule for a GTT placed while its segment's kill switch is on, whoever turned it on: the broker
 * takes the GTT (server/gtt/routes.ts has no gate), but the order a trigger places goes through the
 * order gate (server/risk/desk.ts), which refuses it (EC710 the trader's switch, EC712 a tripped
 * loss limit's), and the GTT ends Failed (server/gtt/engine.ts place). The form and its toast say so.
 */

// A day that lost ₹300.00 against a maximum loss of ₹200.00, tripped on 2026-12-04 (IST).
const row = {
  tripped: "loss" as const,
  day: "2026-12-04",
  dayPnl: -300,
  headroom: [
    { name: "loss" as const, limit: 200, used: 300, left: 0 },
    { name: "orders" as const, limit: 0, used: 2, left: 0 },
    { name: "positionValue" as const, limit: 0, used: 11_200, left: 0 },
  ],
};
const untripped = { ...row, tripped: "" as const };
// 2026-12-04 11:00 IST (05:30 UTC): the broker's clock in these examples.
const now = Date.parse("2026-12-04T05:30:00Z");
// The trader's Equity switch, on at 10:00 IST for 12 hours: until 22:00 IST (16:30 UTC).
const userSwitch = { segment: "equity" as const, onAt: "2026-12-04T04:30:00Z", until: "2026-12-04T16:30:00Z", reason: "user" as const };

describe("a GTT placed after the day's loss limit tripped", () => {
  it("is warned that an order it triggers today is refused, with the trip's figures", () => {
    expect(gttKillSwitchWarning(undefined, row, "2026-12-04", now)).toBe(
      "The day's loss limit has tripped (Maximum loss: ₹300.00 of ₹200.00): an order this GTT triggers today will be refused and the GTT will end Failed; it can still trigger on a later day",
    );
  });

  it("names the orders limit by its count", () => {
    const orders = { ...row, tripped: "orders" as const, headroom: [row.headroom[0]!, { name: "orders" as const, limit: 1, used: 2, left: 0 }, row.headroom[2]!] };
    expect(gttKillSwitchWarning(undefined, orders, "2026-12-04", now)).toContain("(Maximum orders: order 2 of 1)");
  });

  it("says nothing on a day that has not tripped, on the next day, or before the limits are read", () => {
    expect(gttKillSwitchWarning(undefined, untripped, "2026-12-04", now)).toBeUndefined();
    expect(gttKillSwitchWarning(undefined, row, "2026-12-05", now)).toBeUndefined();
    expect(gttKillSwitchWarning(undefined, undefined, "2026-12-04", now)).toBeUndefined();
  });
});

describe("a GTT placed while the trader's kill switch of its segment is on", () => {
  it("is warned the same way, with the switch's segment and end (IST, as the header's badge says it)", () => {
    expect(gttKillSwitchWarning(userSwitch, untripped, "2026-12-04", now)).toBe(
      "The Equity kill switch is on until 04/12/2026 22:00 IST: an order this GTT triggers before then will be refused and the GTT will end Failed; it can still trigger after",
    );
  });

  it("says nothing once the switch has lifted, or for a switch never turned on", () => {
    expect(gttKillSwitchWarning(userSwitch, untripped, "2026-12-04", Date.parse("2026-12-04T16:30:00Z"))).toBeUndefined();
    expect(gttKillSwitchWarning({ segment: "equity", until: null, reason: "" }, untripped, "2026-12-04", now)).toBeUndefined();
  });

  // A loss limit that trips extends every switch to midnight IST with its own reason, unless the
  // trader's ran later (killSwitch.ts extendTo): the switch's reason says which refusal comes.
  it("a switch the tripped limit turned on is told as the limit; the trader's, running past midnight, as the switch", () => {
    const byLimit = { ...userSwitch, until: "2026-12-04T18:30:00Z", reason: "loss limit" as const };
    expect(gttKillSwitchWarning(byLimit, row, "2026-12-04", now)).toMatch(/^The day's loss limit has tripped \(Maximum loss/);
    const longer = { ...userSwitch, until: "2026-12-06T16:30:00Z" };
    expect(gttKillSwitchWarning(longer, row, "2026-12-04", now)).toBe(
      "The Equity kill switch is on until 06/12/2026 22:00 IST: an order this GTT triggers before then will be refused and the GTT will end Failed; it can still trigger after",
    );
  });
});
