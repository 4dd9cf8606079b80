import { describe, expect, it } from "vitest";
import { closeOverlay, openOverlay, overlay$ } from "../../../../src/data/stores/ui";

describe("the overlay on top", () => {
  it("a dialog opened with `then` opens that one as it closes (dormant, then the risk disclosure)", () => {
    openOverlay({ kind: "dormant", then: { kind: "riskDisclosure" } });
    closeOverlay();
    expect(overlay$.top.peek()).toEqual({ kind: "riskDisclosure" });
    closeOverlay();
    expect(overlay$.top.peek()).toEqual({ kind: "none" });
  });

  it("a close naming another dialog leaves the top one open (a late close must not hit its successor)", () => {
    openOverlay({ kind: "orderInfo", orderNo: "1" });
    closeOverlay("gtt");
    expect(overlay$.top.kind.peek()).toBe("orderInfo");
    closeOverlay("orderInfo");
    expect(overlay$.top.kind.peek()).toBe("none");
  });
});
