import { describe, expect, it } from "vitest";
import { cursorAt, followRow, landingRow, NO_ROW, scrollToShow, type RowInstrument } from "../../../../src/core/rules/rowCursor";
import { positionKey } from "../../../../src/core/rules/positionKey";

/**
 * Issue 28, "The selection is an identity": "Each grid's cursor holds the key of its row ... and
 * follows it across re-sorts, inserts, removals, ticks and refreshes. When its row goes, the cursor
 * moves to the neighbour and the status line says so." The neighbour (rowCursor.ts): the row that
 * now stands where the gone row stood, else the last row; none when the list is empty.
 */
describe("a row cursor", () => {
  it("stays on its row when the list re-sorts (the Orders book after a modify)", () => {
    // RELIANCE at row 1; the book re-sorts newest first and RELIANCE is now row 2.
    const r = followRow({ key: "RELIANCE", at: 1 }, ["SBIN", "INFY", "RELIANCE"]);
    expect(r).toEqual({ cursor: { key: "RELIANCE", at: 2 }, moved: false });
  });

  it("stays on its row when one is inserted above it", () => {
    expect(followRow({ key: "B", at: 1 }, ["NEW", "A", "B", "C"]).cursor).toEqual({ key: "B", at: 2 });
  });

  it("goes to the row that now stands where its row stood when that row goes, and says it moved", () => {
    // A B C D, cursor on C (row 2); C fills and leaves Pending: D now stands at row 2.
    expect(followRow({ key: "C", at: 2 }, ["A", "B", "D"])).toEqual({ cursor: { key: "D", at: 2 }, moved: true });
  });

  it("goes to the last row when its row was the last", () => {
    expect(followRow({ key: "D", at: 3 }, ["A", "B", "C"])).toEqual({ cursor: { key: "C", at: 2 }, moved: true });
  });

  it("is on no row when the list empties, and says it moved", () => {
    expect(followRow({ key: "A", at: 0 }, [])).toEqual({ cursor: NO_ROW, moved: true });
  });

  it("lands on the first row of a list it was never on, without a move to tell", () => {
    expect(followRow(NO_ROW, ["A", "B"])).toEqual({ cursor: { key: "A", at: 0 }, moved: false });
    expect(followRow(NO_ROW, [])).toEqual({ cursor: NO_ROW, moved: false });
  });

  it("moves by position as shown and stays inside the list", () => {
    expect(cursorAt(["A", "B", "C"], 5)).toEqual({ key: "C", at: 2 });
    expect(cursorAt(["A", "B", "C"], -1)).toEqual({ key: "A", at: 0 });
    expect(cursorAt([], 4)).toEqual(NO_ROW);
  });
});

describe("a position's key", () => {
  // "product tells an INTRADAY position from a DELIVERY one of the same instrument"; a BO or CO
  // position is "an INTRADAY one kept apart" (trading-core section 3, Position.type).
  const infy = { exchange: "NSEEQ", token: "1594" };
  it("tells INTRADAY from DELIVERY of one instrument", () => {
    expect(positionKey({ ...infy, product: "INTRADAY", type: "" })).not.toBe(positionKey({ ...infy, product: "DELIVERY", type: "" }));
  });
  it("tells a BO and a CO position from the plain INTRADAY one and from each other", () => {
    const keys = ["", "BO", "CO"].map((type) => positionKey({ ...infy, product: "INTRADAY", type }));
    expect(new Set(keys).size).toBe(3);
    expect(keys).toEqual(["NSEEQ:1594:INTRADAY", "NSEEQ:1594:BO", "NSEEQ:1594:CO"]);
  });
  it("reads any other type text as a plain position (the spec: 'BO', 'CO' or any other text)", () => {
    expect(positionKey({ ...infy, product: "DELIVERY", type: "NET" })).toBe("NSEEQ:1594:DELIVERY");
  });
  it("is the same for the token as text or number (the API sends text, the selection keeps a number)", () => {
    expect(positionKey({ ...infy, token: 1594, product: "INTRADAY" })).toBe(positionKey({ ...infy, product: "INTRADAY" }));
  });
});

