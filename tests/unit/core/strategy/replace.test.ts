import { describe, expect, it } from "vitest";
import type { DeskLeg, PaneStrategy } from "../../../../src/core/strategy/legs";
import { replaceQuestion } from "../../../../src/core/strategy/replace";

/**
 * A new strategy line took a pane's legs away without asking, placed or analysed ones included
 * (a tester's finding). The rule (core/strategy/replace.ts): legs only drawn are replaced as
 * before; legs in the book (held, or placed from the pane) are asked about first.
 */
const leg = (strike: number, extra: Partial<DeskLeg> = {}): DeskLeg => ({
  token: strike, symbol: `NIFTY26D08${strike}CE`, exchange: "NSEFO", optionType: "CE", strike, expiry: "2026-12-08", side: "BUY", lots: 1, lotSize: 75, ...extra,
});
const pane = (legs: DeskLeg[], name?: string): PaneStrategy => ({ underlying: { symbol: "NIFTY", exchange: "NSEEQ", token: 26000, isIndex: true }, legs, ...(name ? { name } : {}) });
const condor = { name: "NIFTY iron condor", legs: 4 };

describe("replacing a pane's strategy", () => {
  it("legs only drawn (nothing held, nothing placed), or no pane: replaced without asking", () => {
    expect(replaceQuestion(pane([leg(24000), leg(24100)]), 0, condor)).toBeUndefined();
    expect(replaceQuestion(undefined, 0, condor)).toBeUndefined();
  });

  it("held legs: asked, saying how many are held and what takes their place", () => {
    const q = replaceQuestion(pane([leg(24000, { held: { lots: 1, product: "NORMAL" } }), leg(24100)], "NIFTY positions"), 0, condor);
    expect(q).toEqual({
      title: "Replace the strategy NIFTY positions?",
      lines: [
        "The strategy pane shows NIFTY positions: 2 legs, 1 held (open positions).",
        "NIFTY iron condor (4 legs) takes its place. The orders and positions stay in the book; the pane no longer shows them (Analyse positions shows the positions again).",
      ],
      confirmLabel: "Replace",
    });
  });

  it("legs placed from the pane: asked too", () => {
    expect(replaceQuestion(pane([leg(24000), leg(24100)], "NIFTY long straddle"), 2, condor)?.lines[0]).toBe("The strategy pane shows NIFTY long straddle: 2 legs, 2 placed from the pane.");
  });

  it("an unnamed strategy (its lots reshaped) is named by its underlying, in words that read", () => {
    const q = replaceQuestion(pane([leg(24000), leg(24100)]), 2, condor);
    expect(q?.title).toBe("Replace the strategy on NIFTY?");
    expect(q?.lines[0]).toBe("The strategy pane shows a strategy on NIFTY: 2 legs, 2 placed from the pane.");
  });
});
