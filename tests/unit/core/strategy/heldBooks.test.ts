import { describe, expect, it } from "vitest";
import { legInBooks, markedIn, runInBooks } from "../../../../src/core/strategy/heldBooks";
import { flipLeg, readPaneStrategy, type DeskLeg } from "../../../../src/core/strategy/legs";
import { nothingToPlace, orderToPlace } from "../../../../src/core/strategy/placement";
import { replaceQuestion } from "../../../../src/core/strategy/replace";

/**
 * Issue 35: "the replay has its own books per user". A strategy leg held ("Analyse positions", or
 * placed from the pane) sends only the lots added to it (issue 31), so it is held only in the books
 * that hold it: in a replay a leg held only live is a leg to place, its lots all sent; back live it
 * is held again. The legs stay (the trader's work); an analysed leg's entry, its position's average
 * in the books that hold it, goes and comes with its mark; a typed price stays with the leg.
 */
const REPLAY = "replay 2026-11-23 1";
const ce: DeskLeg = { token: 43_001, symbol: "NIFTY26DEC24500CE", exchange: "NSEFO", optionType: "CE", strike: 24_500, expiry: "2026-12-29", side: "SELL", lots: 2, lotSize: 75 };
// Analysed live: 1 lot held NRML at an average of 94.625, one lot added in the pane.
const analysedLive: DeskLeg = { ...ce, entry: 94.625, held: { lots: 1, product: "NORMAL", fromPositions: true } };

describe("held marks follow the books in effect", () => {
  it("an analysed live leg in the replay: not held, no average for an entry, its 2 lots sent at MARKET (2 x 75 = 150)", () => {
    const inReplay = legInBooks(analysedLive, REPLAY);
    expect(inReplay.held).toBeUndefined();
    expect(inReplay.entry).toBeUndefined();
    expect(orderToPlace(inReplay, 0)).toMatchObject({ qty: 150, orderType: "MARKET", price: 0, transType: "SELL" });
    expect(nothingToPlace([inReplay])).toBeUndefined();
    // Nothing of the replay's books in the pane: a new line replaces it without asking.
    expect(replaceQuestion({ underlying: { symbol: "NIFTY", exchange: "NSEEQ", token: 26_000, isIndex: true }, legs: [inReplay] }, 0, { name: "NIFTY straddle", legs: 2 })).toBeUndefined();
  });

  it("back live it is held again at its lot and average: only the added lot (75) is sent", () => {
    const back = legInBooks(legInBooks(analysedLive, REPLAY), "live");
    expect(back.held).toEqual({ lots: 1, product: "NORMAL", fromPositions: true, books: "live" });
    expect(back.entry).toBe(94.625);
    expect(back.heldElsewhere).toBeUndefined();
    expect(orderToPlace(back, 0)?.qty).toBe(75);
  });

  it("a mark made in the replay is the replay's: written there (markedIn), it is not held live, and the live mark is kept for live", () => {
    const inReplay = legInBooks(analysedLive, REPLAY);
    // The pane placed it in the replay: held at its 2 lots there (heldOncePlaced's mark names no books).
    const placed = markedIn({ underlying: { symbol: "NIFTY", exchange: "NSEEQ", token: 26_000, isIndex: true }, legs: [{ ...inReplay, held: { lots: 2, product: "NORMAL" } }] }, REPLAY);
    // Saved in the layout and read back: every mark is kept.
    const saved = readPaneStrategy(JSON.parse(JSON.stringify(placed)))!.legs[0]!;
    expect(legInBooks(saved, REPLAY).held).toEqual({ lots: 2, product: "NORMAL", books: REPLAY });
    const live = legInBooks(saved, "live");
    expect(live.held).toEqual({ lots: 1, product: "NORMAL", fromPositions: true, books: "live" });
    expect(live.entry).toBe(94.625);
    // The same day replayed again is another run, on empty books: held in neither.
    expect(legInBooks(saved, "replay 2026-11-23 2").held).toBeUndefined();
  });

  it("a typed LIMIT price stays with the leg in every books (the trader's word), and a leg held in no books is the leg as it was", () => {
    const typed: DeskLeg = { ...ce, entry: 90, held: { lots: 2, product: "NORMAL" } };
    expect([legInBooks(typed, REPLAY).entry, legInBooks(typed, REPLAY).held]).toEqual([90, undefined]);
    expect(orderToPlace(legInBooks(typed, REPLAY), 0)).toMatchObject({ orderType: "LIMIT", price: 90, qty: 150 });
    expect(legInBooks(ce, REPLAY)).toBe(ce);
  });

  it("a leg flipped in the replay is another leg: the live mark of its old side does not come back on the new one", () => {
    const flipped = flipLeg([legInBooks(analysedLive, REPLAY)], 0)[0]!;
    expect(legInBooks(flipped, "live").held).toBeUndefined();
  });

  it("a run's answers are its books': none in a replay for a live run (its order numbers are the live books'); a run naming none is live", () => {
    expect(runInBooks<{ runId: string; books?: string }>({ runId: "r1" }, REPLAY)).toBeUndefined();
    expect(runInBooks<{ runId: string; books?: string }>({ runId: "r1" }, "live")).toEqual({ runId: "r1" });
    expect(runInBooks<{ runId: string; books?: string }>({ runId: "r2", books: REPLAY }, REPLAY)).toEqual({ runId: "r2", books: REPLAY });
  });
});
