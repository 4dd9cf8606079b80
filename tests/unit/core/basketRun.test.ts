import { describe, expect, it } from "vitest";
import { basketNameProblem, editedLeg, legEditProblem, legProducts } from "../../../src/core/rules/basket";
import type { BasketLeg } from "../../../src/core/rules/basket";
import { fireLegs, fireToast, legOrderRequest } from "../../../src/core/rules/basketRun";
import type { OrderRequest } from "../../../src/core/types/order";

const leg = (scripId: number, extra: Partial<BasketLeg> = {}): BasketLeg => ({
  scripId, exchange: "NSEEQ", token: 1001, transType: "BUY", qty: 10, product: "INTRADAY", orderType: "LIMIT", price: 1500, trigger: 0, ...extra,
});

describe("basket names (issue 13: 1 to 40 characters, unique per user)", () => {
  it("refuses empty, over 40 and a case-insensitive duplicate", () => {
    expect(basketNameProblem("  ", [])).toBe("EC962");
    expect(basketNameProblem("x".repeat(41), [])).toBe("EC962");
    expect(basketNameProblem("x".repeat(40), [])).toBeNull();
    expect(basketNameProblem("morning", ["Morning"])).toBe("EC963");
    expect(basketNameProblem("Evening", ["Morning"])).toBeNull();
  });
});

describe("editing a leg (issue 28: the dialog shows every field the leg places with)", () => {
  it("the leg sends what was edited; a field its type does not use is 0 ('MARKET needs neither price nor trigger ... SLM needs a trigger only')", () => {
    const edit = { qty: 5, transType: "SELL" as const, product: "DELIVERY" as const, orderType: "MARKET" as const, price: 1490, trigger: 1480 };
    expect(editedLeg(leg(1), edit)).toMatchObject({ qty: 5, transType: "SELL", product: "DELIVERY", orderType: "MARKET", price: 0, trigger: 0 });
    expect(editedLeg(leg(1), { ...edit, orderType: "LIMIT" })).toMatchObject({ orderType: "LIMIT", price: 1490, trigger: 0 });
    expect(editedLeg(leg(1), { ...edit, orderType: "SL" })).toMatchObject({ orderType: "SL", price: 1490, trigger: 1480 });
    expect(editedLeg(leg(1), { ...edit, orderType: "SLM" })).toMatchObject({ orderType: "SLM", price: 0, trigger: 1480 });
  });
  it("refuses an edit its type cannot send: LIMIT needs a price, SL a price and a trigger, SLM a trigger", () => {
    const base = { qty: 5, transType: "BUY" as const, product: "DELIVERY" as const, price: 0, trigger: 0 };
    expect(legEditProblem({ ...base, orderType: "MARKET" })).toBeUndefined();
    expect(legEditProblem({ ...base, orderType: "LIMIT" })).toBe("LIMIT needs a price");
    expect(legEditProblem({ ...base, orderType: "SL", price: 10 })).toBe("SL needs a trigger price");
    expect(legEditProblem({ ...base, orderType: "SLM", trigger: 10 })).toBeUndefined();
    expect(legEditProblem({ ...base, qty: 0, orderType: "MARKET" })).toBe("Enter a quantity");
  });
  it("offers the products the leg's exchange allows: DELIVERY and BNPL only on NSEEQ or BSEEQ, BNPL only on NSEEQ", () => {
    expect(legProducts("NSEEQ", "DELIVERY")).toEqual(["DELIVERY", "INTRADAY", "BNPL"]);
    expect(legProducts("BSEEQ", "INTRADAY")).toEqual(["DELIVERY", "INTRADAY"]);
    expect(legProducts("NSEFO", "NORMAL")).toEqual(["NORMAL", "INTRADAY"]);
    // A leg saved with a product the list would not offer keeps it listed: the select never shows what it does not hold.
    expect(legProducts("NSEEQ", "NORMAL")).toEqual(["DELIVERY", "INTRADAY", "BNPL", "NORMAL"]);
  });
});

