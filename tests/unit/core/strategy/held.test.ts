import { describe, expect, it } from "vitest";
import { analysedLegs, type PositionContract } from "../../../../src/core/strategy/analyse";
import { bookHeld, legEntry } from "../../../../src/core/strategy/fills";
import { placementProblems } from "../../../../src/core/strategy/legCheck";
import { entryNotEditable, flipLeg, readPaneStrategy, setEntry, stepLots, type DeskLeg } from "../../../../src/core/strategy/legs";
import { heldOncePlaced, nothingToPlace, orderToPlace, placementWaves, priceAsSent } from "../../../../src/core/strategy/placement";

/**
 * "Analyse positions" loads the trader's open option positions as held legs (issue 31; a tester's
 * finding: Enter then offered to place all 11 again, each at its average as a LIMIT, all NRML).
 * The rules, as the pane now states them (placement.ts orderToPlace): a held leg's entry is the
 * position's average and its product the position's own; placing sends only what is not held,
 * the lots added to a held leg at MARKET in its product; a held leg at its lots sends nothing, and
 * with nothing to send Enter says so. A price the pane sends is shown as it is sent.
 */
const NIFTY_OPTION = { exchange: "NSEFO" as const, lotSize: 75, tickSize: 0.05 };
const pos = (token: string, symbol: string, optionType: "CE" | "PE", product: "NORMAL" | "INTRADAY", netQuantity: number, buyPrice: number, sellPrice: number): PositionContract => ({
  position: { exchange: "NSEFO", token, tradingSymbol: symbol, product, netQuantity, buyPrice, sellPrice },
  contract: { symbol: "NIFTY", insType: "OPTIDX", optionType, strikePrice: 24550, expiry: "2026-12-08", lotSize: 75 },
});
// The tester's book in small: a long call bought at 94.60 and 94.65 (average 94.625, off the 0.05 tick), INTRADAY; a short put, NRML.
const book = [pos("101", "NIFTY26D0824550CE", "CE", "INTRADAY", 150, 94.625, 0), pos("102", "NIFTY26D0824550PE", "PE", "NORMAL", -75, 0, 14.95)];
const analysed = analysedLegs(book)!.legs;

