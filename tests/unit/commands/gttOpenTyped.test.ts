import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ContractInfo } from "../../../src/core/types/contract";

/**
 * The GTT form reads a typed symbol as the order window does (data/api/orders.ts findTypedInstrument):
 * "a bare symbol of that shape reads as NSEFO's, but a trading symbol names one contract: it is looked
 * for on all of these at once, and found wherever it is listed" (core/search/typedSymbol.ts). GTT is
 * then asked of that exchange: "GTT is unavailable on ... MCXCOMM" and "a GTT type falls back to
 * Regular for commodity segments" (trading-core.md).
 */
type Word = { exchange: string; symbol: string; exchangeTyped: boolean };
// The search's answer: GOLD27FEBFUT is listed on MCXCOMM only (token 454818); NIFTY26DECFUT on NSEFO (token 35001).
const findTypedInstrument = vi.fn((word: Word) => {
  const across = !word.exchangeTyped && word.exchange === "NSEFO";
  if (word.symbol === "GOLD27FEBFUT" && (across || word.exchange === "MCXCOMM")) return Promise.resolve({ token: "454818", exchange: "MCXCOMM", ...(across ? { note: "Found on MCXCOMM" } : {}) });
  if (word.symbol === "NIFTY26DECFUT" && word.exchange === "NSEFO") return Promise.resolve({ token: "35001", exchange: "NSEFO" });
  return Promise.resolve(undefined);
});
const NIFTY_FUT = { exchange: "NSEFO", token: 35001, tradingSymbol: "NIFTY26DECFUT", ltp: 24500, tickSize: 0.05, lotSize: 75 } as unknown as ContractInfo;
vi.mock("../../../src/data/api/orders", () => ({
  findTypedInstrument: (word: Word) => findTypedInstrument(word),
  findInstrumentToken: (exchange: string, symbol: string) => findTypedInstrument({ exchange, symbol, exchangeTyped: true }).then((f) => f?.token),
  fetchSecurityInfo: (req: { exchange: string; token: string }) => Promise.resolve({ status: "Ok", message: "Success", result: req.token === "35001" ? [NIFTY_FUT] : [] }),
}));
const openOrderWindow = vi.fn((_init: unknown) => Promise.resolve({ kind: "opened" }));
vi.mock("../../../src/commands/orderWindow", () => ({ openOrderWindow: (init: unknown) => openOrderWindow(init) }));

const { openGttForm } = await import("../../../src/commands/gttForm");
const { gttForm$ } = await import("../../../src/data/stores/gttForm");
const { overlay$ } = await import("../../../src/data/stores/ui");
const { setToastSink } = await import("../../../src/core/notify");

