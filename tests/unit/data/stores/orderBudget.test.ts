import { afterEach, describe, expect, it, vi } from "vitest";
import type { Envelope } from "../../../../src/data/api/http";

/**
 * Issue 19: "Basket firing, slicing and bulk actions pace themselves under the budget instead of
 * being refused." The pacer learns the broker's limits (here 2 a second) and holds a send until a
 * slot is free; a refusal (EC970, slots used elsewhere) waits the time the broker named and sends again.
 */
vi.mock("../../../../src/data/api/http", async (original) => ({
  ...(await original<object>()),
  call: async () => ({ status: "Ok", message: "Success", result: [{ enabled: true, windows: [{ unit: "s", limit: 2, left: 2, nextSlotMs: 0 }], sentAgoMs: [] }] }),
}));

const { paced, orderBudgetNow } = await import("../../../../src/data/stores/orderBudget");
const { resetSessionState } = await import("../../../../src/data/stores/sessionReset");

const ok: Envelope<unknown> = { status: "Ok", message: "Success", result: [] };

afterEach(() => {
  resetSessionState();
  vi.useRealTimers();
});

describe("the client's order pacer", () => {
  it("at 2 a second, the third send waits until the first is a second old", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const sentAt: number[] = [];
    const send = async () => {
      sentAt.push(Date.now());
      return ok;
    };
    const all = Promise.all([paced(send), paced(send), paced(send)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sentAt).toEqual([1_000_000, 1_000_000]);
    expect(orderBudgetNow()?.[0]?.left).toBe(0);
    await vi.advanceTimersByTimeAsync(999);
    expect(sentAt).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await all;
    expect(sentAt).toEqual([1_000_000, 1_000_000, 1_001_000]);
  });

  it("an EC970 is sent again after the time the broker named", async () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const sentAt: number[] = [];
    const send = async (): Promise<Envelope<unknown>> => {
      sentAt.push(Date.now());
      return sentAt.length === 1 ? { status: "EC970", message: "Order rate limit reached: next slot in 0.7 s", result: [{ retryAfterMs: 700 }] } : ok;
    };
    const done = paced(send);
    await vi.advanceTimersByTimeAsync(699);
    expect(sentAt).toEqual([5_000_000]);
    await vi.advanceTimersByTimeAsync(1);
    expect((await done).status).toBe("Ok");
    expect(sentAt).toEqual([5_000_000, 5_000_700]);
  });
});
