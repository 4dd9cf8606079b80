import { useSelector } from "@legendapp/state/react";
import { useEffect, useMemo } from "react";
import { formatDate, groupIndian } from "../../core/format";
import type { DeskBase } from "../../core/strategy/desk";
import { legsKey, type DeskLeg } from "../../core/strategy/legs";
import { scenarioGrid } from "../../core/strategy/scenario";
import { scenarioDates, type DeskWhatIf } from "../../core/strategy/whatIf";
import { marginAskDelay, marginPricesKey } from "../../core/strategy/marginPace";
import { benefitOf, deskMargin$, lastMarginAsk, refreshDeskMargin, type DeskMargin } from "../../data/stores/strategy";
import { staleAttr } from "../views/priceStale";
import { useFitColumns } from "../layout/fitColumns";
import { usePane } from "../layout/pane";
import { scenarioDatePriorities } from "./scenarioFit";
import { KeyHint } from "../views/KeyHint";

/** "checking…", "unavailable" or the amount: what a figure the broker is asked for says on its way. */
export const money = (v: number | null | undefined): string => (v === undefined ? "checking…" : v === null ? "unavailable" : `${v < 0 ? "-" : ""}₹${groupIndian(Math.abs(v), 2)}`);

/**
 * The scenario grid (spot −5 % … +5 % by date, at the IV shift in force): the set's P&L at each
 * spot move on each date to the first expiry; "Strategy: copy the scenario grid as CSV" (y) copies it.
 * Read from the live prices, its P&L dims with them when they are stale (`stale`).
 */
export function ScenarioTable({ base, w, stale }: { base: DeskBase; w: DeskWhatIf; stale: boolean }) {
  const grid = useMemo(() => scenarioGrid(base.legs, base.spot, base.now, scenarioDates(base.now, base.expiry), w.ivShift), [base, w.ivShift]);
  const priority = useMemo(() => scenarioDatePriorities(grid.dates.length), [grid.dates.length]);
  const fit = useFitColumns<HTMLTableElement>();
  return (
    // Fitted to the pane: the dates fold from the middles outward (scenarioFit.ts), today and the
    // expiry stay; the box scrolls sideways only if even those do not fit, the move column in view.
    <div className="strategy-scenario-box">
      <table className="grid strategy-scenario fit" ref={fit} aria-label="Scenario grid" data-testid="scenario-grid">
        <caption>
          P&amp;L by spot move and date<KeyHint command="strategy.scenario.copy">{(k) => <> · {k} copies every date as CSV</>}</KeyHint>
        </caption>
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
              <td className="num" data-priority={2} data-stale={staleAttr(stale)}>
                {groupIndian(r.spot, 0)}
              </td>
              {r.pnl.map((v, i) => (
                <td key={grid.dates[i]} className={`num ${v > 0 ? "up" : v < 0 ? "down" : ""}`} data-priority={priority[i]} data-stale={staleAttr(stale)}>
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

/**
 * The margin of the set (the span call over every leg), the legs' margins alone, the hedge benefit,
 * and the charges. The broker reads them at the legs' last prices, so they are asked again as the
 * prices move, paced as the order window's margin check (core/strategy/marginPace.ts); they are
 * marked stale while they are read again and while a leg's price is stale (`stale`).
 */
export function DeskMarginLine({ legs, ltps, stale }: { legs: readonly DeskLeg[]; ltps: ReadonlyArray<number | undefined>; stale: boolean }) {
  const pane = usePane();
  const prices = marginPricesKey(ltps);
  useEffect(() => {
    const m = deskMargin$[pane.id]!.peek();
    const legsChanged = m?.key !== legsKey(legs);
    if (!legsChanged && m?.prices === prices) return;
    // Each change restarts the wait, as the order window's debounce does; a price re-read keeps its target time (marginPace.ts).
    const t = setTimeout(() => void refreshDeskMargin(pane.id, legs, prices), marginAskDelay({ legsChanged, now: Date.now(), lastAskedAt: lastMarginAsk(pane.id) }));
    return () => clearTimeout(t);
  }, [pane.id, legs, prices]);
  const m: DeskMargin | undefined = useSelector(() => deskMargin$[pane.id]!.get());
  const dim = staleAttr(stale || m?.reading === true);
  return (
    <div className="strategy-margin" data-testid="desk-margin">
      <span>
        Margin of the set{" "}
        <b data-testid="desk-margin-set" data-stale={dim}>
          {money(m?.set)}
        </b>
      </span>
      <span>
        Legs alone <b data-stale={dim}>{money(m?.sum)}</b>
      </span>
      <span title="What the legs need one by one, less what the set needs">
        Hedge benefit{" "}
        <b data-testid="desk-hedge" data-stale={dim}>
          {money(benefitOf(m))}
        </b>
      </span>
      {/* The charges of what Enter would send (a held leg sends nothing): after a set is placed they fall to nothing while the margin keeps the whole set, so the label says whose they are. */}
      <span title="The charges of the orders Enter would place now: a leg already placed (held) sends nothing">
        Charges to place <b data-stale={dim}>{money(m?.charges)}</b>
      </span>
    </div>
  );
}
