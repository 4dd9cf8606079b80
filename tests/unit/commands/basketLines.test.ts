import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Basket, BasketLeg } from "../../../src/core/rules/basket";

const createBasket = vi.fn();
const addBasketLegs = vi.fn();
const getBaskets = vi.fn();
const getBasketLegs = vi.fn();
vi.mock("../../../src/data/api/baskets", () => ({
  createBasket: (...a: unknown[]) => createBasket(...a),
  addBasketLegs: (...a: unknown[]) => addBasketLegs(...a),
  getBaskets: (...a: unknown[]) => getBaskets(...a),
  getBasketLegs: (...a: unknown[]) => getBasketLegs(...a),
}));
// A basket's margin asks each leg's contract (its freeze quantity: stores/baskets.ts legSlicings): none known here, each leg goes whole.
// The search's answer: INFY is NSEEQ's 1594; GOLD27FEBFUT is listed on MCXCOMM only (token 454818), so a bare
// contract symbol looked for across the contract exchanges is found there, and nowhere on its one exchange alone.
const findTypedInstrument = vi.fn((word: { exchange: string; symbol: string; exchangeTyped: boolean }) => {
  if (word.symbol === "INFY" && word.exchange === "NSEEQ") return Promise.resolve({ token: "1594", exchange: "NSEEQ" });
  const across = !word.exchangeTyped && word.exchange === "NSEFO";
  if (word.symbol === "GOLD27FEBFUT" && (across || word.exchange === "MCXCOMM")) return Promise.resolve({ token: "454818", exchange: "MCXCOMM", ...(across ? { note: "Found on MCXCOMM" } : {}) });
  return Promise.resolve(undefined);
});
vi.mock("../../../src/data/api/orders", () => ({
  findTypedInstrument: (word: { exchange: string; symbol: string; exchangeTyped: boolean }) => findTypedInstrument(word),
  findInstrumentToken: (exchange: string, symbol: string) => findTypedInstrument({ exchange, symbol, exchangeTyped: true }).then((f) => f?.token),
  fetchSecurityInfo: () => Promise.resolve({ status: "Ok", message: "", result: [] }),
}));

const { registry } = await import("../../../src/commands/all");
const { parseBasketCommand } = await import("../../../src/commands/grammar/basket");
const { baskets$ } = await import("../../../src/data/stores/baskets");
const { setToastSink } = await import("../../../src/core/notify");
const { resetSessionState } = await import("../../../src/data/stores/sessionReset");
const { setDefaultProduct } = await import("../../../src/data/stores/settings");
import { commandContext } from "./context";

