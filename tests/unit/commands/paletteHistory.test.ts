import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PALETTE_HISTORY_MAX, readHistory, remember, step } from "../../../src/commands/paletteHistory";

describe("the palette's history of command lines (issue 29: ↑ recalls)", () => {
  it("↑ recalls the lines newest first, stops at the oldest; ↓ goes back to the empty line", () => {
    const h = ["buy INFY 10 @ 1500", "chart NIFTY", "layout monitor"];
    let at = h.length;
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const s = step(h, at, "older");
      at = s.at;
      seen.push(s.line);
    }
    expect(seen).toEqual(["layout monitor", "chart NIFTY", "buy INFY 10 @ 1500", "buy INFY 10 @ 1500"]);
    const down = [step(h, 0, "newer"), step(h, 2, "newer")];
    expect(down.map((d) => d.line)).toEqual(["chart NIFTY", ""]);
  });

  it("a line run again moves to the newest rather than being kept twice; blanks are not kept", () => {
    expect(remember(["a", "b", "c"], "a")).toEqual(["b", "c", "a"]);
    expect(remember(["a"], "   ")).toEqual(["a"]);
    expect(remember(["a"], "  b ")).toEqual(["a", "b"]);
    // The property's shrunk counterexample when remember kept duplicates: ["l48", "l48"].
    expect(remember(remember([], "l48"), "l48")).toEqual(["l48"]);
  });

  it("any sequence of lines keeps the model's history: the last distinct lines, newest last, at most 50", () => {
    const seed = Date.now() % 2 ** 31;
    // Model from the words of the issue and a shell's history: distinct lines, most recent use decides the order, bounded.
    fc.assert(
      fc.property(fc.array(fc.constantFrom("buy INFY 1", "sell TCS 2", "chart NIFTY", "gtt", " ", "layout monitor", ...Array.from({ length: 60 }, (_, i) => `l${i}`)), { maxLength: 200 }), (lines) => {
        let h: string[] = [];
        for (const l of lines) h = remember(h, l);
        const model: string[] = [];
        for (let i = lines.length - 1; i >= 0 && model.length < PALETTE_HISTORY_MAX; i--) {
          const l = lines[i]!.trim();
          if (l && !model.includes(l)) model.push(l);
        }
        expect(h).toEqual(model.reverse());
      }),
      { seed, numRuns: 200 },
    );
  });

  it("a saved history is trusted only as strings, cut to the bound", () => {
    expect(readHistory({ a: 1 })).toEqual([]);
    expect(readHistory(["a", 3, "", "b"])).toEqual(["a", "b"]);
    expect(readHistory(Array.from({ length: 70 }, (_, i) => `x${i}`))).toHaveLength(PALETTE_HISTORY_MAX);
  });
});