describe("the GTT form on a typed symbol", () => {
  let shown: string[];
  beforeEach(() => {
    shown = [];
    setToastSink((t) => shown.push(t.text));
    findTypedInstrument.mockClear();
    openOrderWindow.mockClear();
    overlay$.set({ top: { kind: "none" } } as never);
  });

  it("gtt buy GOLD27FEBFUT 2 trigger 62000 @ 62010: found on MCXCOMM, where GTT is unavailable, so the Regular order window opens on it as typed", async () => {
    await openGttForm({ symbol: "GOLD27FEBFUT", transactionType: "BUY", triggerType: "SINGLE", quantity: 2, leg1: { trigger: 62000, price: 62010 } });
    expect(findTypedInstrument).toHaveBeenCalledWith({ exchange: "NSEFO", symbol: "GOLD27FEBFUT", exchangeTyped: false });
    expect(shown).toEqual(["GTT is not available on MCXCOMM: opening a Regular order"]);
    // A GTT SINGLE waits for its trigger and then places a limit at its price, which is what an SL
    // order does ("SL needs a price and a trigger"): trigger 62000, price 62010, 2 (lots, as typed:
    // "Commodity and currency quantity is shown in lots", and the GTT line's QTY is the field's).
    expect(openOrderWindow).toHaveBeenCalledWith({
      mode: "new",
      transactionType: "BUY",
      exchange: "MCXCOMM",
      token: "454818",
      symbol: "GOLD27FEBFUT",
      prefill: { transactionType: "BUY", quantity: 2, orderType: "Regular", priceType: "SL", triggerPrice: 62000, price: 62010 },
      resolvedFrom: "Found on MCXCOMM",
    });
    // Not the GTT form with "No instrument GOLD27FEBFUT on NSEFO".
    expect(overlay$.top.kind.peek()).toBe("none");
  });

  it("gtt sell GOLD27FEBFUT 3 trigger 61000 (no @ price): the GTT would be priced at its trigger, so the window opens as a LIMIT sell at 61000", async () => {
    // "@ P ... without it the order is priced at the trigger" (grammar/gtt.ts); an SL at its own
    // trigger is refused ("A sell SL trigger must be above it"), so the one price is a LIMIT's.
    await openGttForm({ symbol: "GOLD27FEBFUT", transactionType: "SELL", triggerType: "SINGLE", quantity: 3, leg1: { trigger: 61000 } });
    expect(shown).toEqual(["GTT is not available on MCXCOMM: opening a Regular order"]);
    expect(openOrderWindow).toHaveBeenCalledWith(
      expect.objectContaining({ transactionType: "SELL", exchange: "MCXCOMM", prefill: { transactionType: "SELL", quantity: 3, orderType: "Regular", priceType: "LIMIT", price: 61000 } }),
    );
  });

  it("gtt oco sell GOLD27FEBFUT 4 sl 60000 tgt 64000: the window opens with the side and quantity, and the toast says the two legs are not carried", async () => {
    await openGttForm({ symbol: "GOLD27FEBFUT", transactionType: "SELL", triggerType: "OCO", quantity: 4, leg1: { trigger: 64000 }, leg2: { trigger: 60000 } });
    expect(shown).toEqual(["GTT is not available on MCXCOMM: opening a Regular order; the OCO's two legs cannot be carried to one Regular order"]);
    expect(openOrderWindow).toHaveBeenCalledWith(expect.objectContaining({ transactionType: "SELL", exchange: "MCXCOMM", prefill: { transactionType: "SELL", quantity: 4 } }));
  });

  it("g on an MCX row (nothing typed but the instrument): the window opens as b would, without a pre-fill over its presets", async () => {
    await openGttForm({ exchange: "MCXCOMM", token: "454818", symbol: "GOLD27FEBFUT", transactionType: "BUY" });
    expect(openOrderWindow).toHaveBeenCalledWith({ mode: "new", transactionType: "BUY", exchange: "MCXCOMM", token: "454818", symbol: "GOLD27FEBFUT" });
  });

  it("a bare NSEFO contract opens the GTT form on it (GTT is available on NSEFO)", async () => {
    await openGttForm({ symbol: "NIFTY26DECFUT", transactionType: "SELL" });
    expect(openOrderWindow).not.toHaveBeenCalled();
    expect(overlay$.top.kind.peek()).toBe("gtt");
    expect(gttForm$.contract.peek()).toMatchObject({ exchange: "NSEFO", tradingSymbol: "NIFTY26DECFUT" });
    expect(gttForm$.init.peek()).toMatchObject({ exchange: "NSEFO", token: "35001" });
  });

  it("a written exchange is that exchange's alone: NSEFO:GOLD27FEBFUT is unknown there, and nothing opens", async () => {
    await openGttForm({ exchange: "NSEFO", symbol: "GOLD27FEBFUT", transactionType: "BUY" });
    expect(findTypedInstrument).toHaveBeenCalledWith({ exchange: "NSEFO", symbol: "GOLD27FEBFUT", exchangeTyped: true });
    expect(shown).toEqual(["Unknown symbol GOLD27FEBFUT on NSEFO"]);
    expect(openOrderWindow).not.toHaveBeenCalled();
    expect(overlay$.top.kind.peek()).toBe("none");
  });
});
