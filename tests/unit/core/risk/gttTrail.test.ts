import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gttTrailProblem, trailGttLeg, trailedLeg } from "../../../../src/core/rules/gttTrail";

/** Issue 33: a GTT's stop leg trails by the one rule of trail.ts; worked by hand, then a property over price paths. */
describe("a GTT's trail", () => {
  const sell = { side: "S" as const, triggerType: "SINGLE" as const, trigger: 1100, price: 1099 };
  it("a sell stop at 1100 trail 20 at 1160 goes to 1140 with its limit 1139; at 1115 it stays", () => {
    expect(trailGttLeg(sell, { value: 20, unit: "POINTS", jump: 0 }, 1160, 0.05)).toEqual({ trigger: 1140, price: 1139 });
    expect(trailGttLeg(sell, { value: 20, unit: "POINTS", jump: 0 }, 1115, 0.05)).toBeUndefined();
  });
  it("a buy stop (a short's) at 1200 trail 1% at 1100 may go down to 1111 (1 % of 1100 above it); in jumps of 10 from 1200 that is 1120, its limit with it", () => {
    expect(trailGttLeg({ side: "B", triggerType: "SINGLE", trigger: 1200, price: 1201 }, { value: 1, unit: "PERCENT", jump: 10 }, 1100, 0.05)).toEqual({ trigger: 1120, price: 1121 });
  });
  it("the SINGLE's leg trails, or the OCO's stop-loss leg", () => {
    expect(trailedLeg("SINGLE")).toBe(1);
    expect(trailedLeg("OCO")).toBe(2);
  });
  it("refuses a SINGLE that is a target or an entry (EC733), and a bad trail (EC734)", () => {
    expect(gttTrailProblem({ ...sell, trigger: 1200 }, { value: 5, unit: "POINTS", jump: 0 }, 1150, 0.05)?.code).toBe("EC733");
    expect(gttTrailProblem({ side: "B", triggerType: "SINGLE", trigger: 1100, price: 1101 }, { value: 5, unit: "POINTS", jump: 0 }, 1150, 0.05)?.code).toBe("EC733");
    expect(gttTrailProblem(sell, { value: 51, unit: "PERCENT", jump: 0 }, 1150, 0.05)?.code).toBe("EC734");
    expect(gttTrailProblem(sell, { value: 5, unit: "POINTS", jump: 0.03 }, 1150, 0.05)?.code).toBe("EC734");
    expect(gttTrailProblem(sell, { value: 5, unit: "POINTS", jump: 0 }, 1150, 0.05)).toBeUndefined();
  });
  it("over any path of prices a sell stop's trigger never falls, stays below the price it moved on, and keeps its gap to the limit", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 9000, max: 13000 }), { maxLength: 60 }), fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 40 }), (path, trailTicks, jumpTicks) => {
        let g = { ...sell };
        const trail = { value: trailTicks / 10, unit: "POINTS" as const, jump: jumpTicks / 10 };
        for (const p of path.map((n) => n / 10)) {
          const to = trailGttLeg(g, trail, p, 0.1);
          if (!to) continue;
          expect(to.trigger).toBeGreaterThan(g.trigger);
          expect(to.trigger).toBeLessThan(p);
          expect(Math.round((to.trigger - to.price) * 10)).toBe(10);
          g = { ...g, ...to };
        }
      }),
    );
  });
});

describe("the GTT line's trail (issue 33)", () => {
  it("gtt sell INFY 10 trigger 1400 @ 1395 trail 5 jump 1; gtt oco ... trail 1%", async () => {
    const { parseGttCommand } = await import("../../../../src/commands/grammar/gtt");
    expect(parseGttCommand("gtt sell INFY 10 trigger 1400 @ 1395 trail 5 jump 1")).toMatchObject({ ok: true, draft: { leg1: { trigger: 1400, price: 1395 }, trail: { value: 5, unit: "POINTS", jump: 1 } } });
    expect(parseGttCommand("gtt oco sell INFY 10 sl 1350 tgt 1650 trail 1%")).toMatchObject({ ok: true, draft: { triggerType: "OCO", trail: { value: 1, unit: "PERCENT", jump: 0 } } });
    expect(parseGttCommand("gtt sell INFY 10 trigger 1400 trail x")).toMatchObject({ ok: false, word: "x" });
    expect(parseGttCommand("gtt sell INFY 10 trigger 1400 jump 1")).toMatchObject({ ok: false, word: "jump" });
  });
});
