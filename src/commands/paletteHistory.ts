/**
 * The palette's history of command lines (issue 29: "↑ recalls"), as a shell keeps one: newest
 * last, a line run again moves to the end rather than being kept twice, and only the last
 * PALETTE_HISTORY_MAX are kept.
 */
export const PALETTE_HISTORY_MAX = 50; // a trading day's worth of typed lines; older ones are retyped faster than found

export function remember(history: readonly string[], line: string, max = PALETTE_HISTORY_MAX): string[] {
  const l = line.trim();
  if (!l) return [...history];
  return [...history.filter((h) => h !== l), l].slice(-max);
}

/**
 * One step through the history from `at` (an index into it, or history.length for the line being
 * typed): "older" is ↑, "newer" is ↓. Stops at the oldest; past the newest is the empty line again.
 */
export function step(history: readonly string[], at: number, dir: "older" | "newer"): { at: number; line: string } {
  const next = dir === "older" ? Math.max(0, at - 1) : Math.min(history.length, at + 1);
  return { at: next, line: history[next] ?? "" };
}

/** A saved history is trusted only as a list of strings, cut to the bound. */
export function readHistory(saved: unknown): string[] {
  return Array.isArray(saved) ? saved.filter((x): x is string => typeof x === "string" && x.trim() !== "").slice(-PALETTE_HISTORY_MAX) : [];
}
