import { ALL_PRIORITIES } from "../layout/fitColumns";

/**
 * The fit priority of each of the scenario grid's `n` date columns (1 always shown, then hidden
 * from the highest, src/panes/layout/fitColumns.ts): today and the expiry first, as the payoff
 * chart's two lines; then the date halfway between them; then the halves of each half, and so on.
 * A narrow pane keeps the dates spread over the span, not the first few of it.
 */
export function scenarioDatePriorities(n: number): number[] {
  const p = Array.from({ length: n }, () => 1);
  const split = (lo: number, hi: number, level: number) => {
    if (hi - lo < 2) return;
    const mid = Math.round((lo + hi) / 2);
    p[mid] = Math.min(level, ALL_PRIORITIES);
    split(lo, mid, level + 1);
    split(mid, hi, level + 1);
  };
  split(0, n - 1, 2);
  return p;
}
