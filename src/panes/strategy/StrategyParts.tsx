import { useSelector } from "@legendapp/state/react";
import { useEffect, useMemo } from "react";
import { formatDate, groupIndian } from "../../core/format";
import type { DeskBase } from "../../core/strategy/desk";
import type { DeskLeg } from "../../core/strategy/legs";
import { scenarioGrid } from "../../core/strategy/scenario";
import { scenarioDates, type DeskWhatIf } from "../../core/strategy/whatIf";
import { benefitOf, deskMargin$, refreshDeskMargin, type DeskMargin } from "../../data/stores/strategy";
import { useFitColumns } from "../layout/fitColumns";
import { usePane } from "../layout/pane";
import { scenarioDatePriorities } from "./scenarioFit";

/** "checking…", "unavailable" or the amount: what a figure the broker is asked for says on its way. */
export const money = (v: number | null | undefined): string => (v === undefined ? "checking…" : v === null ? "unavailable" : `${v < 0 ? "-" : ""}₹${groupIndian(Math.abs(v), 2)}`);

/**
 * The scenario grid (spot −5 % … +5 % by date, at the IV shift in force): the set's P&L at each
 * spot move on each date to the first expiry; "Strategy: copy the scenario grid as CSV" (y) copies it.
 */
export function ScenarioTable({ base, w }: { base: DeskBase; w: DeskWhatIf }) {
  const grid = useMemo(() => scenarioGrid(base.legs, base.spot, base.now, scenarioDates(base.now, base.expiry), w.ivShift), [base, w.ivShift]);
  const priority = useMemo(() => scenarioDatePriorities(grid.dates.length), [grid.dates.length]);
  const fit = useFitColumns<HTMLTableElement>();
  return (
    // Fitted to the pane: the dates fold from the middles outward (scenarioFit.ts), today and the
    // expiry stay; the box scrolls sideways only if even those do not fit, the move column in view.
    <div className="strategy-scenario-box">
      <table className="grid strategy-scenario fit" ref={fit} aria-label="Scenario grid" data-testid="scenario-grid">
        <caption>P&amp;L by spot move and date (y copies every date as CSV)</caption>
        <thead>
          <tr>
            <th className="num" data-priority={1}>
              Move
            </th>
            <th className="num" data-priority={2}>
              Spot
            </th>
            {grid.dates.map((d, i) => (
              <th key={d} className="num" data-priority={priority[i]} data-date={d}>
                {formatDate(d).slice(0, 5)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((r) => (
            <tr key={r.movePercent} className={r.movePercent === 0 ? "scenario-now" : undefined}>
              <td className="num" data-priority={1}>{`${r.movePercent > 0 ? "+" : ""}${r.movePercent} %`}</td>
              <td className="num" data-priority={2}>
                {groupIndian(r.spot, 0)}
              </td>
              {r.pnl.map((v, i) => (
                <td key={grid.dates[i]} className={`num ${v > 0 ? "up" : v < 0 ? "down" : ""}`} data-priority={priority[i]}>
                  {groupIndian(v, 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The margin of the set (the span call over every leg), the legs' margins alone, the hedge benefit, and the charges. */
export function DeskMarginLine({ legs }: { legs: readonly DeskLeg[] }) {
  const pane = usePane();
  useEffect(() => {
    void refreshDeskMargin(pane.id, legs);
  }, [pane.id, legs]);
  const m: DeskMargin | undefined = useSelector(() => deskMargin$[pane.id]!.get());
  return (
    <div className="strategy-margin" data-testid="desk-margin">
      <span>
        Margin of the set <b data-testid="desk-margin-set">{money(m?.set)}</b>
      </span>
      <span>
        Legs alone <b>{money(m?.sum)}</b>
      </span>
      <span title="What the legs need one by one, less what the set needs">
        Hedge benefit <b data-testid="desk-hedge">{money(benefitOf(m))}</b>
      </span>
      <span>
        Charges <b>{money(m?.charges)}</b>
      </span>
    </div>
  );
}
