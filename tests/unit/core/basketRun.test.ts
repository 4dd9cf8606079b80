import { describe, expect, it } from "vitest";
import { basketNameProblem, editedLeg, legEditProblem, legProducts } from "../../../src/core/rules/basket";
import type { BasketLeg } from "../../../src/core/rules/basket";
import { fireLegs, fireToast, legAddedText, legEditedText, legOrderRequest, legRemovedText, legReportText, removeLegQuestion } from "../../../src/core/rules/basketRun";
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

// Issue 28: "Client-side toasts after ... basket send: each names what it acted on (instrument, side, qty)";
// the house rule: toasts say what happened to what (side, qty, instrument, product, order number). A
// trader finds each placed order in the book by its number: one line a leg, so four legs read down.
describe("the toast after firing a basket", () => {
  const legs = [
    leg(1, { tradingSymbol: "INFY-EQ" }),
    leg(2, { tradingSymbol: "SBIN-EQ", transType: "SELL", qty: 5, product: "DELIVERY" }),
    leg(3, { tradingSymbol: "TCS-EQ", qty: 1 }),
  ];

  it("every leg placed: how many, then each leg on its line with side, quantity, instrument, product and its order number", () => {
    const report = [{ scripId: 1, placed: true as const, orderNo: "2612070000011" }, { scripId: 2, placed: true as const, orderNo: "2612070000012" }, { scripId: 3, placed: true as const, orderNo: "2612070000013" }];
    expect(fireToast("Morning", legs, report)).toEqual({
      kind: "success",
      text: "Basket Morning fired: 3 of 3 legs placed:\nQty 10 BUY INFY-EQ INTRADAY, order 2612070000011\nQty 5 SELL SBIN-EQ DELIVERY, order 2612070000012\nQty 1 BUY TCS-EQ INTRADAY, order 2612070000013",
    });
  });

  it("a 4-leg option basket: four lines, one a leg, each with its order number", () => {
    const nfo = (scripId: number, symbol: string, side: "BUY" | "SELL") => leg(scripId, { exchange: "NSEFO", tradingSymbol: symbol, transType: side, qty: 75, product: "NORMAL", orderType: "MARKET", price: 0 });
    const condor = [nfo(1, "NIFTY26DEC24000PE", "BUY"), nfo(2, "NIFTY26DEC24200PE", "SELL"), nfo(3, "NIFTY26DEC24800CE", "SELL"), nfo(4, "NIFTY26DEC25000CE", "BUY")];
    const report = condor.map((l, i) => ({ scripId: l.scripId, placed: true as const, orderNo: `261207000002${i}` }));
    expect(fireToast("Condor", condor, report).text.split("\n")).toEqual([
      "Basket Condor fired: 4 of 4 legs placed:",
      "Qty 75 BUY NIFTY26DEC24000PE NRML, order 2612070000020",
      "Qty 75 SELL NIFTY26DEC24200PE NRML, order 2612070000021",
      "Qty 75 SELL NIFTY26DEC24800CE NRML, order 2612070000022",
      "Qty 75 BUY NIFTY26DEC25000CE NRML, order 2612070000023",
    ]);
  });

  it("a leg placed in slices: every slice's order number", () => {
    const report = [{ scripId: 1, placed: true as const, orderNo: "2612070000031, 2612070000032" }];
    expect(fireToast("Big", [legs[0]!], report).text).toBe("Basket Big fired: 1 of 1 leg placed:\nQty 10 BUY INFY-EQ INTRADAY, orders 2612070000031, 2612070000032");
  });

  // FINDINGS-27 6: the refused leg is named as an order toast names an order (orderLine, {product}):
  // its price, type and product, not "Qty 1 BUY TCS-EQ" alone.
  it("a leg refused: danger, the placed legs with their order numbers, then that leg whole and the broker's reason", () => {
    const report = [
      { scripId: 1, placed: true as const, orderNo: "2612070000011" },
      { scripId: 2, placed: true as const, orderNo: "2612070000012" },
      { scripId: 3, placed: false as const, code: "EC919", message: "Insufficient funds" },
    ];
    expect(fireToast("Morning", legs, report)).toEqual({
      kind: "danger",
      text: "Basket Morning fired: 2 of 3 legs placed:\nQty 10 BUY INFY-EQ INTRADAY, order 2612070000011\nQty 5 SELL SBIN-EQ DELIVERY, order 2612070000012\nNot placed: Qty 1 BUY TCS-EQ @ ₹1,500.00 (LIMIT Order) INTRADAY (Insufficient funds)",
    });
  });

  it("the finding's refused leg past its circuit: its limit, type and product, the broker's sentence without its code", () => {
    const reliance = leg(4, { tradingSymbol: "RELIANCE-EQ", qty: 2, product: "DELIVERY", price: 3200 });
    const report = [{ scripId: 4, placed: false as const, code: "EC918", message: "Price is outside the circuit limits: ₹1,067.60 to ₹1,601.40" }];
    expect(fireToast("B1", [reliance], report).text).toBe(
      "Basket B1 fired: 0 of 1 leg placed.\nNot placed: Qty 2 BUY RELIANCE-EQ @ ₹3,200.00 (LIMIT Order) DELIVERY (Price is outside the circuit limits: ₹1,067.60 to ₹1,601.40)",
    );
  });

  it("an SL leg refused by the risk desk: its trigger and price, and the desk's code (EC710-EC719 are shown with it)", () => {
    const sl = leg(5, { tradingSymbol: "TCS-EQ", transType: "SELL", qty: 3, orderType: "SL", price: 2700, trigger: 2705, product: "DELIVERY" });
    const report = [{ scripId: 5, placed: false as const, code: "EC710", message: "Kill switch is on" }];
    expect(fireToast("B2", [sl], report).text).toBe("Basket B2 fired: 0 of 1 leg placed.\nNot placed: Qty 3 SELL TCS-EQ trigger ₹2,705.00 @ ₹2,700.00 (SL Order) DELIVERY (EC710: Kill switch is on)");
  });

  it("two legs refused: each on its own line", () => {
    const report = [
      { scripId: 1, placed: false as const, code: "EC710", message: "Kill switch is on" },
      { scripId: 3, placed: false as const, code: "EC710", message: "Kill switch is on" },
    ];
    expect(fireToast("K", legs, report).text.split("\n")).toEqual([
      "Basket K fired: 0 of 2 legs placed.",
      "Not placed: Qty 10 BUY INFY-EQ @ ₹1,500.00 (LIMIT Order) INTRADAY (EC710: Kill switch is on)",
      "Not placed: Qty 1 BUY TCS-EQ @ ₹1,500.00 (LIMIT Order) INTRADAY (EC710: Kill switch is on)",
    ]);
  });

  it("a leg the broker listed without a symbol is named by its exchange and token", () => {
    const report = [{ scripId: 9, placed: true as const, orderNo: "z" }];
    expect(fireToast("Eve", [leg(9, { token: 2885 })], report).text).toBe("Basket Eve fired: 1 of 1 leg placed:\nQty 10 BUY NSEEQ 2885 INTRADAY, order z");
  });

  it("more than six legs placed: five named with their numbers, the rest counted and where to find them", () => {
    const many = Array.from({ length: 8 }, (_, i) => leg(i + 1, { tradingSymbol: `S${i + 1}-EQ`, qty: 1 }));
    const report = many.map((l) => ({ scripId: l.scripId, placed: true as const, orderNo: `n${l.scripId}` }));
    const lines = fireToast("Wide", many, report).text.split("\n");
    expect(lines).toHaveLength(7);
    expect(lines[5]).toBe("Qty 1 BUY S5-EQ INTRADAY, order n5");
    expect(lines[6]).toBe("and 3 more placed, each with its order number in the basket's Last run");
  });
});

