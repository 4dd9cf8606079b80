import { beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The sink every toast goes through (src/app/toasts.ts): the GTT success toast that carries the
 * kill-switch warning stayed the spec's 4,500 ms, too short to read; it now stays as long as its
 * words take to read (rules/toastTime.ts), as every toast does.
 */
const shown = vi.hoisted(() => [] as Array<{ text: string; duration: number }>);
vi.mock("react-hot-toast", () => {
  const record = (text: string, opts: { duration: number }) => void shown.push({ text, duration: opts.duration });
  return { default: Object.assign(record, { success: record, error: record }) };
});

describe("the toast sink", () => {
  beforeEach(() => void (shown.length = 0));

  it("holds the GTT success toast with its warning for as long as it takes to read (1,000 + 47 words × 240 ms)", async () => {
    const { installToasts } = await import("../../../src/app/toasts");
    const { notify } = await import("../../../src/core/notify");
    installToasts();
    const text =
      "GTT Placed Successfully: Qty 10 BUY INFY-EQ trigger ₹1,000.00 @ ₹1,001.00 (SINGLE GTT). The day's loss limit has tripped (Maximum loss: ₹300.00 of ₹200.00): an order this GTT triggers today will be refused and the GTT will end Failed; it can still trigger on a later day";
    notify({ kind: "success", text, durationMs: 4500 });
    notify({ kind: "success", text: "GTT Placed Successfully: Qty 10 BUY INFY-EQ trigger ₹1,000.00 @ ₹1,001.00 (SINGLE GTT)", durationMs: 4500 });
    expect(shown.map((s) => s.duration)).toEqual([12_280, 4500]);
  });
});
