import { describe, expect, it } from "vitest";
import { sliceGroups$, toggleSliceGroup } from "../../../../src/data/stores/sliceGroups";
import { resetBooksState } from "../../../../src/data/stores/sessionReset";

/*
 * FINDINGS-29 §6: a replay's books number their orders from 2612070000001 again on the live date. The
 * order book's expanded groups are kept by order number, so a group opened in the live book would open
 * the replay's order of that number: they are the books' state, forgotten when the books change.
 */
describe("expanded slice groups and the books", () => {
  it("a live group expanded before a replay starts is not expanded in the replay's books", () => {
    toggleSliceGroup("2612070000001");
    expect(sliceGroups$.expanded.peek()).toEqual({ "2612070000001": true });
    resetBooksState();
    expect(sliceGroups$.expanded.peek()).toEqual({});
  });
});
