import { describe, expect, it } from "vitest";
import { fireLegs } from "../../../../src/core/rules/basketRun";
import { editedStrategy, flipLeg, removeLeg, setEntry, stepLots, type DeskLeg, type PaneStrategy } from "../../../../src/core/strategy/legs";
import { placementOrderNote, placementWaves } from "../../../../src/core/strategy/placement";
import type { OrderRequest } from "../../../../src/core/types/order";

/**
 * FINDINGS-25 s8: `strategy NIFTY straddle ATM`, one lot more on the PE leg, and the confirmation
 * and toast still said "long straddle" of a 1:2 strip; and "Every leg is a BUY: they go in the
 * order shown" where the PE went first. The rules: a strategy keeps the name it was loaded as while
 * its legs are that strategy (the same contracts and sides, their lots in the same ratio: all legs
 * x2 is still a straddle); any other edit makes it another strategy, which loses the name. The
 * confirmation says the order the legs are sent in.
 */
const leg = (optionType: "CE" | "PE", side: "BUY" | "SELL", lots = 1): DeskLeg => ({
  token: optionType === "CE" ? 1 : 2, symbol: `NIFTY26D0824550${optionType}`, exchange: "NSEFO", optionType, strike: 24550, expiry: "2026-12-08", side, lots, lotSize: 75,
});
const straddle: PaneStrategy = { underlying: { symbol: "NIFTY", exchange: "NSEEQ", token: 26000, isIndex: true }, legs: [leg("CE", "BUY"), leg("PE", "BUY")], name: "NIFTY long straddle" };

describe("a strategy's name after its legs are edited", () => {
  it("one lot more on the PE leg of a long straddle (1:2, a strip): the name goes", () => {
    const s = editedStrategy(straddle, stepLots(straddle.legs, 1, 1));
    expect(s.legs.map((l) => l.lots)).toEqual([1, 2]);
    expect(s.name).toBeUndefined();
  });

  it("lots that keep the ratio (every leg x2: 2:2) keep it; so does an entry typed", () => {
    expect(editedStrategy(straddle, straddle.legs.map((l) => ({ ...l, lots: 2 }))).name).toBe("NIFTY long straddle");
    expect(editedStrategy(straddle, setEntry(straddle.legs, 0, 100)).name).toBe("NIFTY long straddle");
  });

  it("a one-leg strategy keeps its name whatever its lots (a long call of 3 lots is a long call)", () => {
    const call = { ...straddle, legs: [leg("CE", "BUY")], name: "NIFTY long call" };
    expect(editedStrategy(call, stepLots(call.legs, 0, 2)).name).toBe("NIFTY long call");
  });

  it("a leg flipped or removed: the name goes, as before", () => {
    expect(editedStrategy(straddle, flipLeg(straddle.legs, 1)).name).toBeUndefined();
    expect(editedStrategy(straddle, removeLeg(straddle.legs, 1)).name).toBeUndefined();
  });

  it("an analysis of the book is named for the positions, not a shape: lots added to a held leg keep 'NIFTY positions'; a flip does not", () => {
    const held = (l: DeskLeg): DeskLeg => ({ ...l, held: { lots: l.lots, product: "NORMAL", fromPositions: true } });
    const analysed = { ...straddle, legs: straddle.legs.map(held), name: "NIFTY positions", leftOut: "Left out: X" };
    expect(editedStrategy(analysed, stepLots(analysed.legs, 1, 1))).toEqual(expect.objectContaining({ name: "NIFTY positions" }));
    expect(editedStrategy(analysed, flipLeg(analysed.legs, 1)).name).toBeUndefined();
    // What the analysis left out stays with the edited legs (the share is still not in them).
    expect(editedStrategy(analysed, flipLeg(analysed.legs, 1))).toEqual(expect.objectContaining({ leftOut: "Left out: X" }));
  });
});

describe("the confirmation says the order the legs go in", () => {
  it("legs of one side go together, none waiting for another: said so, not 'in the order shown'", () => {
    expect(placementOrderNote(straddle.legs, 0)).toBe("Every leg is a BUY: they are sent together, none waiting for another.");
    expect(placementOrderNote([leg("CE", "SELL"), leg("PE", "SELL")], 0)).toBe("Every leg is a SELL: they are sent together, none waiting for another.");
  });

  it("which is what placing does: every order of a wave is sent before any is answered", async () => {
    const [buys] = placementWaves([leg("CE", "BUY"), leg("PE", "BUY", 2)]);
    const sent: OrderRequest[] = [];
    const answers: Array<() => void> = [];
    const placing = fireLegs(buys, "run1", (req) => {
      sent.push(req);
      return new Promise((resolve) => answers.push(() => resolve({ status: "Ok", message: "Success", orderNo: String(sent.length) })));
    });
    // No answer has come yet, and both orders are out: the first leg did not go before the second.
    await Promise.resolve();
    expect(sent.map((r) => r.quantity)).toEqual([75, 150]);
    answers.forEach((a) => a());
    expect((await placing).map((r) => r.placed)).toEqual([true, true]);
  });
});
