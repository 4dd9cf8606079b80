import { describe, expect, it, vi } from "vitest";
import type { OptionChain } from "../../../../src/core/types/optionChain";

const calls: Array<[string, string | undefined]> = [];
let releaseSlow: () => void = () => {};
const slow = new Promise<void>((r) => (releaseSlow = r));
const nearest = { symbol: "NIFTY", expiry: "2026-11-24" } as OptionChain;
vi.mock("../../../../src/data/api/optionChain", () => ({
  fetchOptionChain: async (symbol: string, expiry?: string) => {
    calls.push([symbol, expiry]);
    if (symbol === "BANKNIFTY") await slow;
    if (symbol === "NOSUCH") return { status: "EC980", message: "No option chain for this symbol: NOSUCH", result: [] };
    if (expiry === "2026-11-17") return { status: "EC981", message: "No such expiry in this option chain", result: [] };
    return { status: "Ok", message: "Success", result: [nearest] };
  },
}));

const { chains$, loadChain } = await import("../../../../src/data/stores/optionChain");

describe("an option chain pane's chain", () => {
  it("a layout saved with an expiry that has passed shows the nearest expiry", async () => {
    await loadChain("p1", "NIFTY", "2026-11-17");
    expect(calls).toEqual([
      ["NIFTY", "2026-11-17"],
      ["NIFTY", undefined],
    ]);
    expect(chains$.p1!.peek()).toEqual({ key: "NIFTY|2026-11-17", chain: nearest });
  });

  it("an unknown underlying keeps the broker's message and no chain", async () => {
    await loadChain("p2", "NOSUCH", undefined);
    expect(chains$.p2!.peek()).toEqual({ key: "NOSUCH|", error: "No option chain for this symbol: NOSUCH" });
  });

  it("an answer for what the pane no longer asks for is dropped", async () => {
    const first = loadChain("p3", "BANKNIFTY", undefined);
    await loadChain("p3", "NIFTY", undefined);
    releaseSlow();
    await first;
    expect(chains$.p3!.peek()).toEqual({ key: "NIFTY|", chain: nearest });
  });
});
