import { describe, expect, it } from "vitest";
import { sliceGroupOf, sliceKey } from "../../../../src/core/rules/slicing";

/** "A group of one is not a sliced order; show it as a plain line" (exit all's whole order carries a slice key of 1 of 1). */
describe("slice groups", () => {
  it("a key of 1 of 1 is no group: the order is shown as itself", () => {
    expect(sliceGroupOf(sliceKey("bulk-r1-0", 0, 1))).toBeUndefined();
  });
  it("a key of 2 of 3 is the second slice of a group of three", () => {
    expect(sliceGroupOf(sliceKey("bulk-r1-0", 1, 3))).toEqual({ base: "bulk-r1-0", index: 1, count: 3 });
  });
});
