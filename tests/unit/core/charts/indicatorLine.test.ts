import { describe, expect, it } from "vitest";
import { parseIndicatorLine } from "../../../../src/core/charts/indicators/line";
import { addSpecs, readSpecs, removeSpecs, MAX_INDICATORS } from "../../../../src/core/charts/indicators/spec";

/**
 * Issue 34's command line: `chart add rsi 14`, `chart add ema 20 50` (two EMAs), removed the same
 * way. A one-setting indicator takes each number as another line; a many-setting one takes them
 * as its settings in order (MACD fast, slow, signal; BB period, width), the rest at the defaults.
 */
describe("chart add / chart remove", () => {
  it.each([
    ["chart add rsi 14", { action: "add", specs: [{ kind: "rsi", params: [14] }] }],
    ["chart add ema 20 50", { action: "add", specs: [{ kind: "ema", params: [20] }, { kind: "ema", params: [50] }] }],
    ["chart add rsi", { action: "add", specs: [{ kind: "rsi", params: [14] }] }],
    ["Chart Add MACD", { action: "add", specs: [{ kind: "macd", params: [12, 26, 9] }] }],
    ["chart add macd 5 35", { action: "add", specs: [{ kind: "macd", params: [5, 35, 9] }] }],
    ["chart add bb 20 2.5 vwap", { action: "add", specs: [{ kind: "bb", params: [20, 2.5] }, { kind: "vwap", params: [] }] }],
    ["chart add supertrend", { action: "add", specs: [{ kind: "supertrend", params: [10, 3] }] }],
    ["chart remove rsi", { action: "remove", kinds: [{ kind: "rsi" }] }],
    ["chart remove ema 20", { action: "remove", kinds: [{ kind: "ema", specs: [{ kind: "ema", params: [20] }] }] }],
    ["chart remove all", { action: "remove-all" }],
  ])("%s", (input, line) => {
    expect(parseIndicatorLine(input)).toEqual({ ok: true, line });
  });

  it.each([
    ["chart add", "add"],
    ["chart add ichimoku", "ichimoku"],
    ["chart add rsi 0", "0"],
    ["chart add rsi 14.5", "14.5"],
    ["chart add vwap 20", "20"],
    ["chart add macd 26 12", "12"],
    ["chart add bb 20 2 3", "3"],
    ["chart remove", "remove"],
  ])("%s names the wrong word (%s)", (input, word) => {
    const p = parseIndicatorLine(input);
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.word).toBe(word);
  });

  it("adding keeps each once and at most MAX_INDICATORS; removing by kind takes them all, by settings only that one", () => {
    const two = addSpecs([], [{ kind: "ema", params: [20] }, { kind: "ema", params: [50] }]).next;
    expect(addSpecs(two, [{ kind: "ema", params: [20] }]).added).toEqual([]);
    const full = addSpecs([], Array.from({ length: MAX_INDICATORS + 1 }, (_, i) => ({ kind: "sma" as const, params: [i + 1] })));
    expect([full.next.length, full.full]).toEqual([MAX_INDICATORS, true]);
    expect(removeSpecs(two, "ema", [{ kind: "ema", params: [50] }])).toEqual([{ kind: "ema", params: [20] }]);
    expect(removeSpecs([...two, { kind: "rsi", params: [14] }], "ema")).toEqual([{ kind: "rsi", params: [14] }]);
  });

  it("reads back only what it wrote: junk, repeats and unknown words are dropped", () => {
    expect(readSpecs(["ema 20", "ema 20", "rsi", 7, "nope 3", "macd 12 26 9", "ema 20 50"])).toEqual([
      { kind: "ema", params: [20] },
      { kind: "rsi", params: [14] },
      { kind: "macd", params: [12, 26, 9] },
    ]);
    expect(readSpecs("ema 20")).toEqual([]);
  });
});
