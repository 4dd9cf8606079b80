import { describe, expect, it } from "vitest";
import type { OrderRecord } from "../../server/orders/record.js";
import { RestingIndex } from "../../server/orders/restingIndex.js";

let seq = 0;
const order = (over: Partial<OrderRecord>): OrderRecord =>
  ({ seq: ++seq, brokerOrderId: `o${seq}`, orderType: "LIMIT", transactionType: "BUY", price: 0, triggerPrice: 0, triggered: false, protectionPrice: 0, sessionDay: "2026-11-23", trailingSlAmount: 0, mainLegOrderId: "", ...over }) as OrderRecord;
const level = (price: number) => ({ price, quantity: 10, orders: 1 });
const quote = (ltp: number, bid: number, ask: number) => ({ ltp, bids: [level(bid)], asks: [level(ask)] });
const ids = (rs: OrderRecord[]) => rs.map((r) => r.brokerOrderId);

describe("resting orders indexed by the price that makes them act", () => {
  it("a tick visits only the crossed limits and stops, oldest first", () => {
    seq = 0;
    const ix = new RestingIndex();
    // o1 buy 101, o2 buy 99, o3 buy 100, o4 sell 102, o5 sell 104,
    // o6 buy stop at 105 (acts when LTP >= 105), o7 sell stop at 95 (acts when LTP <= 95).
    for (const r of [
      order({ price: 101 }), order({ price: 99 }), order({ price: 100 }),
      order({ transactionType: "SELL", price: 102 }), order({ transactionType: "SELL", price: 104 }),
      order({ orderType: "SLM", triggerPrice: 105 }), order({ orderType: "SL", transactionType: "SELL", triggerPrice: 95, price: 94 }),
    ]) ix.add(r);
    // Best ask 100: the buys at 101 and 100 can take it, 99 cannot; best bid 99 reaches no sell; LTP 99.5 triggers nothing.
    expect(ids(ix.crossedBy(quote(99.5, 99, 100)))).toEqual(["o1", "o3"]);
    // Best bid 103 reaches the sell at 102; ask 104 no buy; LTP 105 triggers the buy stop.
    expect(ids(ix.crossedBy(quote(105, 103, 104)))).toEqual(["o4", "o6"]);
    // LTP 95 triggers the sell stop; ask 96 crosses every buy.
    expect(ids(ix.crossedBy(quote(95, 94, 96)))).toEqual(["o1", "o2", "o3", "o7"]);
    // Nothing crossed: nothing visited.
    expect(ix.crossedBy(quote(100.5, 99.5, 101.5))).toEqual([]); // ask 101.5 is above every buy, bid 99.5 below every sell
  });

  it("an AMO, a trailing stop and an unbounded market order are visited on every tick; a change is seen at the next tick", () => {
    seq = 0;
    const ix = new RestingIndex();
    const amo = order({ sessionDay: "", price: 50 });
    const trailing = order({ orderType: "SL", transactionType: "SELL", triggerPrice: 90, price: 89, trailingSlAmount: 1, mainLegOrderId: "m1" });
    const market = order({ orderType: "MARKET" });
    const limit = order({ price: 90 });
    for (const r of [amo, trailing, market, limit]) ix.add(r);
    expect(ids(ix.crossedBy(quote(100, 99, 100)))).toEqual(["o1", "o2", "o3"]);
    // Modified to 100: crossed by an ask of 100 once the index is told.
    limit.price = 100;
    ix.touch();
    expect(ids(ix.crossedBy(quote(100, 99, 100)))).toEqual(["o1", "o2", "o3", "o4"]);
    ix.delete(market);
    expect(ids(ix.crossedBy(quote(100, 99, 100.5)))).toEqual(["o1", "o2"]);
  });
});