describe("firing a basket", () => {
  it("places each leg under its own key derived from the run", () => {
    expect(legOrderRequest(leg(7), "run1").clientOrderKey).toBe("bk-run1-7");
    expect(legOrderRequest(leg(8), "run1").clientOrderKey).toBe("bk-run1-8");
    expect(legOrderRequest(leg(7), "run2").clientOrderKey).toBe("bk-run2-7");
    // A market leg carries no price, an SLM leg its trigger; AMO while the market is closed.
    const slm = legOrderRequest(leg(9, { orderType: "SLM", price: 1500, trigger: 1490 }), "r", true);
    expect([slm.price, slm.slTriggerPrice, slm.orderComplexity]).toEqual([0, 1490, "AMO"]);
  });

  it("keeps placing after a refused or unanswered leg and reports each leg", async () => {
    const place = async (req: OrderRequest) => {
      if (req.clientOrderKey === "bk-r-2") return { status: "EC919", message: "Insufficient funds" };
      if (req.clientOrderKey === "bk-r-3") throw new Error("timeout");
      return { status: "Ok", message: "Success", orderNo: `N${req.clientOrderKey}` };
    };
    const report = await fireLegs([leg(1), leg(2), leg(3), leg(4)], "r", place);
    expect(report).toEqual([
      { scripId: 1, placed: true, orderNo: "Nbk-r-1" },
      { scripId: 2, placed: false, code: "EC919", message: "Insufficient funds" },
      { scripId: 3, placed: false, code: "", message: "timeout", unanswered: true },
      { scripId: 4, placed: true, orderNo: "Nbk-r-4" },
    ]);
  });

  it("firing the same run twice against a deduping broker places each leg once", async () => {
    const book = new Map<string, string>();
    const place = async (req: OrderRequest) => {
      const key = req.clientOrderKey!;
      if (!book.has(key)) book.set(key, `O${book.size + 1}`);
      return { status: "Ok", message: "Success", orderNo: book.get(key) };
    };
    const [a, b] = await Promise.all([fireLegs([leg(1), leg(2), leg(3)], "same", place), fireLegs([leg(1), leg(2), leg(3)], "same", place)]);
    expect(book.size).toBe(3);
    expect(a).toEqual(b);
  });
});

// Issue 28: "Client-side toasts after ... basket send: each names what it acted on (instrument, side, qty)".
describe("the toast after firing a basket", () => {
  const legs = [
    leg(1, { tradingSymbol: "INFY-EQ" }),
    leg(2, { tradingSymbol: "SBIN-EQ", transType: "SELL", qty: 5 }),
    leg(3, { tradingSymbol: "TCS-EQ", qty: 1 }),
  ];

  it("every leg placed: how many, and which", () => {
    const report = [{ scripId: 1, placed: true as const, orderNo: "a" }, { scripId: 2, placed: true as const, orderNo: "b" }, { scripId: 3, placed: true as const, orderNo: "c" }];
    expect(fireToast("Morning", legs, report)).toEqual({ kind: "success", text: "Basket Morning fired: 3 of 3 legs placed: Qty 10 BUY INFY-EQ, Qty 5 SELL SBIN-EQ, Qty 1 BUY TCS-EQ" });
  });

  it("a leg refused: danger, which one and the broker's reason", () => {
    const report = [
      { scripId: 1, placed: true as const, orderNo: "a" },
      { scripId: 2, placed: true as const, orderNo: "b" },
      { scripId: 3, placed: false as const, code: "EC919", message: "Insufficient funds" },
    ];
    expect(fireToast("Morning", legs, report)).toEqual({ kind: "danger", text: "Basket Morning fired: 2 of 3 legs placed. Not placed: Qty 1 BUY TCS-EQ (Insufficient funds)" });
  });

  it("a leg the broker listed without a symbol is named by its exchange and token", () => {
    const report = [{ scripId: 9, placed: true as const, orderNo: "z" }];
    expect(fireToast("Eve", [leg(9, { token: 2885 })], report).text).toBe("Basket Eve fired: 1 of 1 leg placed: Qty 10 BUY NSEEQ 2885");
  });
});
