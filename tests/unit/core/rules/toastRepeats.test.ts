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

/**
 * The count is of events: the brief's "a ×2 must mean two modifies". One modify is told twice, by
 * the order window's answer and by the broker's update (orderToast.ts: "the two merge as one
 * toast"); the two tellings of one event are one toast and one count.
 */
describe("one event told by two tellers", () => {
  const modified = "Modified: Qty 8 BUY INFY-EQ @ ₹1,105.00 (LIMIT Order)";
  const id = `success:${modified}`;
  const answer = (order: string) => ({ event: `modify:${order}`, teller: "answer" as const });
  const update = (order: string) => ({ event: `modify:${order}`, teller: "update" as const });

  it("one modify, its answer then its update 500 ms later: one toast, no count", () => {
    const r = new ToastRepeats();
    expect(r.text(id, modified, 0, 4500, answer("7"))).toBe(modified);
    expect(r.text(id, modified, 500, 4500, update("7"))).toBe(modified);
  });

  it("the update first, then the answer: the same", () => {
    const r = new ToastRepeats();
    expect(r.text(id, modified, 0, 4500, update("7"))).toBe(modified);
    expect(r.text(id, modified, 30, 4500, answer("7"))).toBe(modified);
  });

  it("two modifies in a row, each told twice, in either interleaving: ×2, never more", () => {
    const a = new ToastRepeats();
    expect([a.text(id, modified, 0, 4500, answer("7")), a.text(id, modified, 500, 4500, update("7")), a.text(id, modified, 900, 4500, answer("7")), a.text(id, modified, 1400, 4500, update("7"))]).toEqual([
      modified,
      modified,
      `${modified} ×2`,
      `${modified} ×2`,
    ]);
    const b = new ToastRepeats();
    expect([b.text(id, modified, 0, 4500, answer("7")), b.text(id, modified, 100, 4500, answer("7")), b.text(id, modified, 500, 4500, update("7")), b.text(id, modified, 600, 4500, update("7"))]).toEqual([
      modified,
      `${modified} ×2`,
      `${modified} ×2`,
      `${modified} ×2`,
    ]);
  });

  it("two orders of the same terms each modified: two events, ×2", () => {
    const r = new ToastRepeats();
    r.text(id, modified, 0, 4500, answer("7"));
    r.text(id, modified, 500, 4500, update("7"));
    expect(r.text(id, modified, 900, 4500, answer("8"))).toBe(`${modified} ×2`);
    expect(r.text(id, modified, 1400, 4500, update("8"))).toBe(`${modified} ×2`);
  });

  it("a modify told by one teller only (notifications off, a partly filled order's update not shown) counts each time", () => {
    const r = new ToastRepeats();
    expect(r.text(id, modified, 0, 4500, answer("7"))).toBe(modified);
    expect(r.text(id, modified, 900, 4500, answer("7"))).toBe(`${modified} ×2`);
  });

  it("a modify made elsewhere (its update alone) after one made here and told twice: ×2", () => {
    const r = new ToastRepeats();
    r.text(id, modified, 0, 4500, answer("7"));
    r.text(id, modified, 500, 4500, update("7"));
    expect(r.text(id, modified, 900, 4500, update("7"))).toBe(`${modified} ×2`);
  });

  it("the toast gone before the second telling: it comes up anew, without a count", () => {
    const r = new ToastRepeats();
    r.text(id, modified, 0, 4500, answer("7"));
    expect(r.text(id, modified, 4600, 4500, update("7"))).toBe(modified);
  });
});
