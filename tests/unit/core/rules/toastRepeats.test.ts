import { describe, expect, it } from "vitest";
import { ToastRepeats } from "../../../../src/core/rules/toastRepeats";

// trading-core: "Duplicate identical toasts are not stacked." One toast, counting its repeats, so a second identical order is still said.
describe("identical toasts", () => {
  const placed = "Placed: Qty 1 BUY INFY-EQ @ ₹1,000.00 (LIMIT Order)";

  it("a repeat while the first is on screen counts on it; after it has gone, it starts again at one", () => {
    const r = new ToastRepeats();
    expect(r.text("success:p", placed, 0, 4500)).toBe(placed);
    expect(r.text("success:p", placed, 1000, 4500)).toBe(`${placed} ×2`);
    // The repeat showed it again for 4500 ms from 1000: still on screen at 5000.
    expect(r.text("success:p", placed, 5000, 4500)).toBe(`${placed} ×3`);
    expect(r.text("success:p", placed, 9500, 4500)).toBe(placed);
  });

  it("each toast counts its own", () => {
    const r = new ToastRepeats();
    r.text("a", "A", 0, 4500);
    expect(r.text("b", "B", 10, 4500)).toBe("B");
    expect(r.text("a", "A", 20, 4500)).toBe("A ×2");
  });
});
