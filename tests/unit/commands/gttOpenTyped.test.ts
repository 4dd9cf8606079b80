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

  it("gtt buy GOLD27FEBFUT: found on MCXCOMM, where GTT is unavailable, so the Regular order window opens on that contract", async () => {
    await openGttForm({ symbol: "GOLD27FEBFUT", transactionType: "BUY", quantity: 1, leg1: { trigger: 70000, price: 70000 } });
    expect(findTypedInstrument).toHaveBeenCalledWith({ exchange: "NSEFO", symbol: "GOLD27FEBFUT", exchangeTyped: false });
    expect(shown).toEqual(["GTT is not available on MCXCOMM: opening a Regular order"]);
    expect(openOrderWindow).toHaveBeenCalledWith({ mode: "new", transactionType: "BUY", exchange: "MCXCOMM", token: "454818", symbol: "GOLD27FEBFUT", resolvedFrom: "Found on MCXCOMM" });
    // Not the GTT form with "No instrument GOLD27FEBFUT on NSEFO".
    expect(overlay$.top.kind.peek()).toBe("none");
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
