import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closingAhead } from "../../server/orders/blocked.js";
import type { OrderRecord } from "../../server/orders/record.js";
import type { WorkingOrders } from "../../server/orders/working.js";
import { marginFreeQuantity } from "../../src/core/rules/closingMargin.js";
import type { TransactionType } from "../../src/core/types/order.js";

/**
 * The rule (rules/closingMargin.ts): "an order against an open position of the same product closes
 * that much first, which adds no exposure. The position can be closed once: working orders on the
 * closing side placed before this one have claimed their pending quantity of it already, so only
 * what is left of the position (open quantity less those working closing orders) is margin-free."
 *
 * The reference model, from those words alone: walk the working orders oldest first with what is
 * left of the position; a closing order takes min(its pending, what is left) margin-free and
 * leaves the rest; an order on the opening side takes none. The broker's reading (closingAhead over
 * the working book, then marginFreeQuantity) must give each order what the model gives it, and
 * a new order what the model leaves: so all the margin-free quantity together never exceeds the
 * position, and a new order's never exceeds the position less the working closing orders.
 */
interface Working {
  side: TransactionType;
  pending: number;
  /** Another book or instrument: never counted against this position. */
  elsewhere: "no" | "product" | "instrument" | "user" | "leg";
}

const record = (w: Working, seq: number): OrderRecord =>
  ({
    seq,
    brokerOrderId: `B${seq}`,
    userId: w.elsewhere === "user" ? "DEMO2" : "DEMO1",
    exchange: "NSEEQ",
    tokenNo: w.elsewhere === "instrument" ? 11536 : 3045,
    product: w.elsewhere === "product" ? "DELIVERY" : "INTRADAY",
    orderComplexity: "REGULAR",
    transactionType: w.side,
    pendingQuantity: w.pending,
    mainLegOrderId: w.elsewhere === "leg" ? "B0" : "",
  }) as unknown as OrderRecord;

/** The model: what each order of this position's book gets margin-free, oldest first, and what a new order on `side` would get. */
function model(net: number, book: Working[], side: TransactionType): { each: number[]; next: number } {
  const closingSide: TransactionType | undefined = net > 0 ? "SELL" : net < 0 ? "BUY" : undefined;
  let left = Math.abs(net);
  const each = book.map((w) => {
    if (w.elsewhere !== "no" || w.side !== closingSide) return 0;
    const free = Math.min(w.pending, left);
    left -= free;
    return free;
  });
  return { each, next: side === closingSide ? left : 0 };
}

const working = fc.record({
  side: fc.constantFrom<TransactionType>("BUY", "SELL"),
  pending: fc.integer({ min: 1, max: 40 }),
  elsewhere: fc.constantFrom<Working["elsewhere"]>("no", "no", "no", "product", "instrument", "user", "leg"),
});

describe("margin-free quantity: the position is closed once, oldest working order first", () => {
  it("each working order and a new one get what the reference model gives them, and never more than the position together", () => {
    fc.assert(
      fc.property(fc.integer({ min: -60, max: 60 }), fc.array(working, { maxLength: 8 }), fc.constantFrom<TransactionType>("BUY", "SELL"), fc.integer({ min: 1, max: 60 }), (net, book, side, quantity) => {
        const records = book.map((w, i) => record(w, i + 1));
        // Every record, whatever its instrument: closingAhead keeps to its own instrument even when handed more.
        const all: Pick<WorkingOrders, "onInstrument"> = { onInstrument: () => records };
        const expected = model(net, book, side);
        const got = records.map((r, i) =>
          book[i]!.elsewhere === "no" ? marginFreeQuantity(net, r.transactionType, r.pendingQuantity, closingAhead(all, { ...r, tokenNo: 3045 })) : 0,
        );
        expect(got).toEqual(expected.each);
        const fresh = marginFreeQuantity(net, side, quantity, closingAhead(all, { userId: "DEMO1", exchange: "NSEEQ", tokenNo: 3045, orderComplexity: "REGULAR", product: "INTRADAY", transactionType: side }));
        expect(fresh).toBe(Math.min(quantity, expected.next));
        // Read only as far as the position's size (blocked.ts Ahead), the margin-free quantity is the same.
        const fresher = { userId: "DEMO1", exchange: "NSEEQ" as const, tokenNo: 3045, orderComplexity: "REGULAR", product: "INTRADAY" as const, transactionType: side };
        expect(marginFreeQuantity(net, side, quantity, closingAhead(all, fresher, Math.abs(net)))).toBe(fresh);
        const closing = book.filter((w) => w.elsewhere === "no" && ((net > 0 && w.side === "SELL") || (net < 0 && w.side === "BUY"))).reduce((s, w) => s + w.pending, 0);
        expect(fresh).toBeLessThanOrEqual(Math.max(0, Math.abs(net) - closing));
        expect(got.reduce((s, q) => s + q, 0) + fresh).toBeLessThanOrEqual(Math.abs(net));
      }),
      { numRuns: 2000, seed: 24 },
    );
  });

  it("examples: long 10 with a working SELL 10, a new SELL 10 is all opening; with a working SELL 4, 6 of it closes", () => {
    expect(marginFreeQuantity(10, "SELL", 10, 10)).toBe(0);
    expect(marginFreeQuantity(10, "SELL", 10, 4)).toBe(6);
    expect(marginFreeQuantity(10, "SELL", 10, 0)).toBe(10);
    expect(marginFreeQuantity(-75, "BUY", 150, 0)).toBe(75);
    expect(marginFreeQuantity(10, "BUY", 10, 0)).toBe(0);
  });
});
