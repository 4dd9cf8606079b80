import { describe, expect, it } from "vitest";
import { keepPreset, nextPreset, presetQuantity, presetsFor } from "../../../../src/core/rules/orderWindowPresets";

/**
 * Issue 29: "Quantity presets per segment (equity 1/10/50/100, F&O 1/2/5 lots), saved per user."
 * A preset counts shares on equity and lots elsewhere; the window's F&O quantity field shows units,
 * and "commodity and currency quantity is shown in lots" (trading-core section 4).
 */
describe("quantity presets", () => {
  it("equity presets are shares; F&O presets are lots, filled as lots x the lot size (NIFTY 75)", () => {
    expect(presetsFor({}, "NSEEQ")).toEqual([1, 10, 50, 100]);
    expect(presetsFor({}, "NSEFO")).toEqual([1, 2, 5, 10]);
    expect(presetQuantity(50, "NSEEQ", 1)).toBe(50);
    expect(presetQuantity(2, "NSEFO", 75)).toBe(150);
    // Currency and commodity fields already show lots: 2 lots is 2 in the field.
    expect(presetQuantity(2, "NSECURR", 1000)).toBe(2);
    expect(presetQuantity(2, "MCXCOMM", 1)).toBe(2);
  });

  it("Alt+Q climbs to the first preset above the quantity, and after the last comes back to the first", () => {
    expect(nextPreset([1, 10, 50, 100], 1, "NSEEQ", 1)).toBe(10);
    expect(nextPreset([1, 10, 50, 100], 37, "NSEEQ", 1)).toBe(50);
    expect(nextPreset([1, 10, 50, 100], 100, "NSEEQ", 1)).toBe(1);
    expect(nextPreset([1, 2, 5], 150, "NSEFO", 75)).toBe(375);
  });

  it("keeping a quantity adds it to its own segment only; a full ladder gives up the rung nearest the new one", () => {
    const kept = keepPreset({}, "NSEEQ", 25, 1);
    // 25 on 1/10/50/100: 10 is nearest (15 away, 50 is 25 away) and gives way.
    expect(kept).toEqual({ presets: { equity: [1, 25, 50, 100] } });
    // NIFTY 300 units = 4 lots; the F&O ladder 1/2/5/10 gives up 5 (|5-4| = 1 is the nearest).
    expect(keepPreset({}, "NSEFO", 300, 75)).toEqual({ presets: { derivatives: [1, 2, 4, 10] } });
    // Not a whole number of lots: refused, with the lot.
    expect(keepPreset({}, "NSEFO", 100, 75)).toEqual({ refused: "A preset is a whole number of lots of 75" });
    // One already there: nothing changes.
    expect(keepPreset({ equity: [5] }, "BSEEQ", 5, 1)).toEqual({ presets: { equity: [5] } });
  });
});
