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

/**
 * FINDINGS-24 §1: with positions open and Home focused (no position under the cursor), `exit` +
 * Enter armed "Exit all positions" (issue 19: a 3 s countdown that then sends by itself): the
 * runnable bulk action outranked the blocked "Exit selected". The rule: a bulk action (cancel all,
 * exit all, flatten all) is never the entry Enter picks unless the typed text names it ("exit
 * all", "flatten", "cancel all"); for a bare verb the single-row command comes first, blocked or not.
 */
describe("a bulk action is Enter's pick only when the text names it", () => {
  const open = [
    { exchange: "NSEFO", token: "35001", tradingSymbol: "NIFTY26DECFUT", product: "NRML", netQuantity: 75 },
    { exchange: "NSEEQ", token: "1594", tradingSymbol: "INFY-EQ", product: "DELIVERY", netQuantity: 10 },
  ] as Position[];
  const withPositions = <T,>(f: () => T): T => {
    positions$.rows.set(open);
    try {
      return f();
    } finally {
      positions$.rows.set([]);
    }
  };
  const bulkIds = registry.all().filter((c) => c.bulk).map((c) => c.id);
  const chart = commandContext("chart");

  it("the registry's bulk actions are the four all-at-once ones", () => {
    expect([...bulkIds].sort()).toEqual(["bulk.flattenAll", "gtt.cancelAll", "order.cancelAll", "position.exitAll"]);
  });

  it.each([
    ["exit", home, "blocked portfolio.exit"],
    ["exit", chart, "blocked portfolio.exit"],
    ["cancel", home, "blocked order.cancel"],
  ])("%s (a bare verb) puts the single-row command first, blocked, with a runnable Exit all listed after it", (query, ctx, first) => {
    const listed = withPositions(() => entries(ctx, query)).map(label);
    expect(listed[0]).toBe(first);
    if (query === "exit") expect(listed).toContain("command position.exitAll");
  });

  it.each([
    ["exit all", "command position.exitAll"],
    ["flatten", "command bulk.flattenAll"],
    ["cancel all", "command order.cancelAll"],
    ["cancel all open orders", "command order.cancelAll"],
    ["panic", "command bulk.flattenAll"],
  ])("%s names the bulk action: it comes first", (query, first) => {
    expect(label(withPositions(() => entries(home, query))[0])).toBe(first);
  });

  it("no word of a bulk action's title or keywords but its all-at-once words makes it first", () => {
    const bulk = registry.all().filter((c) => c.bulk);
    const words = new Set(bulk.flatMap((c) => [c.title, ...(c.keywords ?? [])]).flatMap((t) => t.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 2));
    const naming = new Set(["all", "every", "everything", "flatten", "flat", "panic", "bulk"]);
    for (const w of words) {
      if (naming.has(w)) continue;
      for (const ctx of [home, chart]) {
        const first = withPositions(() => entries(ctx, w))[0];
        expect(first?.kind !== "hint" && first?.command.bulk, `${w} in ${ctx.focusedView}: ${label(first)}`).toBeFalsy();
      }
    }
  });
});

describe("security synonyms", () => {
  it.each(["two-factor", "two factor", "2fa", "otp", "totp", "authenticator"])("%s finds the authenticator set-up or Security settings first", (q) => {
    expect(["command totp.setup.start", "command settings.security"]).toContain(label(entries(home, q)[0]));
  });
});
