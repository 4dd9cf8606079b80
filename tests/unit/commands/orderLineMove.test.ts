import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Order } from "../../../src/core/types/order";

const modifyOrder = vi.fn();
const order = { orderNo: "N7", brokerOrderId: "B7", exchange: "NSEEQ", instrumentId: "1594", tradingSymbol: "INFY-EQ", transactionType: "SELL", quantity: 5, orderType: "SL", price: 1129, slTriggerPrice: 1130.5, triggerPrice: 1130.5, orderStatus: "trigger pending" } as unknown as Order;
const ok = <T>(result: T[]) => ({ status: "Ok", message: "Success", result });
vi.mock("../../../src/data/api/orders", () => ({
  modifyOrder: (...a: unknown[]) => modifyOrder(...a),
  fetchOrderBook: () => Promise.resolve(ok([order])),
  fetchTradeBook: () => Promise.resolve(ok([])),
}));

const { sendLineMove } = await import("../../../src/commands/orderLineMove");
const { setToastSink } = await import("../../../src/core/notify");
const { orders$ } = await import("../../../src/data/stores/orders");

describe("a refused order-line move", () => {
  let shown: Array<{ kind: string; text: string }>;
  beforeEach(() => {
    shown = [];
    setToastSink((t) => shown.push({ kind: t.kind, text: t.text }));
    orders$.orders.set([order]);
    orders$.loaded.set(true);
    modifyOrder.mockReset();
  });

  it("names the order as the order window's refused modify does: what was refused, then why", async () => {
    // The broker refuses a sell SL's trigger moved under its price (EC909, errors.ts).
    modifyOrder.mockResolvedValue({ status: "EC909", message: "For a sell SL order the trigger price must be above the price", result: [] });
    await sendLineMove({ tradingSymbol: "INFY-EQ", tickSize: 0.05 }, { line: { id: "order:N7:slTriggerPrice", price: 1130.5, label: "SELL 5 SL", tone: "sell", target: { kind: "order", orderNo: "N7", field: "slTriggerPrice" } }, price: 1128.3 });
    // orderToast.ts: "{Not modified}: Qty {q} {side} {tradingSymbol}{prices} ({type} Order). {why}",
    // an SL's prices " trigger ₹{trigger} @ ₹{price}": the trigger as moved, the price as booked.
    expect(shown).toEqual([{ kind: "danger", text: "Not modified: Qty 5 SELL INFY-EQ trigger ₹1,128.30 @ ₹1,129.00 (SL Order). For a sell SL order the trigger price must be above the price" }]);
  });
});
