import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextBuildUp } from "../../../src/commands/defs/chain";

/** Issue 31: `u` in the chain steps the OI build-up window off, 5, 15, 30 minutes, and off again. */
describe("nextBuildUp: the build-up key's cycle", () => {
  it("steps off -> 5 -> 15 -> 30 -> off", () => {
    expect([0, 5, 15, 30].map(nextBuildUp)).toEqual([5, 15, 30, 0]);
  });

  it("any run of presses lands where counting presses round the four modes says (model: index mod 4)", () => {
    const MODES = [0, 5, 15, 30];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.nat(40), (start, presses) => {
        let mode = MODES[start]!;
        for (let i = 0; i < presses; i++) mode = nextBuildUp(mode);
        expect(mode).toBe(MODES[(start + presses) % 4]);
      }),
    );
  });
});
