import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { runCommand } from "../../commands/run";
import { limits$, refreshLimits } from "../../data/stores/portfolio";
import { usePaneTabs } from "../layout/pane";
import { FUNDS_LIMIT_FIELDS, type FundsLimit, type FundsSegment } from "../../core/types";
import { EmptyState } from "../views/EmptyState";
import { SubTabs, Tabs } from "../views/Tabs";
import type { ViewProps } from "../views/types";
import { useFitColumns } from "../layout/fitColumns";
import { price, signClass } from "./fmt";
import "./funds.css";

/** How each field of trading-core section 3's funds limits reads on screen: a trader's words, never the API's field name. */
const LABELS: Record<(typeof FUNDS_LIMIT_FIELDS)[number], string> = {
  tradingLimit: "Trading limit",
  cashAvailable: "Cash available",
  openingCashLimit: "Opening cash",
  intradayPayin: "Intraday payin",
  intradayPayout: "Intraday payout",
  adhocMargin: "Adhoc margin",
  utilisedTotalMargin: "Utilised margin (total)",
  utilisedSpanMargin: "Utilised SPAN margin",
  utilisedExposureMargin: "Utilised exposure margin",
  utilisedCashMargin: "Utilised cash margin",
  utilisedPremiumMargin: "Utilised premium margin",
  utilisedOtherMargin: "Utilised other margin",
  creditForCashSell: "Credit for cash sell",
  // Positions' realised P&L less today's charges (rules/funds.ts chargesOfFills): the label says so, or a fill's charges read as an unexplained loss.
  realizedMTOM: "Realised MTM (after charges)",
  collateralAvailable: "Collateral available",
  stockCollatateral: "Stock collateral",
  otherCollateral: "Other collateral",
  upfrontSellMargin: "Upfront sell margin",
};

/** What a row's figure is made of, where the label alone cannot say it; shown in the row's title. */
const NOTES: Partial<Record<(typeof FUNDS_LIMIT_FIELDS)[number], string>> = {
  realizedMTOM: "Realised P&L of today's positions less the charges of every fill (brokerage, STT, exchange and SEBI fees, stamp duty, GST)",
};

/** The limits sub-tabs: Equity shows the CASH segment, F&O the FO segment, each beside OVERALL. */
const SEGMENTS_OF_SUBTAB: Array<[FundsSegment, FundsSegment]> = [
  ["CASH", "OVERALL"],
  ["FO", "OVERALL"],
];

/**
 * Funds (/main/funds): tab INR Balance; limits by segment. No holdings feed here (trading-core section 2).
 *
 * A pane too narrow for the field, the segment and OVERALL folds OVERALL, as every grid folds
 * (fitColumns.ts, `data-folds`), never cutting a figure at the pane's edge. The segment stays: the
 * spec's view is "funds limits by segment", its tabs Equity and F&O choose the segment (CASH, FO), and
 * OVERALL is no tab's. Kept in its place, OVERALL made both tabs read the same figures in a narrow
 * pane, so the trader's choice of tab showed nothing. The trading limit and the cash, what a trader
 * opens Funds for, are the same on every segment; what OVERALL adds (the other segment's utilised
 * margin) is in the sign's title and each row's title. Squeezed past that, the fields' words wrap
 * (funds.css) so the segment's figures stay whole.
 */
export function FundsView({ page }: ViewProps) {
  useEffect(() => void refreshLimits(), []);
  const state = useSelector(() => limits$.get());
  const { subTab } = usePaneTabs(page);
  const segments = SEGMENTS_OF_SUBTAB[subTab] ?? SEGMENTS_OF_SUBTAB[0]!;
  const bySegment = new Map(state.rows.map((r) => [r.segment, r]));
  const cols = segments.map((s) => bySegment.get(s));
  const fit = useFitColumns<HTMLTableElement>();
  return (
    <div className="page" data-testid="funds">
      <Tabs page={page} />
      <SubTabs page={page} />
      <div className="toolbar">
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("funds.add")}>Add funds</button>
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("funds.refresh")}>Refresh</button>
      </div>
      {!state.loaded ? (
        <EmptyState title="Loading funds…" />
      ) : state.rows.length === 0 ? (
        <EmptyState title="No funds limits">{state.message}</EmptyState>
      ) : (
        // Keyed by the sub-tab: its columns are another segment's, fitted afresh (the sign names OVERALL when it is folded).
        <table key={subTab} className="grid kv funds-grid fit" aria-label={`Funds limits ${segments.join(" ")}`} ref={fit} data-folds={1} data-no-chooser="">
          <thead>
            <tr>
              {/* The sign sits in the field's head, beside the figures: a head of its own would widen the grid by a column the rows leave empty. */}
              <th>
                Field<span className="fold-sign" data-fold-sign="" />
              </th>
              {segments.map((s) => (
                <th key={s} className="num" {...foldOf(s)} data-label={s}>
                  {s}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {FUNDS_LIMIT_FIELDS.map((f) => (
              <tr key={f} data-field={f} title={`${LABELS[f]}: ${cols.map((c, i) => `${segments[i]} ${c ? price(c[f]) : "—"}`).join(" · ")}${NOTES[f] ? `. ${NOTES[f]}` : ""}`}>
                <td>{LABELS[f]}</td>
                {cols.map((c, i) => (
                  <FundsCell key={segments[i]} limit={c} field={f} at={foldOf(segments[i]!)} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** OVERALL folds (and only it): the sub-tab's own segment never does. */
const foldOf = (segment: FundsSegment): { "data-fold"?: number } => (segment === "OVERALL" ? { "data-fold": 1 } : {});

function FundsCell({ limit, field, at }: { limit: FundsLimit | undefined; field: (typeof FUNDS_LIMIT_FIELDS)[number]; at: { "data-fold"?: number } }) {
  if (!limit) return <td className="num muted" {...at}>—</td>;
  const v = limit[field];
  return (
    <td className={`num ${field === "realizedMTOM" ? signClass(v) : ""}`} data-segment={limit.segment} {...at}>
      {price(v)}
    </td>
  );
}
