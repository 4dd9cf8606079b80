import { roundToPaisa } from "../money";
import { pnlAt, type StrategyLeg } from "./payoff";
import { dayClose } from "./whatIf";

/**
 * The what-if grid (issue 31): the set's P&L at spots from −5 % to +5 % of the spot in 1 % steps
 * (rows) on each date from today to the first expiry (columns), at the IV shift in force. Copied
 * as CSV (rupees to the paisa, dates as YYYY-MM-DD, a spot column first).
 */
export interface ScenarioGrid {
  /** YYYY-MM-DD, one per column. */
  dates: string[];
  rows: Array<{ movePercent: number; spot: number; pnl: number[] }>;
}

export const SCENARIO_MOVES = [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5] as const;

/** `dates` are evaluated at 15:30 IST of each day except the first, `now` itself. */
export function scenarioGrid(legs: readonly StrategyLeg[], spot: number, now: Date, dates: readonly string[], ivShift: number): ScenarioGrid {
  const moments = dates.map((d, i) => (i === 0 ? now : dayClose(d)));
  return {
    dates: [...dates],
    rows: SCENARIO_MOVES.map((m) => {
      const s = roundToPaisa(spot * (1 + m / 100));
      return { movePercent: m, spot: s, pnl: moments.map((at) => roundToPaisa(pnlAt(legs, s, { at, ivShift }))) };
    }),
  };
}

/** A figure already rounded to the paisa, written with its two decimals for the spreadsheet. */
const inRupees = (v: number): string => v.toFixed(2);

export function scenarioCsvRows(g: ScenarioGrid): string[][] {
  return [["Move %", "Spot", ...g.dates], ...g.rows.map((r) => [String(r.movePercent), inRupees(r.spot), ...r.pnl.map(inRupees)])];
}
