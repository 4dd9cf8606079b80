import { describe, expect, it } from "vitest";
import { analysedLegs, type PositionContract } from "../../../../src/core/strategy/analyse";
import { deskBase, deskView } from "../../../../src/core/strategy/desk";
import { NO_WHAT_IF } from "../../../../src/core/strategy/whatIf";
import { readPaneStrategy } from "../../../../src/core/strategy/legs";
import { expiryMoment, pnlAtExpiry, strategyGreeks } from "../../../../src/core/strategy/payoff";

/**
 * "Analyse positions" is the book's positions on an underlying (FINDINGS-25 s2: +150 NIFTY futures
 * and an iron condor showed the condor's max loss and a delta of 16 where the book's is about 166).
 * The rules, in their words: the underlying's futures are legs too, each future its own leg at the
 * position's average; a future's payoff is linear, (S_T - entry) x quantity, its delta 1 per unit at
 * its expiry; an option's at expiry is its intrinsic value less (long) or plus (short) the premium.
 * A position on the underlying the analysis does not take (a share) is said, never silently dropped.
 */
const pos = (token: string, tradingSymbol: string, insType: string, optionType: string, strikePrice: number, netQuantity: number, buyPrice: number, sellPrice: number, symbol = "NIFTY"): PositionContract => ({
  position: { exchange: token.startsWith("E") ? "NSEEQ" : "NSEFO", token: token.replace("E", ""), tradingSymbol, product: "NORMAL", netQuantity, buyPrice, sellPrice },
  contract: { symbol, insType, optionType, strikePrice, expiry: insType === "EQ" ? "" : "2026-12-29", lotSize: insType === "EQ" ? 1 : 75 },
});
// +75 of the December future at an average of 24,600.40 and a short 24,800 call of the same expiry sold at 120.50.
const book = [pos("301", "NIFTY26DECFUT", "FUTIDX", "", 0, 75, 24600.4, 0), pos("302", "NIFTY26D2924800CE", "OPTIDX", "CE", 24800, -75, 0, 120.5)];

