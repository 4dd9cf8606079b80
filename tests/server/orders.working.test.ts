import { describe, expect, it } from "vitest";
import { NO_MARGIN, type OrderRecord } from "../../server/orders/record.js";
import { WorkingOrders } from "../../server/orders/working.js";

const order = (seq: number, token: number): OrderRecord =>
  ({ seq, brokerOrderId: `o${seq}`, userId: "U1", exchange: "NSEFO", tokenNo: token, orderStatus: "open", orderType: "LIMIT", transactionType: "BUY", price: 100, triggerPrice: 0, triggered: false, protectionPrice: 0, sessionDay: "2026-11-23", trailingSlAmount: 0, mainLegOrderId: "", blocked: NO_MARGIN }) as OrderRecord;

describe("working orders watch their instruments", () => {
  it("an instrument is watched while it has working orders, and released at the sweep after its last one stopped", () => {
    const watching = new Map<number, number>();
    const working = new WorkingOrders({
      watch: (_exchange, token) => {
        watching.set(token, (watching.get(token) ?? 0) + 1);
        return () => watching.set(token, (watching.get(token) ?? 0) - 1);
      },
    });
    const [a, b, c] = [order(1, 7), order(2, 7), order(3, 8)];
    for (const r of [a, b, c]) working.add(r);
    // One watch per instrument, however many orders it has.
    expect(Object.fromEntries(watching)).toEqual({ 7: 1, 8: 1 });
    working.remove(a);
    working.remove(c);
    // Instrument 8 has none left but stays watched until the sweep; 7 still has an order.
    expect(Object.fromEntries(watching)).toEqual({ 7: 1, 8: 1 });
    working.releaseIdle();
    expect(Object.fromEntries(watching)).toEqual({ 7: 1, 8: 0 });
    // A new order watches it again; one that arrives before the sweep finds the watch still there.
    working.add(order(4, 8));
    working.remove(b);
    working.add(order(5, 7));
    expect(Object.fromEntries(watching)).toEqual({ 7: 1, 8: 1 });
    working.stop();
    expect(Object.fromEntries(watching)).toEqual({ 7: 0, 8: 0 });
  });
});
