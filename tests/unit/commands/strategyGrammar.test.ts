import { describe, expect, it } from "vitest";
import { isStrategyLine, parseStrategyLine } from "../../../src/commands/grammar/strategy";

/** Issue 31: the options desk's palette line, as the issue writes it. */
describe("strategy lines", () => {
  const read = (line: string) => {
    const r = parseStrategyLine(line);
    if ("error" in r) throw new Error(`${line}: ${r.error}`);
    return { ...r, preset: r.preset.id };
  };

  it("strategy NIFTY iron condor 24NOV width 200 lots 1", () => {
    expect(read("strategy NIFTY iron condor 24NOV width 200 lots 1")).toEqual({
      underlying: "NIFTY",
      preset: "iron-condor",
      expiryWord: { day: 24, month: 11, text: "24NOV" },
      width: 200,
      lots: 1,
    });
  });
  it("strategy BANKNIFTY straddle ATM: straddle alone is the long straddle, at the ATM strike", () => {
    expect(read("strategy BANKNIFTY straddle ATM")).toEqual({ underlying: "BANKNIFTY", preset: "long-straddle", slots: [{ steps: 0 }] });
  });
  it("strategy NIFTY bull call spread ATM ATM+2", () => {
    expect(read("strategy NIFTY bull call spread ATM ATM+2")).toEqual({ underlying: "NIFTY", preset: "bull-call-spread", slots: [{ steps: 0 }, { steps: 2 }] });
  });
  it("reads names and words in any case and order after the preset; an exchange prefix is kept", () => {
    expect(read("Strategy nifty IronCondor lots 2 width 150 24nov")).toMatchObject({ underlying: "NIFTY", preset: "iron-condor", lots: 2, width: 150, expiryWord: { day: 24, month: 11 } });
    expect(read("strategy NFO:NIFTY short straddle")).toEqual({ underlying: "NIFTY", exchange: "NSEFO", preset: "short-straddle" });
    expect(read("strategy NIFTY iron condor ATM-4 ATM-2 ATM+2 ATM+4").slots).toEqual([{ steps: -4 }, { steps: -2 }, { steps: 2 }, { steps: 4 }]);
  });
  it("claims lines that start with strategy", () => {
    expect(isStrategyLine("strategy NIFTY straddle")).toBe(true);
    expect(isStrategyLine("strategy")).toBe(false);
    expect(isStrategyLine("strategyx NIFTY")).toBe(false);
    expect(isStrategyLine("buy NIFTY ATM CE 75")).toBe(false);
    expect(read("strategy M&M covered call").underlying).toBe("M&M");
  });

  it.each<[string, string, RegExp]>([
    ["strategy NIFTY iron condr", "iron condr", /^"iron condr" is not a strategy/],
    ["strategy NIFTY 24NOV", "", /^Name the strategy after NIFTY/],
    ["strategy iron condor 24NOV", "iron", /^"iron" is not an underlying/],
    ["strategy 24NOV straddle", "24NOV", /is not an underlying/],
    ["strategy NIF$TY straddle", "NIF$TY", /is not an underlying's symbol/],
    ["strategy", "", /^Type the underlying after strategy/],
    ["strategy NIFTY straddle width 200", "width", /^Long straddle takes no width/],
    ["strategy NIFTY iron condor width", "width", /^Type the width in points/],
    ["strategy NIFTY iron condor lots 0", "0", /not a number of lots/],
    ["strategy NIFTY bull call spread ATM", "ATM", /^Bull call spread takes 2 strikes \(as ATM ATM\+2\), not 1/],
    ["strategy NIFTY bull call spread ATM+2 ATM", "ATM", /rise in order/],
    ["strategy NIFTY bull call spread ATM ATM+2 width 100", "width", /strikes or a width, not both/],
    ["strategy NIFTY iron condor 24NOV condor", "condor", /not understood here/],
    ["strategy NIFTY straddle 24NOV 1DEC", "1DEC", /the expiry is already 24NOV/],
  ])("refuses %s, naming %j", (line, word, message) => {
    const r = parseStrategyLine(line);
    expect("error" in r && r.word).toBe(word);
    expect("error" in r && r.error).toMatch(message);
  });
  it("an underlying the palette does not list is refused by name", () => {
    const known = new Set(["NIFTY", "BANKNIFTY"]);
    expect(parseStrategyLine("strategy FOO straddle", (s) => known.has(s))).toEqual({ error: "FOO has no options", word: "FOO" });
    expect("error" in parseStrategyLine("strategy nifty straddle", (s) => known.has(s))).toBe(false);
  });
});
