import { describe, expect, it } from "vitest";
import { gttLineParser } from "../../../src/commands/defs/gtt";
import { parseCommandLine, registerLineParser } from "../../../src/commands/lineParsers";

describe("palette command-line parsers", () => {
  registerLineParser(gttLineParser);

  it("hands a GTT line to the GTT parser, which names the command and its draft", () => {
    const out = parseCommandLine("gtt buy INFY 10 trigger 1400 @ 1405");
    expect(out).toMatchObject({ ok: true, parser: "gtt", commandId: "gtt.line", title: "Open GTT form: GTT SINGLE BUY INFY 10 trigger 1400 @ 1405" });
  });

  it("passes on the wrong word", () => {
    expect(parseCommandLine("gtt oco sell INFY 10 sl 1350 tgt x")).toMatchObject({ ok: false, parser: "gtt", word: "x" });
  });

  it("leaves text no parser claims to the command list", () => {
    expect(parseCommandLine("go to orders")).toBeUndefined();
  });

  it("refuses a second parser with the same id", () => {
    expect(() => registerLineParser(gttLineParser)).toThrow(/twice/);
  });
});