const ctx = commandContext("watchlist");
const ok = <T>(result: T[]) => ({ status: "Ok", message: "Success", result });
const line = (text: string) => {
  const parsed = parseBasketCommand(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return registry.run("basket.line", ctx, { line: parsed.line });
};

describe("basket command lines", () => {
  let shown: string[];
  beforeEach(() => {
    shown = [];
    setToastSink((t) => shown.push(t.text));
    baskets$.baskets.set([]);
    createBasket.mockReset();
    addBasketLegs.mockReset();
    getBaskets.mockReset();
    getBasketLegs.mockReset();
    findTypedInstrument.mockClear();
  });

  it("a basket the app has not loaded yet (a page load, the Baskets pane never opened) is asked for, then found: not 'No basket named'", async () => {
    getBaskets.mockResolvedValue(ok([{ basketId: 51, basketName: "Carried", createdBy: "DEMO1", scripCount: 0 }]));
    getBasketLegs.mockResolvedValue(ok([]));
    const leg: BasketLeg = { scripId: 9, exchange: "NSEEQ", token: 1594, transType: "BUY", qty: 5, product: "DELIVERY", orderType: "MARKET", price: 0, trigger: 0, tradingSymbol: "INFY-EQ" };
    addBasketLegs.mockResolvedValue(ok([leg]));
    await line("basket add carried INFY 5 buy");
    expect(getBaskets).toHaveBeenCalledTimes(1);
    expect(addBasketLegs.mock.calls[0]![0]).toBe(51);
    expect(shown).toEqual(["Added to Carried: Qty 5 BUY INFY-EQ (MARKET Order) DELIVERY"]);
    // Known now: the next line asks nothing more.
    await line("basket add carried INFY 5 buy");
    expect(getBaskets).toHaveBeenCalledTimes(1);
  });

  it("a basket the broker has not either is told by name, once asked for", async () => {
    getBaskets.mockResolvedValue(ok([]));
    await line("basket add nosuch INFY 5 buy");
    expect(getBaskets).toHaveBeenCalledTimes(1);
    expect(addBasketLegs).not.toHaveBeenCalled();
    expect(shown).toEqual(["No basket named nosuch"]);
  });

  it("an add typed while its basket's creation is on its way waits for it, and then lands in that basket", async () => {
    let created: (b: Basket) => void = () => {};
    createBasket.mockImplementation(() => new Promise((r) => (created = (b: Basket) => r(ok([b])))));
    const leg: BasketLeg = { scripId: 7, exchange: "NSEEQ", token: 1594, transType: "BUY", qty: 10, product: "DELIVERY", orderType: "MARKET", price: 0, trigger: 0, tradingSymbol: "INFY-EQ" };
    addBasketLegs.mockResolvedValue(ok([leg]));

    const made = line("basket new Quick");
    const added = line("basket add quick INFY 10 buy");
    await new Promise((r) => setTimeout(r, 0));
    // Not "No basket named quick": the add has not run yet.
    expect(addBasketLegs).not.toHaveBeenCalled();
    expect(shown).toEqual([]);

    created({ basketId: 41, basketName: "Quick", createdBy: "DEMO1", scripCount: 0 });
    await Promise.all([made, added]);
    expect(addBasketLegs).toHaveBeenCalledTimes(1);
    expect(addBasketLegs.mock.calls[0]![0]).toBe(41);
    // Without a product word, the product the order window opens with (FINDINGS-25 s5): nothing saved, the blank window's DELIVERY.
    expect(addBasketLegs.mock.calls[0]![1]).toEqual([{ exchange: "NSEEQ", token: 1594, transType: "BUY", qty: 10, product: "DELIVERY" }]);
    // The add is confirmed with the contract the line resolved to, as `a` confirms it.
    expect(shown).toEqual(["Basket Quick created", "Added to Quick: Qty 10 BUY INFY-EQ (MARKET Order) DELIVERY"]);
  });

  it("a line still waiting when the session ends is dropped: the next client gets no basket of the last one's", async () => {
    let created: (b: Basket) => void = () => {};
    createBasket.mockImplementationOnce(() => new Promise((r) => (created = (b: Basket) => r(ok([b])))));
    createBasket.mockResolvedValue(ok([{ basketId: 44, basketName: "Second", createdBy: "DEMO1", scripCount: 0 }]));
    const made = line("basket new First");
    const queued = line("basket new Second");
    await new Promise((r) => setTimeout(r, 0));
    expect(createBasket).toHaveBeenCalledTimes(1);
    resetSessionState();
    created({ basketId: 43, basketName: "First", createdBy: "DEMO1", scripCount: 0 });
    await Promise.all([made, queued]);
    // The first was asked for before the end (its answer is dropped by the store); the second never goes.
    expect(createBasket).toHaveBeenCalledTimes(1);
    expect(baskets$.baskets.peek()).toEqual([]);
  });

  it("a bare contract symbol's leg is the contract on the exchange that lists it (GOLD27FEBFUT on MCXCOMM), as the order window finds it", async () => {
    getBaskets.mockResolvedValue(ok([{ basketId: 52, basketName: "Metals", createdBy: "DEMO1", scripCount: 0 }]));
    getBasketLegs.mockResolvedValue(ok([]));
    const leg: BasketLeg = { scripId: 11, exchange: "MCXCOMM", token: 454818, transType: "BUY", qty: 1, product: "NORMAL", orderType: "MARKET", price: 0, trigger: 0, tradingSymbol: "GOLD27FEBFUT" };
    addBasketLegs.mockResolvedValue(ok([leg]));
    await line("basket add metals GOLD27FEBFUT 1 buy");
    // "A trading symbol names one contract: it is looked for on all of these at once" (core/search/typedSymbol.ts): the word goes
    // as typed, its exchange read from its shape (NSEFO) and not written, so the lookup is across.
    expect(findTypedInstrument).toHaveBeenCalledWith({ exchange: "NSEFO", symbol: "GOLD27FEBFUT", exchangeTyped: false });
    expect(addBasketLegs.mock.calls[0]![1]).toEqual([{ exchange: "MCXCOMM", token: 454818, transType: "BUY", qty: 1, product: "NORMAL" }]);
    // GOLD27FEBFUT is listed on BSECOMM too: the leg names its exchange (orderToast.ts {instrument}), so the
    // note "Found on MCXCOMM" alone is not said again after it (basketRun.ts legAddedText).
    expect(shown).toEqual(["Added to Metals: Qty 1 BUY GOLD27FEBFUT (MCXCOMM) (MARKET Order) NRML"]);
  });

  it("a written exchange is that exchange's alone: NSEFO:GOLD27FEBFUT is not found, and no leg is added", async () => {
    getBaskets.mockResolvedValue(ok([{ basketId: 52, basketName: "Metals", createdBy: "DEMO1", scripCount: 0 }]));
    getBasketLegs.mockResolvedValue(ok([]));
    await line("basket add metals NSEFO:GOLD27FEBFUT 1 buy");
    expect(findTypedInstrument).toHaveBeenCalledWith({ exchange: "NSEFO", symbol: "GOLD27FEBFUT", exchangeTyped: true });
    expect(addBasketLegs).not.toHaveBeenCalled();
    expect(shown).toEqual(["NSEFO:GOLD27FEBFUT not found"]);
  });

  it("a leg without a product word takes the product the order window would open with, by `a` on a row and by the line; the toast says the leg (FINDINGS-25 s5)", async () => {
    getBaskets.mockResolvedValue(ok([{ basketId: 53, basketName: "close1", createdBy: "DEMO1", scripCount: 0 }]));
    getBasketLegs.mockResolvedValue(ok([]));
    const ce: BasketLeg = { scripId: 12, exchange: "NSEFO", token: 71234, transType: "BUY", qty: 1, product: "NORMAL", orderType: "MARKET", price: 0, trigger: 0, tradingSymbol: "NIFTY26D0824500CE" };
    addBasketLegs.mockResolvedValue(ok([ce]));
    await baskets$.baskets.set([{ basketId: 53, basketName: "close1", createdBy: "DEMO1", scripCount: 0 }]);
    baskets$.current.set(53);
    // `a` (Basket: add selected instrument) on the option chain's 24,500 CE: nothing saved, so the blank window's
    // product, NRML off equity (sent NORMAL), as `buy NIFTY 24500 CE 75` opens; it was sent without one and booked INTRADAY.
    const chain = commandContext("optionChain", { selection: { kind: "instrument", exchange: "NSEFO", token: 71234, symbol: "NIFTY26D0824500CE" } });
    await registry.run("basket.add", chain);
    expect(addBasketLegs.mock.calls[0]![1]).toEqual([{ exchange: "NSEFO", token: 71234, transType: "BUY", qty: 1, product: "NORMAL" }]);
    expect(shown).toEqual(["Added to close1: Qty 1 BUY NIFTY26D0824500CE (MARKET Order) NRML"]);
    // Settings › Markets' default product for derivatives, INTRADAY: the window would open INTRADAY, and so is the leg.
    setDefaultProduct("derivatives", "INTRADAY");
    try {
      await registry.run("basket.add", chain);
      expect(addBasketLegs.mock.calls[1]![1]).toEqual([{ exchange: "NSEFO", token: 71234, transType: "BUY", qty: 1, product: "INTRADAY" }]);
      // A product word is the trader's: it wins.
      await line("basket add close1 INFY 5 buy intraday");
      expect(addBasketLegs.mock.calls[2]![1]).toEqual([{ exchange: "NSEEQ", token: 1594, transType: "BUY", qty: 5, product: "INTRADAY" }]);
    } finally {
      setDefaultProduct("derivatives", undefined);
    }
  });

  it("a line that fails does not stop the lines typed after it", async () => {
    createBasket.mockRejectedValueOnce(new Error("socket closed"));
    createBasket.mockResolvedValueOnce(ok([{ basketId: 42, basketName: "Later", createdBy: "DEMO1", scripCount: 0 }]));
    await Promise.all([line("basket new Lost"), line("basket new Later")]);
    expect(baskets$.baskets.peek().map((b) => b.basketName)).toEqual(["Later"]);
    expect(shown.at(-1)).toBe("Basket Later created");
  });
});
