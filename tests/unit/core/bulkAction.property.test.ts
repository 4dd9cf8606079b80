import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cancelRoute, planBulk } from "../../../src/core/rules/bulkAction";

/**
 * "A plan is what the preview shows and what is then sent, nothing else" (bulkAction.ts), over any
 * book at the preview and any book when the countdown ends: what is cancelled is the preview's
 * orders still open; the one cancel-all call goes only when the open orders are exactly the
 * preview's (it cancels every open order); every open order the preview did not show is named as
 * left open, and every previewed one no longer open as closed meanwhile.
 */
const order = (n: number) => ({ orderNo: String(n), tradingSymbol: `S${n}-EQ`, orderStatus: "open" as const, pendingQuantity: n, price: 100, transactionType: "BUY" as const, exchange: "NSEEQ" as const, token: String(n) });

describe("cancel all over any two books", () => {
  it("sends the preview's still-open orders and nothing else", () => {
    const book = fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { maxLength: 12 });
    fc.assert(
      fc.property(book, book, (atPreview, atSend) => {
        const plan = planBulk("cancelAll", atPreview.map(order), []);
        const r = cancelRoute(plan, atSend.map(order));
        const shown = new Set(atPreview);
        const open = new Set(atSend);
        expect(new Set(r.each)).toEqual(new Set(atPreview.filter((n) => open.has(n)).map(String)));
        expect(r.all).toBe(shown.size === open.size && atPreview.every((n) => open.has(n)));
        expect(r.leftOpen).toHaveLength(atSend.filter((n) => !shown.has(n)).length);
        expect(r.closedMeanwhile).toHaveLength(atPreview.filter((n) => !open.has(n)).length);
      }),
    );
  });
});
