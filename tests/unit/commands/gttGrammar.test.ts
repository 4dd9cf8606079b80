import { describe, expect, it } from "vitest";
import { describeGttDraft, isGttCommand, parseGttCommand } from "../../../src/commands/grammar/gtt";

describe("GTT command line", () => {
  it("reads the issue's SINGLE example: gtt buy INFY 10 trigger 1400 @ 1405", () => {
    expect(parseGttCommand("gtt buy INFY 10 trigger 1400 @ 1405")).toEqual({
      ok: true,
      draft: { triggerType: "SINGLE", transactionType: "BUY", symbol: "INFY", quantity: 10, leg1: { trigger: 1400, price: 1405 } },
    });
  });

  it("reads the issue's OCO example: gtt oco sell INFY 10 sl 1350 tgt 1650", () => {
    expect(parseGttCommand("gtt oco sell INFY 10 sl 1350 tgt 1650")).toEqual({
      ok: true,
      draft: { triggerType: "OCO", transactionType: "SELL", symbol: "INFY", quantity: 10, leg1: { trigger: 1650 }, leg2: { trigger: 1350 } },
    });
  });

  it.each([
    ["GTT SELL nse:tcs 5 trg 4000", { triggerType: "SINGLE", transactionType: "SELL", symbol: "TCS", exchange: "NSEEQ", quantity: 5, leg1: { trigger: 4000 } }],
    ["gtt buy BSEEQ:INFY 1 trigger 1400@1401.5", { triggerType: "SINGLE", transactionType: "BUY", symbol: "INFY", exchange: "BSEEQ", quantity: 1, leg1: { trigger: 1400, price: 1401.5 } }],
    ["gtt oco buy infy 3 tgt 1300 @ 1301 sl 1600 @ 1605", { triggerType: "OCO", transactionType: "BUY", symbol: "INFY", quantity: 3, leg1: { trigger: 1300, price: 1301 }, leg2: { trigger: 1600, price: 1605 } }],
    ["gtt single buy INFY 2 trigger 10", { triggerType: "SINGLE", transactionType: "BUY", symbol: "INFY", quantity: 2, leg1: { trigger: 10 } }],
  ])("reads %s", (line, draft) => {
    expect(parseGttCommand(line)).toEqual({ ok: true, draft });
  });

  it.each<[string, string, RegExp]>([
    ["gtt hold INFY 10 trigger 1", "hold", /not buy or sell/],
    ["gtt buy", "", /symbol/],
    ["gtt buy INFY", "", /quantity/],
    ["gtt buy INFY ten trigger 1", "ten", /not a quantity/],
    ["gtt buy INFY 0 trigger 1", "0", /not a quantity/],
    ["gtt buy xx:INFY 1 trigger 1", "xx:INFY", /not an exchange/],
    ["gtt buy INFY 10", "", /Type "trigger"/],
    ["gtt buy INFY 10 trigger", "trigger", /Type a price after "trigger"/],
    ["gtt buy INFY 10 trigger abc", "abc", /not a price/],
    ["gtt buy INFY 10 trigger 1 trigger 2", "trigger", /given twice/],
    ["gtt buy INFY 10 @ 1405", "@", /write it after the trigger/],
    ["gtt buy INFY 10 trigger 1 @ 2 @ 3", "@", /already has a price/],
    ["gtt buy INFY 10 sl 1350", "sl", /belongs to an OCO/],
    ["gtt oco sell INFY 10 trigger 1", "trigger", /not "trigger"/],
    ["gtt oco sell INFY 10 sl 1350", "", /Type "tgt"/],
    ["gtt oco sell INFY 10 tgt 1650", "", /Type "sl"/],
    ["gtt buy INFY 10 trigger 1 intraday", "intraday", /not understood/],
  ])("names the wrong word in %s", (line, word, message) => {
    const out = parseGttCommand(line);
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.word).toBe(word);
      expect(out.message).toMatch(message);
    }
  });

  it("knows a GTT line by its first word", () => {
    expect(isGttCommand("gtt buy")).toBe(true);
    expect(isGttCommand("  GTT oco")).toBe(true);
    expect(isGttCommand("gtt")).toBe(false);
    expect(isGttCommand("buy INFY 10")).toBe(false);
    expect(isGttCommand("gttx buy")).toBe(false);
  });

  it("reads a draft back", () => {
    const out = parseGttCommand("gtt oco sell INFY 10 sl 1350 tgt 1650 @ 1645");
    expect(out.ok && describeGttDraft(out.draft)).toBe("GTT OCO SELL INFY 10 sl 1350 tgt 1650 @ 1645");
  });
});
