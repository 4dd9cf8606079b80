import { describe, expect, it, vi } from "vitest";

/** "Scanner: ... Non-Ok or failure gives empty lists" (access-and-surroundings section 7). */
let answer: () => Promise<unknown> = async () => ({ status: "Ok", message: "Success", result: [] });
vi.mock("../../../../src/data/api/discover", () => ({
  fetchGainerLoser: () => answer(),
  fetchEquityList: async () => ({ status: "Ok", message: "Success", result: [] }),
  fetchEtfGroups: async () => ({ status: "Ok", message: "Success", result: [] }),
}));

const { discover$, fetchScanner, refreshSource } = await import("../../../../src/data/stores/discover");

const row = { ScripCode: 35001, exchange: "NSEFO", token: 35001, topic: "prod/marketfeed/mw/v1/NSEFO/35001", pdc: 100, ltp: 102, chg: 2, pchg: 2, h: 103, o: 100, l: 99, volume: 750 };

describe("the scanner answer", () => {
  it("an Ok answer gives its Gainer and Looser lists", async () => {
    answer = async () => ({ status: "Ok", message: "Success", result: [{ GetFOGainerLooserList: { Gainer: [row], Looser: [] } }] });
    expect(await fetchScanner()).toEqual({ lists: { Gainer: [row], Looser: [] }, failed: false });
  });

  it("a non-Ok answer gives empty lists, even if it carries rows", async () => {
    answer = async () => ({ status: "EC500", message: "Scanner down", result: [{ GetFOGainerLooserList: { Gainer: [row], Looser: [row] } }] });
    expect(await fetchScanner()).toEqual({ lists: { Gainer: [], Looser: [] }, failed: true });
    await refreshSource({ kind: "scanner" });
    expect(discover$.lists["scanner:Gainer"]!.peek()).toEqual({ loaded: true, failed: true, rows: [] });
    expect(discover$.lists["scanner:Looser"]!.peek()).toEqual({ loaded: true, failed: true, rows: [] });
  });

  it("a failed call gives empty lists", async () => {
    answer = async () => {
      throw new Error("network down");
    };
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await fetchScanner()).toEqual({ lists: { Gainer: [], Looser: [] }, failed: true });
    log.mockRestore();
  });

  it("an Ok answer without the list gives empty lists", async () => {
    answer = async () => ({ status: "Ok", message: "Success", result: [] });
    expect((await fetchScanner()).lists).toEqual({ Gainer: [], Looser: [] });
  });
});

describe("issue 29: each grid keeps its own sort", () => {
  // The model, from the words: a pane's sort of one list is the one last chosen for that
  // list in that pane; a list never sorted there opens in its own order: gainers by change
  // largest first, losers smallest first, 52 Week High nearest the high first, 52 Week Low
  // nearest the low first, an ETF group in the broker's order (none).
  const LISTS = ["topGainers", "topLosers", "weekHigh", "weekLow", "INDEX BASED", "DEBT", "Gainer", "Looser"] as const;
  const OWN: Record<(typeof LISTS)[number], { column: string; descending: boolean } | undefined> = {
    topGainers: { column: "pchg", descending: true },
    Gainer: { column: "pchg", descending: true },
    topLosers: { column: "pchg", descending: false },
    Looser: { column: "pchg", descending: false },
    weekHigh: { column: "fromHigh", descending: true },
    weekLow: { column: "fromLow", descending: false },
    "INDEX BASED": undefined,
    DEBT: undefined,
  };
  const PANES = ["p1", "p2"];

  it("any sequence of sorts leaves every other list of every pane in its own order", async () => {
    const { gridSortOf, setGridSort } = await import("../../../../src/data/stores/discover");
    const fc = (await import("fast-check")).default;
    const step = fc.record({
      pane: fc.constantFrom(...PANES),
      list: fc.constantFrom(...LISTS),
      column: fc.constantFrom("symbol", "ltp", "chg", "pchg", "volume"),
      descending: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        discover$.sorts.set({});
        const chosen = new Map<string, { column: string; descending: boolean }>();
        for (const s of steps) {
          setGridSort(s.pane, s.list, { column: s.column, descending: s.descending } as never);
          chosen.set(`${s.pane}|${s.list}`, { column: s.column, descending: s.descending });
          for (const pane of PANES) for (const list of LISTS) expect(gridSortOf(pane, list)).toEqual(chosen.get(`${pane}|${list}`) ?? OWN[list]);
        }
      }),
      { seed: 29, numRuns: 200 },
    );
  });

  it("sorting Top Losers by volume leaves Top Gainers ranked by gain (the issue's report)", async () => {
    const { gridSortOf, setGridSort } = await import("../../../../src/data/stores/discover");
    discover$.sorts.set({});
    setGridSort("p1", "topLosers", { column: "volume", descending: true });
    expect(gridSortOf("p1", "topGainers")).toEqual({ column: "pchg", descending: true });
    expect(gridSortOf("p1", "topLosers")).toEqual({ column: "volume", descending: true });
  });
});
