/**
 * The order latency log's figures (issues 19, 29): percentiles by the nearest-rank
 * method (the p-th percentile of n sorted values is the value at rank ceil(p/100 x n)), so every
 * figure shown is one that was measured.
 */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/** "84 ms", "1.24 s": a duration a trader reads. */
export function formatLatency(ms: number | undefined): string {
  if (ms === undefined) return "–";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
