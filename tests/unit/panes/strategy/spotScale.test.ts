import { describe, expect, it } from "vitest";
import type { InternalHorzScaleItem, TickMark } from "lightweight-charts";
import { SpotScale, spotWeight } from "../../../../src/panes/strategy/spotScale";

describe("the payoff chart's spot axis", () => {
  it("writes a spot with the Indian grouping, the axis's marks and the crosshair's label alike", () => {
    const scale = new SpotScale();
    const at = (v: number) => v as unknown as InternalHorzScaleItem;
    expect(scale.formatHorzItem(at(24313))).toBe("24,313");
    expect(scale.formatTickmark({ time: at(125000) } as TickMark)).toBe("1,25,000");
  });

  it("weighs a spot by how round it is: 100s, then 50s, 25s, 10s, 5s, whole numbers, the rest", () => {
    expect([24500, 24550, 24525, 24510, 24505, 24501, 24500.5].map(spotWeight)).toEqual([8, 7, 6, 5, 4, 3, 0]);
  });
});
