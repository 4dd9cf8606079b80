import type { Command } from "./types";

/**
 * The palette's ranking. A trader who types "sign out" means "Sign out", not the command
 * whose id happens to contain those letters: whole-title and word-prefix matches rank first,
 * then substrings, then letters in order (fuzzy), each field weighted title > keywords > group.
 */
export function scoreText(text: string, query: string): number {
  const t = text.toLowerCase();
  const q = query.toLowerCase().trim();
  if (!q) return 1;
  if (t === q) return 1000;
  if (t.startsWith(q)) return 900 - (t.length - q.length) / 100;
  const words = t.split(/[^a-z0-9&]+/).filter(Boolean);
  const qWords = q.split(/\s+/).filter(Boolean);
  if (qWords.every((qw) => words.some((w) => w.startsWith(qw)))) return 800 - words.length;
  if (t.includes(q)) return 600 - t.indexOf(q);
  // Fuzzy: every query letter in order; fewer gaps score higher.
  let i = 0;
  let gaps = 0;
  let last = -1;
  for (const ch of q.replace(/\s+/g, "")) {
    const at = t.indexOf(ch, last + 1);
    if (at < 0) return 0;
    if (last >= 0 && at > last + 1) gaps++;
    last = at;
    i++;
  }
  return i > 0 ? 300 - gaps * 10 : 0;
}

export function scoreCommand(cmd: Command, query: string): number {
  const title = scoreText(cmd.title, query);
  const keywords = Math.max(0, ...(cmd.keywords ?? []).map((k) => scoreText(k, query) * 0.8));
  const group = scoreText(cmd.group, query) * 0.5;
  return Math.max(title, keywords, group);
}

/** Commands that match, best first; ties keep registry order. An empty query keeps them all. */
export function rankCommands(commands: Command[], query: string): Command[] {
  if (!query.trim()) return commands;
  return commands
    .map((c, i) => ({ c, i, s: scoreCommand(c, query) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.c);
}
