import { describe, expect, it } from "vitest";
import type { BasketLeg } from "../../../src/core/rules/basket";
import { basketMargin } from "../../../src/core/rules/basketMargin";
import { legOrderNo, sliceNote } from "../../../src/core/rules/basketSlices";
import type { MarginCheckRequest } from "../../../src/core/types/order";

const leg: BasketLeg = { scripId: 7, exchange: "NSEFO", token: 1, tradingSymbol: "BANKNIFTY26DEC51000PE", transType: "SELL", qty: 3500, product: "NORMAL", orderType: "MARKET", price: 0, trigger: 0 };

describe("a sliced basket leg", () => {
  it("went when every slice is booked: its orders in slice order; not while one is missing", () => {
    const k = "bk-r1-7";
    expect(legOrderNo(k, [{ key: k, orderNo: "11" }])).toBe("11");
    expect(legOrderNo(k, [{ key: `${k}-s2of2`, orderNo: "22" }, { key: `${k}-s1of2`, orderNo: "21" }])).toBe("21, 22");
    expect(legOrderNo(k, [{ key: `${k}-s1of2`, orderNo: "21" }])).toBeUndefined();
    // Another leg whose key starts with this one's (scrip 70) is not this leg's.
    expect(legOrderNo(k, [{ key: "bk-r1-70-s1of1", orderNo: "9" }])).toBeUndefined();
    expect(legOrderNo(k, [])).toBeUndefined();
  });

  it("its margin is its slices' (each size checked once, times how many have it), never the whole quantity's", async () => {
    const asked: number[] = [];
    // A check that charges ₹10 a unit and refuses above 900, as the broker refuses one order above the freeze quantity (EC939).
    const check = async (req: MarginCheckRequest) => {
      asked.push(req.quantity);
      return req.quantity > 900 ? { ok: false as const, message: "Quantity exceeds the freeze quantity" } : { ok: true as const, margin: req.quantity * 10 };
    };
    // 3,500 = 3 x 900 + 800 (lot 100): 3 x 9,000 + 8,000 = 35,000.
    expect(await basketMargin([leg], check, () => ({ kind: "slices", slices: [900, 900, 900, 800], sliceSize: 900 }))).toEqual({ ok: true, total: 35_000 });
    expect(asked.sort()).toEqual([800, 900]);
    // Whole, it is refused: what the confirmation said before.
    expect(await basketMargin([leg], check)).toEqual({ ok: false, scripId: 7, message: "Quantity exceeds the freeze quantity" });
    // A leg that cannot be sliced says why.
    expect(await basketMargin([leg], check, () => ({ kind: "refused", reason: "That is 12 slices" }))).toEqual({ ok: false, scripId: 7, message: "That is 12 slices" });
  });

  it("the confirmation says how it goes", () => {
    expect(sliceNote({ kind: "slices", slices: [875, 875, 875, 875], sliceSize: 875 }, 900)).toBe("goes out as 4 slices (875 + 875 + 875 + 875): above the freeze quantity of 900, each slice its own order");
    expect(sliceNote({ kind: "whole" }, 900)).toBeUndefined();
  });
});