/**
 * FINDINGS-25 s4: "the cursor row stays in view" (DESIGN.md: "arrows and `j`/`k` move the row
 * cursor"; a row the trader cannot see is a row `x` must not act on unseen). The view here: a
 * Positions pane body from y 300 to 596 on the screen, its sticky header 24 px tall (rows show
 * from 324) and its Total row 24 px tall stuck to the bottom (rows show to 572); rows 24 px.
 */
describe("scrolling a list to its cursor's row", () => {
  const clear = { top: 324, bottom: 572 };

  it("does not scroll while the row shows between the header and the Total", () => {
    expect(scrollToShow({ top: 324, bottom: 348 }, clear)).toBe(0);
    expect(scrollToShow({ top: 548, bottom: 572 }, clear)).toBe(0);
  });

  it("scrolls a row below the Total up to just above it: one j past the edge moves the list one row", () => {
    // The findings' row: top 632 (body bottom 596). 632 + 24 = 656 must come to 572: 84 px down.
    expect(scrollToShow({ top: 632, bottom: 656 }, clear)).toBe(84);
    // The next row under the Total (572-596, hidden by it): 24 px, one row.
    expect(scrollToShow({ top: 572, bottom: 596 }, clear)).toBe(24);
  });

  it("scrolls a row under the sticky header down to just below it", () => {
    // k onto a row behind the header (310-334): 14 px up so it starts at 324.
    expect(scrollToShow({ top: 310, bottom: 334 }, clear)).toBe(-14);
    expect(scrollToShow({ top: 100, bottom: 124 }, clear)).toBe(-224);
  });

  it("shows the top of a row taller than the room between header and Total", () => {
    // A 300 px row (a wrapped name) starting at 400: its top comes to 324, 76 px.
    expect(scrollToShow({ top: 400, bottom: 700 }, clear)).toBe(76);
  });
});

/**
 * FINDINGS-25 s9: "What is selected must agree with what the linked panes show": a list of a colour
 * group lands its cursor on the row of the group's instrument when it has one (landingRow's comment
 * says why not the other way round). Positions as DEMO1 holds them: NIFTY26DECFUT first, the
 * USDINR future fourth.
 */
describe("where a linked list's cursor first lands", () => {
  const rows: Record<string, RowInstrument> = {
    "NSEFO:35001:NRML": { exchange: "NSEFO", token: 35001 },
    "NSEFO:41234:NRML": { exchange: "NSEFO", token: 41234 },
    "MCXCOMM:2201:NRML": { exchange: "MCXCOMM", token: 2201 },
    "NSECURR:1201:NRML": { exchange: "NSECURR", token: 1201 },
    "NSECURR:1201:INTRADAY": { exchange: "NSECURR", token: 1201 },
  };
  const keys = Object.keys(rows);
  const of = (k: string) => rows[k];

  it("lands on the row of the group's instrument, the first such row when it is held in two products", () => {
    expect(landingRow(keys, of, { exchange: "NSECURR", token: 1201 })).toEqual({ key: "NSECURR:1201:NRML", at: 3 });
  });

  it("lands on the first row when the list has no row of the group's instrument, or the pane is in no group", () => {
    expect(landingRow(keys, of, { exchange: "NSEEQ", token: 2885 })).toEqual({ key: "NSEFO:35001:NRML", at: 0 });
    expect(landingRow(keys, of, undefined)).toEqual({ key: "NSEFO:35001:NRML", at: 0 });
  });

  it("matches the exchange as well as the token (a token is unique only within its exchange)", () => {
    expect(landingRow(keys, of, { exchange: "NSEFO", token: 2201 })).toEqual({ key: "NSEFO:35001:NRML", at: 0 });
  });

  it("lands nowhere in an empty list", () => {
    expect(landingRow([], of, { exchange: "NSECURR", token: 1201 })).toEqual(NO_ROW);
  });
});
