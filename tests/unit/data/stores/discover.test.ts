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
