import { describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { parseCommandLine } from "../../../src/commands/lineParsers";
import { LINE_HINTS, paletteEntries, type PaletteEntry } from "../../../src/commands/paletteRank";
import type { CommandContext } from "../../../src/commands/types";
import type { Position } from "../../../src/core/types/portfolio";
import { positions$ } from "../../../src/data/stores/portfolio";
import { commandContext } from "./context";

/**
 * Explorer finding (palette): a trader typing a trading verb sees that action first, runnable
 * or greyed with its reason, and the line to type when the verb starts a command line; a command
 * on the selected row ranks above its "all" sibling; "two-factor" finds the security commands.
 */
function entries(ctx: CommandContext, query: string): PaletteEntry[] {
  const listed = registry.all().filter((c) => !c.hidden);
  return paletteEntries(
    listed.filter((c) => registry.isAvailable(c, ctx)),
    listed.filter((c) => !registry.isAvailable(c, ctx)),
    query,
    (c) => c.whyNot?.(ctx),
  );
}
const label = (e: PaletteEntry | undefined) => (e === undefined ? "none" : e.kind === "hint" ? `hint ${e.verb}` : `${e.kind} ${e.command.id}`);
const home = commandContext("home");

describe("the palette's answer to a trading verb", () => {
  // Hand-listed: the verb's action first (blocked on Home: nothing is selected there), then the
  // line hint for verbs that start a command line.
  it.each([
    ["sell", ["blocked order.sell", "hint sell"]],
    ["buy", ["blocked order.buy", "hint buy"]],
    ["convert", ["blocked position.convert"]],
    ["modify", ["blocked order.modify"]],
    ["exit", ["blocked portfolio.exit"]],
    ["gtt", ["blocked gtt.open", "hint gtt"]],
  ])("with Home focused, %s lists %j first", (query, first) => {
    expect(entries(home, query).slice(0, first.length).map(label)).toEqual(first);
  });

  it("cancel lists the selected order's cancel first, greyed with why", () => {
    expect(label(entries(home, "cancel")[0])).toBe("blocked order.cancel");
  });

  it("alert and basket start with their action or their line", () => {
    expect(entries(home, "alert").slice(0, 2).map(label)).toContain("hint alert");
    expect(entries(home, "basket").slice(0, 2).map(label)).toContain("hint basket");
  });

  it("with a position under the cursor, exit runs on that position first, above Exit all", () => {
    positions$.rows.set([{ exchange: "NSEEQ", token: "1594", tradingSymbol: "INFY-EQ", product: "INTRADAY", netQuantity: 10 } as Position]);
    const ctx = commandContext("position", { selection: { kind: "position", exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ", product: "INTRADAY" } });
    const ids = entries(ctx, "exit").map(label);
    positions$.rows.set([]);
    expect(ids[0]).toBe("command portfolio.exit");
    // "Exit all positions" is the row-less sibling: listed, but after.
    expect(ids.indexOf("command position.exitAll")).toBeGreaterThan(0);
  });

  it("every line hint is a line the palette reads, and it claims it", () => {
    for (const h of LINE_HINTS) {
      const p = parseCommandLine(h.example);
      expect(p?.ok, h.example).toBe(true);
    }
  });
});

describe("security synonyms", () => {
  it.each(["two-factor", "two factor", "2fa", "otp", "totp", "authenticator"])("%s finds the authenticator set-up or Security settings first", (q) => {
    expect(["command totp.setup.start", "command settings.security"]).toContain(label(entries(home, q)[0]));
  });
});
