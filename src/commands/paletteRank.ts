import { rankCommands, scoreCommand } from "./match";
import type { AnyCommand } from "./types";

/**
 * What the palette lists for typed text: the commands that match, best first, with the strong
 * matches that cannot run here among them (greyed, with why) and, when the text starts a command
 * line, a hint with a line to type. A trader typing a verb ("sell", "exit", "convert") is looking
 * for that action: it is listed first even when it needs a row the focused pane lacks, rather
 * than hidden behind commands whose letters merely contain the word.
 */
export type PaletteEntry = { kind: "command"; command: AnyCommand } | { kind: "blocked"; command: AnyCommand } | { kind: "hint"; verb: string; example: string };

/**
 * At or above this a match is a word of the title or a keyword's start ("sell" in "Sell the
 * selected instrument"): a command that cannot run here is still listed for it. Substrings and
 * letters in order (fuzzy) are not enough to show a command the trader cannot use.
 */
const STRONG = 700;
/** Commands that cannot run here, listed with why (at most). */
const BLOCKED_SHOWN = 3;

/**
 * The verbs that start a palette command line, each with a line the trader can type (each parses:
 * tests/unit/commands/paletteRank.test.ts). "sell" alone names no instrument; the hint shows how.
 */
export const LINE_HINTS: readonly { verb: string; example: string }[] = [
  { verb: "buy", example: "buy INFY 10 @ 1500" },
  { verb: "sell", example: "sell INFY 10 @ 1500" },
  { verb: "gtt", example: "gtt buy INFY 10 trigger 1400" },
  { verb: "alert", example: "alert INFY above 1600" },
  { verb: "basket", example: "basket add Morning buy INFY 10" },
];

/** The hint for typed text that is one word and the start of a line verb ("se", "sell"); undefined otherwise. */
export function lineHint(query: string): { verb: string; example: string } | undefined {
  const q = query.trim().toLowerCase();
  if (q.length < 2 || /\s/.test(q)) return undefined;
  return LINE_HINTS.find((h) => h.verb.startsWith(q));
}

/**
 * A blocked command of one page's keys ("Buy on the selected idea", scope ideas) ranks just below
 * a blocked one that works from any pane ("Buy the selected instrument"): the trader typing "buy"
 * away from Ideas means the order. More than the selected-row bonus, less than a kind of match.
 */
const SCOPED_BLOCKED = 2;

/**
 * The words by which typed text names an action on every row (the titles' "all", "every",
 * "Flatten", the keywords' "panic", "bulk"), whole or begun with three letters or more ("flat").
 */
const BULK_WORDS = ["all", "every", "everything", "flatten", "panic", "bulk"] as const;

/**
 * Whether the typed text names a bulk action (cancel all, exit all, flatten all). Issue 19 arms
 * such an action for 3 s and then sends it by itself, so the palette's Enter picks one only when
 * the trader typed it by name: "exit" is the verb of `x` (exit the selected position), "exit all"
 * is the bulk one (FINDINGS-24 §1, ₹38 lakh armed at market by `exit` + Enter on Home).
 */
export function namesBulk(query: string): boolean {
  const words = query.toLowerCase().split(/[^a-z]+/).filter(Boolean);
  return words.some((w) => BULK_WORDS.some((b) => b === w || (w.length >= 3 && b.startsWith(w))));
}

/**
 * `available` can run here, `unavailable` cannot (in registry order); `ownReason` is a command's
 * own whyNot here (a string when it names what is missing: "Sell needs an instrument ... focus
 * Watchlist"). A blocked command that says why joins the ranking by its score when it matches
 * strongly: it is the action, waiting for its row. One that merely is not for here (a login
 * step, no reason of its own) stays out; when nothing available matches at all, the best few
 * blocked ones that match in any way are listed, so the trader learns the command exists.
 */
export function paletteEntries(available: AnyCommand[], unavailable: AnyCommand[], query: string, ownReason: (c: AnyCommand) => string | null | undefined): PaletteEntry[] {
  if (!query.trim()) return available.map((command) => ({ kind: "command", command }));
  const ranked = rankCommands(available, query);
  const blockedScore = (c: AnyCommand) => scoreCommand(c, query) - (c.scope && c.scope !== "global" ? SCOPED_BLOCKED : 0);
  const strongBlocked = rankCommands(unavailable, query)
    .filter((c) => scoreCommand(c, query) >= STRONG && typeof ownReason(c) === "string")
    .sort((a, b) => blockedScore(b) - blockedScore(a))
    .slice(0, BLOCKED_SHOWN);
  const blocked = ranked.length === 0 && strongBlocked.length === 0 ? rankCommands(unavailable, query).slice(0, BLOCKED_SHOWN) : strongBlocked;
  const entries: ({ kind: "command" | "blocked"; command: AnyCommand } & { s: number })[] = [
    ...ranked.map((command) => ({ kind: "command" as const, command, s: scoreCommand(command, query) })),
    ...blocked.map((command) => ({ kind: "blocked" as const, command, s: blockedScore(command) })),
  ];
  // A bulk action the text does not name goes after every other entry, so Enter never picks it for a
  // bare verb (namesBulk). Then by score; a stable sort: equal scores keep runnable before blocked,
  // and registry order within each.
  const named = namesBulk(query);
  const after = (e: { command: AnyCommand }) => (e.command.bulk && !named ? 1 : 0);
  entries.sort((a, b) => after(a) - after(b) || b.s - a.s);
  const out: PaletteEntry[] = entries.map(({ s: _s, ...e }) => e);
  const hint = lineHint(query);
  if (hint) {
    // After the verb's own action (a strong match leading the list), before everything else.
    const at = entries.length > 0 && entries[0]!.s >= STRONG ? 1 : 0;
    out.splice(at, 0, { kind: "hint", ...hint });
  }
  return out;
}
