import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { oldestWithin } from "../../server/orders/fills.js";
import type { OrderRecord } from "../../server/orders/record.js";

const order = (seq: number, pendingQuantity: number) => ({ seq, pendingQuantity }) as OrderRecord;

describe("the working orders a position reaches, oldest first (fills.ts remarginSiblings)", () => {
  it("takes orders by seq while the pending quantity before each is under the reach: a long 3 reaches the SELLs of seq 1, 2 and 4 (1 + 1 before seq 4 is 2, under 3), not seq 5", () => {
    const got = oldestWithin([order(5, 1), order(4, 2), order(1, 1), order(2, 1)], 3).map((o) => o.seq);
    expect(got).toEqual([1, 2, 4]);
    expect(oldestWithin([order(2, 10), order(1, 10)], 0)).toEqual([]);
  });

  it("is the prefix of the orders sorted by seq that the reach covers, past 16 picks too (property)", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 60 }), fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 60, maxLength: 60 }), fc.integer({ min: 0, max: 200 }), (seqs, pendings, reach) => {
        const orders = seqs.map((s, i) => order(s, pendings[i]!));
        // By hand from the rule: sorted by seq, keep each while what came before it sums under the reach.
        const expected: number[] = [];
        let ahead = 0;
        for (const o of [...orders].sort((a, b) => a.seq - b.seq)) {
          if (ahead >= reach) break;
          expected.push(o.seq);
          ahead += o.pendingQuantity;
        }
        expect(oldestWithin(orders, reach).map((o) => o.seq)).toEqual(expected);
      }),
      { numRuns: 500, seed: 6 },
    );
  });
});
