import type { BasketLeg } from "./basket";

/**
 * Command aliases (issue 19): `alias straddle = buy $1 ATM CE $2; buy $1 ATM PE $2` defines a
 * command; `straddle NIFTY 75` expands to `buy NIFTY ATM CE 75` and `buy NIFTY ATM PE 75`. Rules:
 *   - a name is a letter then letters, digits, _ or -, at most 24, and not a word the command line
 *     already reads (buy, sell, bo, co, amo, gtt, basket, alias);
 *   - the body is one or more lines split by `;`, each an order line or another alias's use;
 *     $1..$9 are the arguments, and a use gives exactly as many as the body uses (the highest $n);
 *   - an alias that reaches itself, directly or through others, is refused with the path;
 *   - expansion goes at most MAX_ALIAS_DEPTH aliases deep and yields at most MAX_ALIAS_ORDERS lines.
 */
/** A leg of an alias's combined confirmation: the basket's leg plus the line it came from. */
export type AliasLeg = BasketLeg & { tradingSymbol: string; line: string; amo: boolean; lotSize: number };

export const RESERVED_WORDS = ["buy", "sell", "bo", "co", "amo", "gtt", "basket", "alias", "workspace"] as const;
export const MAX_ALIAS_DEPTH = 5;
export const MAX_ALIAS_ORDERS = 20;

export type Aliases = Readonly<Record<string, string>>;

export type AliasResult<T> = { ok: true; value: T } | { ok: false; reason: string };

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,23}$/;

const words = (line: string) => line.trim().split(/\s+/).filter(Boolean);

/** Reads `alias NAME = BODY`; the body is checked against the aliases already defined (and itself). */
export function parseAliasDefinition(line: string, aliases: Aliases): AliasResult<{ name: string; body: string }> {
  const m = /^\s*alias\s+(\S+)\s*=\s*(.*)$/i.exec(line);
  if (!m) return { ok: false, reason: "Write it as: alias NAME = buy $1 ATM CE $2; buy $1 ATM PE $2" };
  const name = m[1]!.toLowerCase();
  const body = m[2]!.trim().replace(/\s*;\s*/g, "; ").replace(/;\s*$/, "");
  const bad = aliasProblem(name, body, aliases);
  return bad ? { ok: false, reason: bad } : { ok: true, value: { name, body } };
}

/** Why NAME = BODY cannot be an alias, or undefined when it can. */
export function aliasProblem(name: string, body: string, aliases: Aliases): string | undefined {
  if (!NAME.test(name)) return `"${name}" is not an alias name: a letter, then letters, digits, _ or -, at most 24`;
  if ((RESERVED_WORDS as readonly string[]).includes(name.toLowerCase())) return `"${name}" is a command-line word already`;
  const lines = body.split(";").map((l) => l.trim());
  if (lines.length === 0 || lines.some((l) => l === "")) return "The alias has an empty line: write one command between each ;";
  for (const l of lines) {
    const first = words(l)[0]!.toLowerCase();
    const stray = /\$(0|\d{2,}|[^\d])/.exec(l);
    if (stray) return `"${stray[0]}" is not an argument: use $1 to $9`;
    if (!["buy", "sell", "bo", "co", "amo"].includes(first) && !(first in aliases) && first !== name.toLowerCase()) return `"${first}" is neither buy nor sell nor an alias`;
  }
  const cycle = findCycle(name.toLowerCase(), { ...aliases, [name.toLowerCase()]: body }, [name.toLowerCase()]);
  return cycle ? `The alias calls itself: ${cycle.join(" → ")}` : undefined;
}

function findCycle(name: string, aliases: Aliases, path: string[]): string[] | undefined {
  for (const l of (aliases[name] ?? "").split(";")) {
    const first = words(l)[0]?.toLowerCase() ?? "";
    if (!(first in aliases)) continue;
    if (path.includes(first)) return [...path, first];
    const found = findCycle(first, aliases, [...path, first]);
    if (found) return found;
  }
  return undefined;
}

/** How many arguments a body uses: its highest $n. */
export function aliasArity(body: string): number {
  let n = 0;
  for (const m of body.matchAll(/\$(\d)/g)) n = Math.max(n, Number(m[1]));
  return n;
}

/** True when the line's first word names an alias. */
export function isAliasUse(line: string, aliases: Aliases): boolean {
  const first = words(line)[0]?.toLowerCase();
  return first !== undefined && first in aliases;
}

/** Expands a use of an alias into the order lines it stands for, in order. */
export function expandAlias(line: string, aliases: Aliases): AliasResult<string[]> {
  return expand(line, aliases, []);
}

function expand(line: string, aliases: Aliases, stack: string[]): AliasResult<string[]> {
  const [head, ...args] = words(line);
  const name = head?.toLowerCase() ?? "";
  const body = aliases[name];
  if (body === undefined) return { ok: true, value: [line.trim()] };
  if (stack.includes(name)) return { ok: false, reason: `The alias calls itself: ${[...stack, name].join(" → ")}` };
  if (stack.length >= MAX_ALIAS_DEPTH) return { ok: false, reason: `Aliases nest more than ${MAX_ALIAS_DEPTH} deep: ${[...stack, name].join(" → ")}` };
  const arity = aliasArity(body);
  if (args.length !== arity) {
    const usage = [name, ...Array.from({ length: arity }, (_, i) => `$${i + 1}`)].join(" ");
    return { ok: false, reason: `${name} takes ${arity} argument${arity === 1 ? "" : "s"} (${usage}), not ${args.length}` };
  }
  const out: string[] = [];
  for (const part of body.split(";")) {
    const filled = part.trim().replace(/\$(\d)/g, (_, d: string) => args[Number(d) - 1]!);
    const inner = expand(filled, aliases, [...stack, name]);
    if (!inner.ok) return inner;
    out.push(...inner.value);
    if (out.length > MAX_ALIAS_ORDERS) return { ok: false, reason: `${name} expands to more than ${MAX_ALIAS_ORDERS} orders` };
  }
  return { ok: true, value: out };
}
