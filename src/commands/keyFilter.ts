import { formatKey } from "./keymap";
import type { AnyCommand } from "./types";

/**
 * The filter of `?` and of Settings' key list. One character is a key as it is pressed ("x" finds
 * what x does, not Shift+X; "+" finds what + does); anything longer matches every word against the
 * command's title, group and keywords, or against its keys as written ("ctrl+k", "alt+1").
 */
export function keyFilterMatches(c: Pick<AnyCommand, "id" | "title" | "group" | "keywords">, keys: readonly string[], query: string): boolean {
  const q = query.trim();
  if (!q) return true;
  const written = keys.map(formatKey);
  if (q.length === 1) return written.includes(q);
  const keyText = written.join(" ").toLowerCase();
  const text = [c.title, c.group, ...(c.keywords ?? [])].join(" ").toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .every((w) => text.includes(w) || keyText.includes(w));
}
