import { describe, expect, it, vi } from "vitest";
import type { Envelope } from "../../../src/data/api/http";

/**
 * An answer asked for by the last client that lands after their sign-out must not fill the
 * store the sign-out just reset (issue 10, defect 3: "signing in as another client in the same
 * tab shows stale rows").
 */
const pending: Array<(e: Envelope<unknown>) => void> = [];
vi.mock("../../../src/data/api/orders", () => ({
  fetchOrderBook: () => new Promise((r) => pending.push(r)),
  fetchTradeBook: async () => ({ status: "EC916", message: "no trades", result: [] }),
  fetchSecurityInfo: async () => ({ status: "EC900", message: "", result: [] }),
}));

const { orders$, refreshOrders } = await import("../../../src/data/stores/orders");
const { resetSessionState } = await import("../../../src/data/stores/sessionReset");

describe("a late answer after the session ended", () => {
  it("leaves the order book empty when the last client's book arrives after the reset", async () => {
    const refreshing = refreshOrders();
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    resetSessionState();
    pending[0]!({ status: "Ok", message: "Success", result: [{ orderNo: "240101000001" }] });
    await refreshing;
    expect(orders$.peek()).toEqual({ orders: [], trades: [], loaded: false, error: undefined });
  });

  it("still fills the book when the session did not end", async () => {
    const refreshing = refreshOrders();
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[1]!({ status: "Ok", message: "Success", result: [{ orderNo: "240101000002" }] });
    await refreshing;
    expect(orders$.orders.peek()).toEqual([{ orderNo: "240101000002" }]);
    expect(orders$.loaded.peek()).toBe(true);
  });
});