describe("Analyse positions takes the underlying's futures", () => {
  it("the future is a held BUY leg of 1 lot at the position's average, beside the short call", () => {
    const r = analysedLegs(book)!;
    expect(r.legs.map((l) => [l.symbol, l.optionType, l.side, l.lots, l.entry, l.expiry])).toEqual([
      ["NIFTY26DECFUT", "FUT", "BUY", 1, 24600.4, "2026-12-29"],
      ["NIFTY26D2924800CE", "CE", "SELL", 1, 120.5, "2026-12-29"],
    ]);
    expect(r.leftOut).toBeUndefined();
  });

  it("the payoff at expiry and the delta are the book's, worked out by hand", () => {
    const r = analysedLegs(book)!;
    const base = deskBase(r.legs, { spot: 24650, ltp: [24700, 60] }, new Date("2026-12-07T04:30:00Z"));
    // Spot 24,500: the future (24,500 - 24,600.40) x 75 = -7,530; the call expires worthless, its premium kept: 120.50 x 75 = 9,037.50. Sum 1,507.50.
    expect(pnlAtExpiry(base.legs, 24500)).toBeCloseTo(1507.5, 6);
    // Spot 25,000: the future (25,000 - 24,600.40) x 75 = 29,970; the call is 200 in the money: -(200 - 120.50) x 75 = -5,962.50. Sum 24,007.50.
    expect(pnlAtExpiry(base.legs, 25000)).toBeCloseTo(24007.5, 6);
    const atExpiry = { at: expiryMoment(base.legs), ivShift: 0 };
    // Delta at expiry: the future 1 per unit, +75; the call out of the money 0 (24,500), in it -1 per unit, -75 (25,000).
    expect(strategyGreeks(base.legs, 24500, atExpiry).delta).toBeCloseTo(75, 6);
    expect(strategyGreeks(base.legs, 25000, atExpiry).delta).toBeCloseTo(0, 6);
  });

  it("the finding's book: +150 futures (NRML and INTRADAY, one leg of 2 lots) and the condor's options: the futures' 150 are in the delta", () => {
    const fut = (product: "NORMAL" | "INTRADAY", avg: number): PositionContract => ({ ...pos("301", "NIFTY26DECFUT", "FUTIDX", "", 0, 75, avg, 0), position: { ...pos("301", "NIFTY26DECFUT", "FUTIDX", "", 0, 75, avg, 0).position, product } });
    const r = analysedLegs([fut("NORMAL", 24600), fut("INTRADAY", 24610), book[1]!])!;
    // One leg of 2 lots at (75 x 24,600 + 75 x 24,610) / 150 = 24,605.
    expect(r.legs[0]).toEqual(expect.objectContaining({ optionType: "FUT", lots: 2, entry: 24605 }));
    const base = deskBase(r.legs, { spot: 24650, ltp: [24700, 60] }, new Date("2026-12-07T04:30:00Z"));
    // At expiry, spot 24,500 (the call out of the money): 150 x 1 = 150.
    expect(strategyGreeks(base.legs, 24500, { at: expiryMoment(base.legs), ivShift: 0 }).delta).toBeCloseTo(150, 6);
  });

  it("a share position of the underlying is left out, and the analysis says so", () => {
    const stock = [
      pos("401", "RELIANCE26DECFUT", "FUTSTK", "", 0, 500, 1300, 0, "RELIANCE"),
      pos("402", "RELIANCE26D291340CE", "OPTSTK", "CE", 1340, -500, 0, 18, "RELIANCE"),
      pos("E2885", "RELIANCE-EQ", "EQ", "", 0, 40, 1290, 0, "RELIANCE"),
    ];
    const r = analysedLegs(stock)!;
    expect(r.legs.map((l) => l.symbol)).toEqual(["RELIANCE26DECFUT", "RELIANCE26D291340CE"]);
    expect(r.leftOut).toBe("Left out: RELIANCE-EQ +40 NRML (a share position: the analysis takes RELIANCE's futures and options)");
    // The pane keeps saying it over a reload (the saved layout's strategy).
    const saved = readPaneStrategy(JSON.parse(JSON.stringify({ underlying: { symbol: "RELIANCE", exchange: "NSEEQ", token: 2885, isIndex: false }, legs: r.legs, name: "RELIANCE positions", leftOut: r.leftOut })));
    expect(saved?.leftOut).toBe(r.leftOut);
  });
});

// FINDINGS-29 5: "at T+0 with spot and IV live, the what-if P&L is the P&L now". A future's value is
// read off its own last price, as an option's is through its IV, not the model's e^(rT) basis: the
// future traded 24,616.10 with the index at 24,580 (a basis the model's rate does not give).
describe("P&L at target, today at the live spot, is the legs' P&L at their last prices", () => {
  it("a future and a short call: (24,616.10 - 24,600.40) x 75 + (120.50 - 60) x 75 = 1,177.50 + 4,537.50 = 5,715.00", () => {
    const r = analysedLegs(book)!;
    const now = new Date("2026-12-07T04:30:00Z");
    const base = deskBase(r.legs, { spot: 24580, ltp: [24616.1, 60] }, now);
    expect(deskView(base, NO_WHAT_IF).pnl).toBeCloseTo(5715, 2);
  });

  it("at the future's expiry its value is the spot, whatever its basis was", () => {
    const r = analysedLegs(book)!;
    const base = deskBase(r.legs, { spot: 24580, ltp: [24616.1, 60] }, new Date("2026-12-07T04:30:00Z"));
    // At expiry, spot 24,500: (24,500 - 24,600.40) x 75 = -7,530 for the future, the call worthless: +9,037.50. Sum 1,507.50.
    expect(pnlAtExpiry(base.legs, 24500)).toBeCloseTo(1507.5, 6);
  });
});