describe("analysed legs are held legs", () => {
  it("each holds the position's lots and product; its entry is the position's average", () => {
    expect(analysed.map((l) => [l.symbol, l.side, l.lots, l.entry, l.held])).toEqual([
      ["NIFTY26D0824550CE", "BUY", 2, 94.625, { lots: 2, product: "INTRADAY", fromPositions: true }],
      ["NIFTY26D0824550PE", "SELL", 1, 14.95, { lots: 1, product: "NORMAL", fromPositions: true }],
    ]);
  });

  it("two positions of one contract and side (NRML and INTRADAY) are one leg: lots summed, the entry their average by quantity, the first's product, and each product's lots", () => {
    const two = analysedLegs([pos("101", "NIFTY26D0824550CE", "CE", "NORMAL", 75, 100, 0), pos("101", "NIFTY26D0824550CE", "CE", "INTRADAY", 150, 94, 0)])!.legs;
    // (75 x 100 + 150 x 94) / 225 = (7,500 + 14,100) / 225 = 96. Held: 1 lot NRML, 2 INTRADAY (it said "held · NRML" of all 3: F8).
    const byProduct = [{ product: "NORMAL", lots: 1 }, { product: "INTRADAY", lots: 2 }];
    expect(two).toEqual([expect.objectContaining({ lots: 3, entry: 96, held: { lots: 3, product: "NORMAL", fromPositions: true, byProduct } })]);
    // A reload keeps them.
    const s = readPaneStrategy(JSON.parse(JSON.stringify({ underlying: { symbol: "NIFTY", exchange: "NSEEQ", token: 26000, isIndex: true }, legs: two })));
    expect(s?.legs[0]?.held).toEqual({ lots: 3, product: "NORMAL", fromPositions: true, byProduct });
  });

  it("F8's book: NRML 75 and INTRADAY 75 of the 24550 CE after a convert are one leg of 2 lots, 1 held in each product", () => {
    const legs = analysedLegs([pos("101", "NIFTY26D0824550CE", "CE", "NORMAL", 75, 124.7, 0), pos("101", "NIFTY26D0824550CE", "CE", "INTRADAY", 75, 64.75, 0)])!.legs;
    // (75 x 124.70 + 75 x 64.75) / 150 = 94.725.
    expect(legs).toEqual([expect.objectContaining({ lots: 2, entry: 94.725, held: { lots: 2, product: "NORMAL", fromPositions: true, byProduct: [{ product: "NORMAL", lots: 1 }, { product: "INTRADAY", lots: 1 }] } })]);
  });

  it("a lot added to F8's leg and placed goes in the first product (the position's): held 2 NRML + 1 INTRADAY, not 'NRML' of all 3", () => {
    const legs = analysedLegs([pos("101", "NIFTY26D0824550CE", "CE", "NORMAL", 75, 124.7, 0), pos("101", "NIFTY26D0824550CE", "CE", "INTRADAY", 75, 64.75, 0)])!.legs;
    const placed = heldOncePlaced(stepLots(legs, 0, 1), [{ scripId: 1, placed: true, orderNo: "261208000003" }])![0]!;
    // 1 NRML + 1 INTRADAY held, 1 lot added in NRML (orderToPlace: the position's product): 2 NRML + 1 INTRADAY, 3 lots.
    expect(placed.held).toEqual({ lots: 3, product: "NORMAL", fromPositions: true, byProduct: [{ product: "NORMAL", lots: 2 }, { product: "INTRADAY", lots: 1 }] });
  });

  it("a saved pane keeps what is held (a reload does not make held legs placeable)", () => {
    const s = readPaneStrategy(JSON.parse(JSON.stringify({ underlying: { symbol: "NIFTY", exchange: "NSEEQ", token: 26000, isIndex: true }, legs: analysed })));
    expect(s?.legs.map((l) => l.held)).toEqual([{ lots: 2, product: "INTRADAY", fromPositions: true }, { lots: 1, product: "NORMAL", fromPositions: true }]);
  });
});

describe("placing sends only what is not held", () => {
  it("held legs as analysed send nothing, and Enter says so", () => {
    expect(analysed.map((l, i) => orderToPlace(l, i))).toEqual([undefined, undefined]);
    expect(placementWaves(analysed)).toEqual([[], []]);
    expect(nothingToPlace(analysed)).toBe("Nothing left to place: all 2 legs are held (add or change a leg to place)");
  });

  it("one lot more on the held call sends that lot only: 75 units, MARKET, in the position's product (INTRADAY), never at the average", () => {
    const legs = stepLots(analysed, 0, 1);
    expect(orderToPlace(legs[0]!, 0)).toEqual({
      scripId: 1, exchange: "NSEFO", token: 101, transType: "BUY", qty: 75, product: "INTRADAY", orderType: "MARKET", price: 0, trigger: 0, tradingSymbol: "NIFTY26D0824550CE",
    });
    expect(nothingToPlace(legs)).toBeUndefined();
    // The average 94.625 is off the 0.05 tick but is not sent: nothing to refuse.
    expect(placementProblems(legs, [NIFTY_OPTION, NIFTY_OPTION])).toEqual([]);
  });

  it("fewer lots than held is a what-if, not an exit: nothing is sent", () => {
    const two = analysedLegs([pos("101", "NIFTY26D0824550CE", "CE", "NORMAL", 150, 100, 0)])!.legs;
    expect(orderToPlace(stepLots(two, 0, -1)[0]!, 0)).toBeUndefined();
  });

  it("a flipped held leg is a new leg: all its lots on the other side at the market, the carried product (NRML)", () => {
    const flipped = flipLeg(analysed, 0)[0]!;
    expect(flipped.held).toBeUndefined();
    expect(flipped.entry).toBeUndefined();
    expect(orderToPlace(flipped, 0)).toMatchObject({ transType: "SELL", qty: 150, product: "NORMAL", orderType: "MARKET", price: 0 });
  });

  it("a leg added beside held ones goes as before: a LIMIT at its typed price", () => {
    const added: DeskLeg = { token: 103, symbol: "NIFTY26D0824650CE", exchange: "NSEFO", optionType: "CE", strike: 24650, expiry: "2026-12-08", side: "SELL", lots: 1, lotSize: 75, entry: 33.1 };
    const [buys, sells] = placementWaves([...analysed, added]);
    expect(buys).toEqual([]);
    expect(sells).toEqual([expect.objectContaining({ scripId: 3, tradingSymbol: "NIFTY26D0824650CE", orderType: "LIMIT", price: 33.1, qty: 75 })]);
  });
});

