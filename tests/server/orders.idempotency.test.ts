import { describe, expect, it } from "vitest";
import type { Instrument } from "../../server/market/types.js";
import type { OrderRow } from "../../server/orders/record.js";
import { startTrading } from "./tradingHarness.js";

/**
 * "One submit, one order" under group commit (issue 18): 1,000 orders, each sent twice at the
 * same moment (a re-sent submit), arrive in the same groups; each pair must answer one order
 * number, no two pairs the same, and the book must hold exactly those 1,000 orders.
 */
describe("every order sent twice at once is placed once, and none is lost", () => {
  it("1,000 keys, 2,000 calls: 0 duplicates, 0 lost", async () => {
    const b = await startTrading();
    try {
      const infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
      const low = b.market.quote("NSEEQ", infy.token)?.lowerCircuit as number;
      expect((await b.call("POST", "/core/v2/funds/add", { amount: 90_000_000 })).status).toBe("Ok");
      // A BUY LIMIT at the lower circuit rests: every order stays in the book, none fills away.
      const body = (key: string) => ({ exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "INTRADAY", orderType: "LIMIT", price: low, validity: "DAY", clientOrderKey: key });
      const pairs: Array<[string | undefined, string | undefined]> = [];
      for (let wave = 0; wave < 10; wave++) {
        const keys = Array.from({ length: 100 }, (_, i) => `twice-${wave * 100 + i}`);
        const answers = await Promise.all(keys.flatMap((k) => [b.call<{ orderNo: string }>("POST", "/core/v2/orders/", body(k)), b.call<{ orderNo: string }>("POST", "/core/v2/orders/", body(k))]));
        for (let i = 0; i < keys.length; i++) pairs.push([answers[2 * i]?.result[0]?.orderNo, answers[2 * i + 1]?.result[0]?.orderNo]);
      }
      expect(pairs).toHaveLength(1000);
      for (const [first, second] of pairs) {
        expect(first).toMatch(/^\d+$/);
        expect(second).toBe(first);
      }
      const acknowledged = new Set(pairs.map(([first]) => first));
      expect(acknowledged.size).toBe(1000);
      const book = (await b.call<OrderRow>("POST", "/core/v2/orders/book")).result;
      expect(book).toHaveLength(1000);
      expect(new Set(book.map((r) => r.orderNo))).toEqual(acknowledged);
    } finally {
      await b.stop();
    }
  }, 180_000);
});
