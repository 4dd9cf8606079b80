import { describe, expect, it } from "vitest";
import { listForTab, orderedScrips, WATCHLIST_TAB } from "../../../src/core/watchlist/view";

const lists = [
  { mwId: 302, isEdit: true, name: "user" },
  { mwId: 1, isEdit: false, name: "predefined" },
  { mwId: 2, isEdit: false, name: "other predefined" },
];

describe("watchlist tabs", () => {
  it('"Default tab ids: 302 (user list) and 1 (predefined list)"', () => {
    expect(listForTab(lists, WATCHLIST_TAB.user)?.mwId).toBe(302);
    expect(listForTab(lists, WATCHLIST_TAB.predefined)?.mwId).toBe(1);
  });
  it("falls back to the first list of the tab's kind when the default id is missing", () => {
    expect(listForTab([{ mwId: 303, isEdit: true }, { mwId: 5, isEdit: false }], 0)?.mwId).toBe(303);
    expect(listForTab([{ mwId: 303, isEdit: true }, { mwId: 5, isEdit: false }], 1)?.mwId).toBe(5);
    expect(listForTab([], 0)).toBeUndefined();
  });
});

describe("the order shown", () => {
  const s = (token: number, sortingOrder: number) => ({ exchange: "NSEEQ", token, sortingOrder });
  const rows = [s(3, 2), s(1, 3), s(2, 1)];
  it("is the saved custom order (sortingOrder) without a sort", () => {
    expect(orderedScrips(rows, undefined).map((r) => r.token)).toEqual([2, 3, 1]);
  });
  it("is the order a sort button fixed; a scrip added since goes last, in custom order", () => {
    expect(orderedScrips(rows, ["NSEEQ:1", "NSEEQ:3"]).map((r) => r.token)).toEqual([1, 3, 2]);
  });
});