// FINDINGS-27 6: "The Last run column prints the broker's code: 'EC918 Price is outside the circuit
// limits ...'". It reads as the order window's refusal toast reads (riskMessage.ts refusalText): the
// broker's sentence, the code kept only for the risk desk's EC710-EC719.
describe("a leg's Last run line", () => {
  it("refused past its circuit: the broker's sentence, no code", () => {
    expect(legReportText({ scripId: 1, placed: false, code: "EC918", message: "Price is outside the circuit limits: ₹911.00 to ₹1,366.40" })).toBe("Price is outside the circuit limits: ₹911.00 to ₹1,366.40");
  });
  it("refused by the risk desk: with its code, as the refusal toast shows it", () => {
    expect(legReportText({ scripId: 1, placed: false, code: "EC712", message: "Daily loss limit reached" })).toBe("EC712: Daily loss limit reached");
  });
  it("placed, and sent with no answer", () => {
    expect(legReportText({ scripId: 1, placed: true, orderNo: "2612070000018" })).toBe("Placed 2612070000018");
    expect(legReportText("sent")).toBe("Sent, no answer yet");
  });
});

// FINDINGS-27 6: a leg removed or edited said so only on the status line; Delete removed it unasked.
describe("removing and editing a basket's leg", () => {
  const hedge = leg(2, { tradingSymbol: "NIFTY26DEC24000PE", exchange: "NSEFO", qty: 75, transType: "BUY", orderType: "MARKET", price: 0, product: "NORMAL" });

  it("the question names the leg whole and the legs that stay and fire without it", () => {
    expect(removeLegQuestion("Spread", hedge, 2)).toEqual({
      title: "Remove leg",
      lines: ["Remove Qty 75 BUY NIFTY26DEC24000PE (MARKET Order) NRML from basket Spread?", "The other leg stays and fires without it"],
      confirmLabel: "Remove leg",
    });
    expect(removeLegQuestion("Spread", hedge, 4).lines[1]).toBe("The other 3 legs stay and fire without it");
    expect(removeLegQuestion("Spread", hedge, 1).lines[1]).toBe("It is the basket's only leg: the basket stays, with no legs");
  });

  it("the toast after: what was removed, as the added toast names what was added", () => {
    expect(legRemovedText("Spread", hedge)).toBe("Removed from Spread: Qty 75 BUY NIFTY26DEC24000PE (MARKET Order) NRML");
  });

  it("an edit: the leg now, what it was, and that it is the basket's last leg, not placed yet", () => {
    const before = leg(3, { tradingSymbol: "INFY-EQ", qty: 10, price: 1500 });
    const after = leg(7, { tradingSymbol: "INFY-EQ", qty: 20, price: 1490.5, product: "DELIVERY" });
    expect(legEditedText("Retry", before, after)).toBe(
      "Edited in Retry: Qty 20 BUY INFY-EQ @ ₹1,490.50 (LIMIT Order) DELIVERY, was Qty 10 BUY INFY-EQ @ ₹1,500.00 (LIMIT Order) INTRADAY. Now the basket's last leg, not placed yet",
    );
  });
});

