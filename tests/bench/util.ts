/** Small helpers for the benchmarks: they print figures and never assert on time. */
export function stats(samples: number[]): { median: number; p95: number; max: number; mean: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1] ?? 0, mean: s.reduce((x, y) => x + y, 0) / Math.max(1, s.length) };
}

export const fmt = (n: number, digits = 3): string => n.toLocaleString("en-US", { maximumFractionDigits: digits });