describe("a held leg's entry in the payoff", () => {
  it("at its held lots: the average; with lots added: the held lots at the average, the added at the live price", () => {
    expect(legEntry(analysed[0]!, 100, undefined)).toEqual({ price: 94.625, source: "held" });
    // (2 x 94.625 + 1 x 100) / 3 = 289.25 / 3.
    expect(legEntry(stepLots(analysed, 0, 1)[0]!, 100, undefined)).toEqual({ price: 289.25 / 3, source: "held" });
  });
});

describe("an analysed leg's entry is the book's average as it stands (lots added and placed average in as they fill)", () => {
  // The held call: 2 lots (150 units) bought at 94.625 average; one lot more added and placed (Enter), so the leg is held at 3 lots.
  const placedMore = heldOncePlaced(stepLots(analysed, 0, 1), [{ scripId: 1, placed: true, orderNo: "261208000001" }])![0]!;
  const call = { exchange: "NSEFO" as const, token: "101", buyPrice: 94.625, sellPrice: 0 };

  it("before the added lot fills: the book's 150 units at 94.625 and the other 75 at the live price", () => {
    const book = bookHeld(placedMore, [{ ...call, netQuantity: 150 }]);
    expect(book).toEqual({ units: 150, average: 94.625 });
    // (150 x 94.625 + 75 x 100) / 225 = (14,193.75 + 7,500) / 225 = 21,693.75 / 225.
    expect(legEntry(placedMore, 100, undefined, book)).toEqual({ price: 21693.75 / 225, source: "held" });
  });

  it("once it filled at 110: the position's new average, (150 x 94.625 + 75 x 110) / 225 = 99.75, not the old 94.625", () => {
    const book = bookHeld(placedMore, [{ ...call, netQuantity: 225, buyPrice: 99.75 }]);
    expect(legEntry(placedMore, 120, undefined, book)).toEqual({ price: 99.75, source: "held" });
    // Read without the book (positions not loaded): the saved average, as before.
    expect(legEntry(placedMore, 120, undefined)).toEqual({ price: 94.625, source: "held" });
  });

  it("the book's units on the leg's side, every product together; another contract or the other side is not the leg's", () => {
    const rows = [
      { ...call, netQuantity: 75, buyPrice: 100 },
      { ...call, netQuantity: 150, buyPrice: 94 },
      { ...call, token: "102", netQuantity: 300, buyPrice: 50 },
      { ...call, exchange: "BSEFO" as const, netQuantity: 75, buyPrice: 1 },
    ];
    // (75 x 100 + 150 x 94) / 225 = 96.
    expect(bookHeld(placedMore, rows)).toEqual({ units: 225, average: 96 });
    // A SELL leg of that contract: the long units are not its.
    expect(bookHeld({ ...placedMore, side: "SELL" }, rows)).toEqual({ units: 0, average: 0 });
  });

  it("closed elsewhere (nothing held now): the live price, so the leg counts no P&L it does not have", () => {
    expect(legEntry(placedMore, 100, undefined, { units: 0, average: 0 })).toEqual({ price: 100, source: "held" });
  });

  it("a leg the pane placed (not analysed) is not read from the book: its typed price stands", () => {
    const typed: DeskLeg = { token: 202, symbol: "NIFTY26D0824550PE", exchange: "NSEFO", optionType: "PE", strike: 24550, expiry: "2026-12-08", side: "BUY", lots: 1, lotSize: 75, entry: 80.05 };
    const held = heldOncePlaced([typed], [{ scripId: 1, placed: true, orderNo: "261208000002" }])![0]!;
    expect(held.held).toEqual({ lots: 1, product: "NORMAL" });
    expect(legEntry(held, 90, undefined, { units: 75, average: 79 })).toEqual({ price: 80.05, source: "held" });
  });
});

