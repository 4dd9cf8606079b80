import { describe, expect, it } from "vitest";
import { aliasArity, expandAlias, parseAliasDefinition } from "../../../src/core/rules/alias";

/**
 * Issue 19: "`alias straddle = buy $1 ATM CE $2; buy $1 ATM PE $2` defines a command; `straddle
 * NIFTY 75` expands it ... a recursive or malformed alias is refused with the reason."
 */
const straddle = "buy $1 ATM CE $2; buy $1 ATM PE $2";

describe("aliases", () => {
  it("defines an alias from the command line", () => {
    expect(parseAliasDefinition("alias Straddle = buy $1 ATM CE $2 ;buy $1 ATM PE $2", {})).toEqual({ ok: true, value: { name: "straddle", body: straddle } });
    expect(aliasArity(straddle)).toBe(2);
  });

  it("expands its arguments in order", () => {
    expect(expandAlias("straddle NIFTY 75", { straddle })).toEqual({ ok: true, value: ["buy NIFTY ATM CE 75", "buy NIFTY ATM PE 75"] });
  });

  it("an alias may use another", () => {
    const aliases = { straddle, strangle2: "straddle $1 $2; sell $1 ATM+2 CE $2" };
    expect(expandAlias("strangle2 BANKNIFTY 30", aliases)).toEqual({ ok: true, value: ["buy BANKNIFTY ATM CE 30", "buy BANKNIFTY ATM PE 30", "sell BANKNIFTY ATM+2 CE 30"] });
  });

  it("refuses a use with the wrong number of arguments, saying how to use it", () => {
    expect(expandAlias("straddle NIFTY", { straddle })).toEqual({ ok: false, reason: "straddle takes 2 arguments (straddle $1 $2), not 1" });
  });

  it("refuses recursion at definition, directly and through another alias", () => {
    expect(parseAliasDefinition("alias loop = buy INFY 1; loop", {})).toEqual({ ok: false, reason: "The alias calls itself: loop → loop" });
    expect(parseAliasDefinition("alias a = b $1", { b: "a $1" })).toEqual({ ok: false, reason: "The alias calls itself: a → b → a" });
    // And at expansion, should a stored set somehow hold a cycle.
    expect(expandAlias("a X", { a: "b $1", b: "a $1" })).toEqual({ ok: false, reason: "The alias calls itself: a → b → a" });
  });

  it("refuses malformed aliases with the reason", () => {
    expect(parseAliasDefinition("alias buy = sell $1 1", {})).toEqual({ ok: false, reason: '"buy" is a command-line word already' });
    expect(parseAliasDefinition("alias x = hold $1", {})).toEqual({ ok: false, reason: '"hold" is neither buy nor sell nor an alias' });
    expect(parseAliasDefinition("alias x = buy $1 10;; sell $1 10", {})).toEqual({ ok: false, reason: "The alias has an empty line: write one command between each ;" });
    expect(parseAliasDefinition("alias x = buy $0 10", {})).toEqual({ ok: false, reason: '"$0" is not an argument: use $1 to $9' });
    expect(parseAliasDefinition("alias 9x = buy $1 10", {}).ok).toBe(false);
    expect(parseAliasDefinition("straddle = buy", {}).ok).toBe(false);
  });
});
