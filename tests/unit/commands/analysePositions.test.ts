import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PaneStrategy } from "../../../src/core/strategy/legs";

/**
 * "Analyse positions" (strategy.positions) on a book of futures alone. Since 119cf0c the analysis
 * takes the underlying's futures as legs (a future's payoff is linear), so a book holding only NIFTY
 * futures is a valid payoff, a straight line: the pane opens with the future as a held leg. It said
 * "No open option positions to analyse", a rule the analysis no longer has. A book of neither
 * options nor futures says so in those words.
 */
const book = vi.hoisted(() => ({ rows: [] as unknown[] }));
vi.mock("../../../src/data/stores/portfolio", async (original) => {
  const real = await original<typeof import("../../../src/data/stores/portfolio")>();
  return { ...real, refreshPositions: () => Promise.resolve(real.positions$.rows.set(book.rows as never)) };
});
vi.mock("../../../src/data/api/orders", async (original) => ({
  ...(await original<object>()),
  fetchSecurityInfo: ({ token }: { token: string }) =>
    Promise.resolve({
      status: "Ok",
      message: "Success",
      result: [
        token === "35001"
          ? { symbol: "NIFTY", insType: "FUTIDX", optionType: "", strikePrice: 0, expiry: "2026-12-29", lotSize: 75 }
          : { symbol: "INFY", insType: "EQ", optionType: "", strikePrice: 0, expiry: "", lotSize: 1 },
      ],
    }),
}));
vi.mock("../../../src/data/api/optionChain", () => ({
  fetchOptionChain: (symbol: string) => Promise.resolve({ status: "Ok", message: "Success", result: [{ symbol, underlying: { exchange: "NSEEQ", token: 26000, isIndex: true } }] }),
}));
const shown: PaneStrategy[] = [];
vi.mock("../../../src/data/stores/strategy", async (original) => ({
  ...(await original<object>()),
  showStrategy: (s: PaneStrategy) => shown.push(s),
}));

const { registry } = await import("../../../src/commands/all");
const { setToastSink } = await import("../../../src/core/notify");
import { commandContext } from "./context";

const position = (token: string, exchange: string, tradingSymbol: string, netQuantity: number, buyPrice: number) => ({
  exchange, token, instrumentId: token, tradingSymbol, product: "NORMAL", type: "", netQuantity, buyPrice, sellPrice: 0, lotsize: 1, multiplier: 1,
});

describe("Analyse positions with a book of futures alone", () => {
  const toasts: string[] = [];
  beforeEach(() => {
    toasts.length = 0;
    shown.length = 0;
    setToastSink((t) => toasts.push(t.text));
  });

  it("+75 NIFTY December futures at 24,600.40: the pane opens on NIFTY with the future a held BUY leg of 1 lot at its average", async () => {
    book.rows = [position("35001", "NSEFO", "NIFTY26DECFUT", 75, 24600.4)];
    await registry.run("strategy.positions", commandContext("position"));
    expect(toasts).toEqual([]);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.name).toBe("NIFTY positions");
    expect(shown[0]!.legs.map((l) => [l.symbol, l.optionType, l.side, l.lots, l.entry])).toEqual([["NIFTY26DECFUT", "FUT", "BUY", 1, 24600.4]]);
  });

  it("a book of shares alone: nothing to analyse, said as what the analysis takes", async () => {
    book.rows = [position("1594", "NSEEQ", "INFY-EQ", 10, 1500)];
    await registry.run("strategy.positions", commandContext("position"));
    expect(shown).toEqual([]);
    expect(toasts).toEqual(["No open option or futures positions to analyse"]);
  });
});
