import { describe, expect, it } from "vitest";
import type { DeskLeg } from "../../../../src/core/strategy/legs";
import { bookedOfRun, holdBooked, readDeskRun, unansweredLegs, withFound, type BookRow } from "../../../../src/core/strategy/run";

/**
 * The strategy pane's last run as its state keeps it (a reload keeps it, issue 31: "each [leg] under
 * a key of the run so a second Enter or a retry places no leg twice"), and what the broker's order
 * book says of its orders that got no answer: a lot booked is never sent again.
 */

const leg = (token: number, side: "BUY" | "SELL", lots: number, held?: DeskLeg["held"]): DeskLeg => ({
  token, symbol: `NIFTY${token}`, exchange: "NSEFO", optionType: "CE", strike: 24500, expiry: "2026-12-08", side, lots, lotSize: 75, ...(held ? { held } : {}),
});
const row = (key: string, token: number, side: string, quantity: number, orderNo: string): BookRow => ({ orderNo, clientOrderKey: key, exchange: "NSEFO", instrumentId: String(token), transactionType: side, quantity, product: "NORMAL" });

describe("a strategy pane's run over a reload", () => {
  it("is read back as saved, and anything else in its place is no run (a layout is the user's storage, any shape)", () => {
    const run = { runId: "st-a", key: "k", legs: ["NSEFO:101:BUY"], sent: ["1|NSEFO:101|BUY|75|MARKET|0|NORMAL"], results: { "NSEFO:101:BUY": { scripId: 1, placed: false, code: "", message: "No answer from the broker", unanswered: true } } };
    expect(readDeskRun(JSON.parse(JSON.stringify(run)))).toEqual(run);
    expect(readDeskRun({ ...run, runId: 7 })).toBeUndefined();
    expect(readDeskRun({ ...run, legs: "NSEFO:101:BUY" })).toBeUndefined();
    expect(readDeskRun(null)).toBeUndefined();
    // A result of another shape is dropped, not the run: the run's keys are what matters most.
    expect(readDeskRun({ ...run, results: { x: { placed: "yes" } } })?.results).toEqual({});
  });

  it("asks the book about a leg whose order got no answer, or none at all (the page went mid-run); not a refused, held-back or part-placed one", () => {
    const results = {
      a: { scripId: 1, placed: false as const, code: "", message: "No answer from the broker", unanswered: true as const },
      b: { scripId: 2, placed: false as const, code: "EC918", message: "Trading is halted" },
      c: { scripId: 3, placed: false as const, code: "", message: "Held back: BUY leg 1 was not placed" },
      d: { scripId: 4, placed: false as const, code: "", message: "1 of 2 slices placed; slice 2: No answer", partPlaced: ["O1"], unanswered: true as const },
      e: { scripId: 5, placed: true as const, orderNo: "O2" },
    };
    expect(unansweredLegs({ runId: "st-a", key: "", legs: ["a", "b", "c", "d", "e", "f"], sent: [], results })).toEqual(["a", "f"]);
    expect(unansweredLegs(undefined)).toEqual([]);
  });

  it("finds the run's own orders by their keys (bk-{run}-{leg}, a slice's with its suffix), per leg by contract and side; another run's are not its", () => {
    const rows = [
      row("bk-st-a-1-s1of2", 101, "BUY", 1800, "O1"),
      row("bk-st-a-1-s2of2", 101, "BUY", 450, "O2"),
      row("bk-st-ab-1", 101, "BUY", 75, "O3"),
      row("bk-st-b-1", 101, "BUY", 75, "O4"),
      row("bk-st-a-2", 102, "SELL", 75, "O5"),
    ];
    expect(bookedOfRun("st-a", ["NSEFO:101:BUY"], rows)).toEqual({ "NSEFO:101:BUY": { orderNos: ["O1", "O2"], qty: 2250, product: "NORMAL" } });
  });

  it("holds a leg found booked at the lots booked (a part lot counted whole), on top of what it held, its lots on screen as they are", () => {
    const legs = [leg(101, "BUY", 3), leg(102, "SELL", 4, { lots: 1, product: "NORMAL" }), leg(103, "BUY", 1)];
    const booked = { "NSEFO:101:BUY": { orderNos: ["O1"], qty: 150, product: "NORMAL" as const }, "NSEFO:102:SELL": { orderNos: ["O2"], qty: 100, product: "NORMAL" as const } };
    // 150 / 75 = 2 lots; 100 / 75 = 1.33, counted as 2 (never sent again), on the 1 held: 3.
    expect(holdBooked(legs, booked).map((l) => [l.lots, l.held?.lots, l.held?.product])).toEqual([[3, 2, "NORMAL"], [4, 3, "NORMAL"], [1, undefined, undefined]]);
  });
});

// F3's rule (placement.ts sellsHeldBack): "the SELL wave is not sent when any BUY of the first wave was
// refused or unanswered". Once the unanswered BUY is found booked, that reason is no longer true: the
// SELL's "Held back: BUY leg 1 was not placed" beside the BUY's "Placed …" said two things at once.
describe("a run's results once its unanswered BUY is found booked", () => {
  const unanswered = { scripId: 1, placed: false as const, code: "", message: "No answer from the broker", unanswered: true as const };
  const heldBack = { scripId: 2, placed: false as const, code: "", message: "Held back: BUY leg 1 was not placed, and a SELL goes only with its hedge; fix or remove it and press Enter to place the rest", heldBack: true as const };
  const found = { scripId: 1, placed: true as const, orderNo: "2612070000001", foundInBook: true as const };

  it("every BUY placed now: the SELL held back for it says it was not sent and that Enter places it (no 'BUY leg 1 was not placed')", () => {
    expect(withFound({ "NSEFO:101:BUY": unanswered, "NSEFO:102:SELL": heldBack }, { "NSEFO:101:BUY": found })).toEqual({
      "NSEFO:101:BUY": found,
      "NSEFO:102:SELL": { ...heldBack, message: "Not sent: held back while its BUY's fate was unknown; the BUY is found placed now, so Enter places this leg" },
    });
    // Not a leg whose answer the page lost: the next Enter does not look it up in the book (it was never sent).
    const run = { runId: "st-c", key: "k", legs: ["NSEFO:101:BUY", "NSEFO:102:SELL"], sent: ["s"], results: withFound({ "NSEFO:101:BUY": unanswered, "NSEFO:102:SELL": heldBack }, { "NSEFO:101:BUY": found }) };
    expect(unansweredLegs(run)).toEqual([]);
  });

  it("another BUY still not placed (refused): the SELL stays held back", () => {
    const refused = { scripId: 3, placed: false as const, code: "EC919", message: "Insufficient funds" };
    const results = { "NSEFO:101:BUY": unanswered, "NSEFO:103:BUY": refused, "NSEFO:102:SELL": heldBack };
    expect(withFound(results, { "NSEFO:101:BUY": found })).toEqual({ "NSEFO:101:BUY": found, "NSEFO:103:BUY": refused, "NSEFO:102:SELL": heldBack });
  });

  it("the held-back mark is kept over a reload (a layout is the user's storage)", () => {
    const run = { runId: "st-b", key: "k", legs: ["NSEFO:101:BUY"], sent: ["s"], results: { "NSEFO:102:SELL": heldBack } };
    expect(readDeskRun(JSON.parse(JSON.stringify(run)))?.results["NSEFO:102:SELL"]).toEqual(heldBack);
  });
});
