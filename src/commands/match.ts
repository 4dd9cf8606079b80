import type { AnyCommand } from "./types";

/**
 * The palette's ranking. A trader who types "sign out" means "Sign out", not the command
 * whose id happens to contain those letters: whole-title and word-prefix matches rank first,
 * then substrings, then letters in order (fuzzy), each field weighted title > keywords > group.
 */
interface Prepared {
  text: string;
  words: string[];
}

const WORD = /[^a-z0-9&]+/;

function prepare(text: string): Prepared {
  const t = text.toLowerCase();
  return { text: t, words: t.split(WORD).filter(Boolean) };
}

function score(p: Prepared, q: string, qWords: string[]): number {
  const t = p.text;
  if (t === q) return 1000;
  if (t.startsWith(q)) return 900 - (t.length - q.length) / 100;
  if (qWords.every((qw) => p.words.some((w) => w.startsWith(qw)))) return 800 - p.words.length;
  const at = t.indexOf(q);
  if (at >= 0) return 600 - at;
  // Fuzzy: every query letter in order; fewer gaps score higher.
  let last = -1;
  let gaps = 0;
  for (const ch of q) {
    if (ch === " ") continue;
    const i = t.indexOf(ch, last + 1);
    if (i < 0) return 0;
    if (last >= 0 && i > last + 1) gaps++;
    last = i;
  }
  return last >= 0 ? 300 - gaps * 10 : 0;
}

export function scoreText(text: string, query: string): number {
  const q = query.toLowerCase().trim();
  if (!q) return 1;
  return score(prepare(text), q, q.split(/\s+/));
}

interface PreparedCommand {
  title: Prepared;
  keywords: Prepared[];
  group: Prepared;
  /** Every word of title, keywords and group: words of a query may come from different fields. */
  all: string[];
}

const cache = new WeakMap<AnyCommand, PreparedCommand>();

function prepared(cmd: AnyCommand): PreparedCommand {
  let p = cache.get(cmd);
  if (!p) {
    const title = prepare(cmd.title);
    const keywords = (cmd.keywords ?? []).map(prepare);
    const group = prepare(cmd.group);
    cache.set(cmd, (p = { title, keywords, group, all: [title, ...keywords, group].flatMap((x) => x.words) }));
  }
  return p;
}

/**
 * A command on the row under the cursor ("Exit selected position or holding") ranks just above
 * its sibling for every row ("Exit all positions") when both match alike: the trader who focused
 * a row means that row. Less than one step between match kinds, more than a title's length.
 */
const ON_SELECTED = /\bselected\b/i;
const SELECTED_BONUS = 1;

export function scoreCommand(cmd: AnyCommand, query: string): number {
  // "two-factor" reads as the words "two factor": a title's words are split on hyphens too.
  const q = query.toLowerCase().replace(/-+/g, " ").trim();
  if (!q) return 1;
  const qWords = q.split(/\s+/);
  const p = prepared(cmd);
  let best = score(p.title, q, qWords);
  for (const k of p.keywords) best = Math.max(best, score(k, q, qWords) * 0.8);
  best = Math.max(best, score(p.group, q, qWords) * 0.5);
  // "add funds deposit" = title "Add funds" + keyword "deposit".
  if (best < 700 && qWords.length > 1 && qWords.every((qw) => p.all.some((w) => w.startsWith(qw)))) best = 700;
  return best > 0 && ON_SELECTED.test(cmd.title) ? best + SELECTED_BONUS : best;
}

/** Commands that match, best first; ties keep registry order. An empty query keeps them all. */
export function rankCommands(commands: AnyCommand[], query: string): AnyCommand[] {
  if (!query.trim()) return commands;
  return commands
    .map((c, i) => ({ c, i, s: scoreCommand(c, query) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.c);
}
