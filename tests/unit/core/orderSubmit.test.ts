import { describe, expect, it } from "vitest";
import { judgePlaceAnswer, submitWithKey, type SubmitDeps } from "../../../src/core/rules/orderSubmit";
import type { Order, OrderRequest } from "../../../src/core/types/order";

const req: OrderRequest = {
  exchange: "NSEEQ",
  instrumentId: "1594",
  transactionType: "BUY",
  quantity: 10,
  product: "DELIVERY",
  orderComplexity: "REGULAR",
  orderType: "LIMIT",
  validity: "DAY",
  price: 1500,
  slTriggerPrice: 0,
  disclosedQuantity: 0,
  marketProtection: 0,
  targetPrice: 0,
  stopLossPrice: 0,
  trailingSlAmount: 0,
};

class Lost extends Error {}

/** A broker that records each place and can lose the answer to the first N of them. */
function broker(loseFirst: number) {
  const placed: OrderRequest[] = [];
  const book: Array<Pick<Order, "brokerOrderId" | "clientOrderKey">> = [];
  let calls = 0;
  const deps: SubmitDeps = {
    place: async (r) => {
      calls++;
      const existing = book.find((o) => o.clientOrderKey === r.clientOrderKey);
      if (!existing) {
        placed.push(r);
        book.push({ brokerOrderId: `B${placed.length}`, clientOrderKey: r.clientOrderKey ?? "" });
      }
      if (calls <= loseFirst) throw new Lost("timeout");
      return { status: "Ok", message: "Success", result: [{ status: "Ok", message: "Success", brokerOrderId: (existing ?? book.at(-1))!.brokerOrderId }] };
    },
    orderBook: async () => book as Order[],
    isLostAnswer: (e) => e instanceof Lost,
  };
  return { deps, placed, calls: () => calls };
}

describe("one submit, one order", () => {
  it("sends the client order key with the place", async () => {
    const b = broker(0);
    expect(await submitWithKey(req, "k1", b.deps)).toEqual({ kind: "placed", brokerOrderId: "B1", reconciled: false });
    expect(b.placed[0]!.clientOrderKey).toBe("k1");
  });

  it("a timed-out place is reconciled from the order book before any retry", async () => {
    const b = broker(1);
    const out = await submitWithKey(req, "k1", b.deps);
    expect(out).toEqual({ kind: "placed", brokerOrderId: "B1", reconciled: true });
    expect(b.calls()).toBe(1);
    expect(b.placed).toHaveLength(1);
  });

  it("an order the book does not have is re-sent with the same key", async () => {
    const deps: SubmitDeps = {
      place: async () => {
        throw new Lost("network");
      },
      orderBook: async () => [],
      isLostAnswer: (e) => e instanceof Lost,
    };
    const sent: string[] = [];
    const spy: SubmitDeps = { ...deps, place: async (r) => (sent.push(r.clientOrderKey!), deps.place(r)) };
    expect((await submitWithKey(req, "k9", spy)).kind).toBe("lost");
    expect(sent).toEqual(["k9", "k9"]);
  });

  it("a business error is a refusal with the server's code and message", () => {
    expect(judgePlaceAnswer({ status: "Ok", message: "Success", result: [{ status: "EC919", message: "Insufficient funds" }] })).toEqual({
      kind: "refused",
      status: "EC919",
      message: "Insufficient funds",
    });
    expect(judgePlaceAnswer({ status: "EC948", message: "Quantity cannot be more than 50000000", result: [] })).toEqual({
      kind: "refused",
      status: "EC948",
      message: "Quantity cannot be more than 50000000",
    });
  });
});
