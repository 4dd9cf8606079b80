import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Order } from "../../../src/core/types/order";
import { commandContext } from "./context";

const cancelOrder = vi.fn();
vi.mock("../../../src/data/api/orders", async (original) => ({
  ...(await original<typeof import("../../../src/data/api/orders")>()),
  cancelOrder: (...a: unknown[]) => cancelOrder(...a),
  fetchOrderBook: () => Promise.resolve({ status: "Ok", message: "", result: [] }),
  fetchTradeBook: () => Promise.resolve({ status: "Ok", message: "", result: [] }),
}));

const { registry } = await import("../../../src/commands/all");
const { orders$ } = await import("../../../src/data/stores/orders");
const { overlay$ } = await import("../../../src/data/stores/ui");

/**
 * The cancel question follows the order while it is open (rules/orderCancel.ts): an order that filled
 * whole meanwhile has nothing left to cancel, and accepting the question then sends no cancel. One
 * that only filled further is cancelled for what remains (the toast after gives the broker's figures).
 */
const sbin = {
  orderNo: "2612070000011", brokerOrderId: "b11", tradingSymbol: "SBIN-EQ", exchange: "NSEEQ", instrumentId: "3045", token: "3045",
  orderStatus: "partly executed", orderType: "LIMIT", transactionType: "SELL", product: "INTRADAY",
  quantity: 8000, filledQuantity: 4647, pendingQuantity: 3353, cancelledQuantity: 0, price: 944.4, slTriggerPrice: 0, averageTradedPrice: 944.41,
} as unknown as Order;

const ask = async () => {
  orders$.assign({ orders: [sbin], loaded: true });
  await registry.run("order.cancel", commandContext("orders", { selection: { kind: "order", orderNo: sbin.orderNo, status: "partly executed" } }));
  expect(overlay$.top.peek().kind).toBe("confirm");
};
const accept = () => registry.run("dialog.confirm", commandContext("orders", { dialog: "confirm" }));

beforeEach(() => {
  overlay$.set({ top: { kind: "none" } });
  cancelOrder.mockReset();
  cancelOrder.mockResolvedValue({ status: "Ok", message: "", result: [] });
});

describe("accepting the cancel question of an order that changed while it was open", () => {
  it("filled whole meanwhile: Enter sends no cancel", async () => {
    await ask();
    orders$.orders.set([{ ...sbin, orderStatus: "complete", filledQuantity: 8000, pendingQuantity: 0 }]);
    await accept();
    expect(overlay$.top.peek().kind).toBe("none");
    expect(cancelOrder).not.toHaveBeenCalled();
  });

  it("filled further meanwhile: Enter cancels what remains", async () => {
    await ask();
    orders$.orders.set([{ ...sbin, filledQuantity: 6100, pendingQuantity: 1900 }]);
    await accept();
    expect(cancelOrder).toHaveBeenCalledTimes(1);
    expect(cancelOrder.mock.calls[0]![0]).toBe(sbin.orderNo);
  });
});
