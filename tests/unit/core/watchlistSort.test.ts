import { describe, expect, it } from "vitest";
import { customOrderPayload, nextSort, sortScrips, type SortableScrip } from "../../../src/core/watchlist/sort";

const rows: Array<SortableScrip & { token: number }> = [
  { exchange: "NSEFO", token: 3, tradingSymbol: "NIFTY26DEC24650CE", sortingOrder: 1, ltp: 310.5, pchg: 12.3 },
  { exchange: "BSEEQ", token: 1, tradingSymbol: "INFY", sortingOrder: 2, ltp: 1140, pchg: -0.4 },
  { exchange: "NSEEQ", token: 2, tradingSymbol: "INFY-EQ", sortingOrder: 3, ltp: 1140.1, pchg: -0.35 },
  { exchange: "MCXCOMM", token: 4, tradingSymbol: "GOLD26DECFUT", sortingOrder: 4, ltp: 118000, pchg: 0.2 },
];
const order = (r: Array<{ token: number }>) => r.map((x) => x.token);

describe("watchlist sort buttons: A-Z, (%), LTP, Exc (access-and-surroundings section 2)", () => {
  it("A-Z by trading symbol, again for Z-A", () => {
    const s = nextSort({ key: "custom", descending: false }, "alpha");
    expect(order(sortScrips(rows, s))).toEqual([4, 1, 2, 3]);
    expect(order(sortScrips(rows, nextSort(s, "alpha")))).toEqual([3, 2, 1, 4]);
  });

  it("(%) and LTP highest first on the first press", () => {
    expect(order(sortScrips(rows, nextSort({ key: "custom", descending: false }, "percent")))).toEqual([3, 4, 2, 1]);
    expect(order(sortScrips(rows, nextSort({ key: "custom", descending: false }, "ltp")))).toEqual([4, 2, 1, 3]);
  });

  it("Exc in the spec's exchange order", () => {
    expect(order(sortScrips(rows, nextSort({ key: "custom", descending: false }, "exchange")))).toEqual([2, 1, 3, 4]);
  });

  it("the saved custom order, and the payload that saves the shown order (sortMwScrips)", () => {
    expect(order(sortScrips(rows, { key: "custom", descending: false }))).toEqual([3, 1, 2, 4]);
    const shown = sortScrips(rows, { key: "alpha", descending: false });
    expect(customOrderPayload(302, shown).scripData.map((s) => [s.token, s.sortingOrder])).toEqual([[4, 1], [1, 2], [2, 3], [3, 4]]);
  });

  it("an infinite percent sorts as the extreme it is", () => {
    const withInf = [...rows, { exchange: "NSEEQ" as const, token: 9, tradingSymbol: "NEW-EQ", sortingOrder: 5, ltp: 10, pchg: Number.POSITIVE_INFINITY }];
    expect(order(sortScrips(withInf, { key: "percent", descending: true }))[0]).toBe(9);
  });
});
