import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Order } from "../../../src/core/types/order";

const modifyOrder = vi.fn();
const order = { orderNo: "N7", brokerOrderId: "B7", exchange: "NSEEQ", instrumentId: "1594", tradingSymbol: "INFY-EQ", transactionType: "SELL", quantity: 5, orderType: "SL", price: 1129, slTriggerPrice: 1130.5, triggerPrice: 1130.5, orderStatus: "trigger pending", product: "INTRADAY" } as unknown as Order;
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
    // The broker refuses the move: the order filled meanwhile (EC993, errors.ts).
    modifyOrder.mockResolvedValue({ status: "EC993", message: "Order is not in a valid state to modify", result: [] });
    await sendLineMove({ tradingSymbol: "INFY-EQ", tickSize: 0.05 }, { line: { id: "order:N7:slTriggerPrice", price: 1130.5, label: "SELL 5 SL", tone: "sell", target: { kind: "order", orderNo: "N7", field: "slTriggerPrice", stopLimit: 1129 } }, price: 1128.3 });
    // orderToast.ts: "{Not modified}: Qty {q} {side} {tradingSymbol}{prices} ({type} Order){product}{no}. {why}",
    // an SL's prices " trigger ₹{trigger} @ ₹{price}": the trigger as moved (1,130.50 → 1,128.30, 2.20 down)
    // and the limit moved with it (1,129.00 − 2.20 = 1,126.80), then the product and the order number.
    expect(shown).toEqual([{ kind: "danger", text: "Not modified: Qty 5 SELL INFY-EQ trigger ₹1,128.30 @ ₹1,126.80 (SL Order) INTRADAY, order N7. Order is not in a valid state to modify" }]);
  });

  it("an SL line's move sends its trigger and its limit moved by as many ticks (FINDINGS-29 7)", async () => {
    modifyOrder.mockResolvedValue({ status: "Ok", message: "Success", result: [{ orderNo: "N7" }] });
    await sendLineMove({ tradingSymbol: "INFY-EQ", tickSize: 0.05 }, { line: { id: "order:N7:slTriggerPrice", price: 1130.5, label: "SELL 5 SL", tone: "sell", target: { kind: "order", orderNo: "N7", field: "slTriggerPrice", stopLimit: 1129 } }, price: 1128.3 });
    expect(modifyOrder.mock.calls[0]![1]).toEqual({ slTriggerPrice: 1128.3, price: 1126.8 });
  });
});