describe("a held leg's entry is not typed over", () => {
  it("e on a held leg is refused with why, and its entry stays the position's average", () => {
    // The held call's entry is the average 94.625 (bought at 94.60 and 94.65): the book's price, not the trader's to change here.
    expect(entryNotEditable(analysed[0]!)).toBe("A held leg's entry is the position's average; it is not edited here");
    expect(setEntry(analysed, 0, 90).map((l) => l.entry)).toEqual([94.625, 14.95]);
    expect(setEntry(analysed, 0, undefined).map((l) => l.entry)).toEqual([94.625, 14.95]);
  });

  it("a leg not held takes a typed price as before", () => {
    const flipped = flipLeg(analysed, 1);
    expect(entryNotEditable(flipped[1]!)).toBeUndefined();
    expect(setEntry(flipped, 1, 15).map((l) => l.entry)).toEqual([94.625, 15]);
  });
});

describe("legs placed in full are held", () => {
  const straddle: DeskLeg[] = [
    { token: 201, symbol: "NIFTY26D0824550CE", exchange: "NSEFO", optionType: "CE", strike: 24550, expiry: "2026-12-08", side: "BUY", lots: 2, lotSize: 75 },
    { token: 202, symbol: "NIFTY26D0824550PE", exchange: "NSEFO", optionType: "PE", strike: 24550, expiry: "2026-12-08", side: "BUY", lots: 1, lotSize: 75, entry: 80.05 },
  ];
  const placed = (...ids: number[]) => ids.map((scripId) => ({ scripId, placed: true as const, orderNo: `26120800000${scripId}` }));

  it("every order placed: each leg is held at its lots in the product it went in (NRML on F&O), its typed price kept; then nothing is left to place", () => {
    const held = heldOncePlaced(straddle, placed(1, 2))!;
    expect(held.map((l) => [l.lots, l.held, l.entry])).toEqual([
      [2, { lots: 2, product: "NORMAL" }, undefined],
      [1, { lots: 1, product: "NORMAL" }, 80.05],
    ]);
    expect(held.map((l, i) => orderToPlace(l, i))).toEqual([undefined, undefined]);
    expect(nothingToPlace(held)).toBe("Nothing left to place: all 2 legs are held (add or change a leg to place)");
    // A lot added afterwards sends that lot only.
    expect(orderToPlace(stepLots(held, 0, 1)[0]!, 0)).toMatchObject({ qty: 75, orderType: "MARKET", product: "NORMAL" });
  });

  it("a leg refused or unanswered stays as it was; the leg placed beside it is held all the same (FINDINGS-23 F4: it went again after an edit)", () => {
    const part = heldOncePlaced(straddle, [...placed(1), { scripId: 2, placed: false, code: "EC712", message: "Daily loss limit reached" }])!;
    expect(part.map((l) => l.held)).toEqual([{ lots: 2, product: "NORMAL" }, undefined]);
    expect(heldOncePlaced(straddle, placed(1))!.map((l) => l.held)).toEqual([{ lots: 2, product: "NORMAL" }, undefined]);
    // Nothing placed: nothing to hold.
    expect(heldOncePlaced(straddle, [{ scripId: 1, placed: false, code: "", message: "No answer from the broker" }])).toBeUndefined();
  });

  it("a held leg with lots added: held at all its lots, in the position's own product", () => {
    const more = stepLots(analysed, 0, 1);
    // Only leg 1 sends an order (the added lot); leg 2 is held at its lots and sends none.
    expect(heldOncePlaced(more, placed(1))!.map((l) => l.held)).toEqual([{ lots: 3, product: "INTRADAY", fromPositions: true }, { lots: 1, product: "NORMAL", fromPositions: true }]);
  });
});

describe("a price is shown as it is sent", () => {
  it("on the tick: the exchange's two decimals; off it: every decimal it has (94.625, not 94.63)", () => {
    expect(priceAsSent(94.6, "NSEFO")).toBe("94.60");
    expect(priceAsSent(1234.5, "NSEFO")).toBe("1,234.50");
    expect(priceAsSent(94.625, "NSEFO")).toBe("94.625");
  });
});