describe("a leg added by a line: its toast says the exchange once", () => {
  const gold = leg(7, { exchange: "MCXCOMM", token: 5001, tradingSymbol: "GOLD27FEBFUT", qty: 1, orderType: "MARKET", price: 0, product: "NORMAL" });
  it("'Found on MCXCOMM' is left out where the leg already reads 'GOLD27FEBFUT (MCXCOMM)' (another exchange lists the symbol)", () => {
    expect(legAddedText("gold1", gold, "Found on MCXCOMM")).toBe("Added to gold1: Qty 1 BUY GOLD27FEBFUT (MCXCOMM) (MARKET Order) NRML");
  });
  it("a note naming another exchange too is kept whole", () => {
    const note = "Found on MCXCOMM (also on NSECOMM: type NSECOMM:GOLD27FEBFUT for it)";
    expect(legAddedText("gold1", gold, note)).toBe(`Added to gold1: Qty 1 BUY GOLD27FEBFUT (MCXCOMM) (MARKET Order) NRML (${note})`);
  });
  it("a share's line does not name its exchange, so 'Found on BSEEQ' stays; an ATM reading stays", () => {
    const infy = leg(8, { exchange: "BSEEQ", tradingSymbol: "INFY", qty: 5, orderType: "MARKET", price: 0, product: "DELIVERY" });
    expect(legAddedText("b", infy, "Found on BSEEQ")).toBe("Added to b: Qty 5 BUY INFY (MARKET Order) DELIVERY (Found on BSEEQ)");
    expect(legAddedText("b", infy)).toBe("Added to b: Qty 5 BUY INFY (MARKET Order) DELIVERY");
  });
});
