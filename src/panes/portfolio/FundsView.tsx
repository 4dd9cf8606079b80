import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { runCommand } from "../../commands/run";
import { limits$, refreshLimits } from "../../data/stores/portfolio";
import { usePaneTabs } from "../layout/pane";
import { FUNDS_LIMIT_FIELDS, type FundsLimit, type FundsSegment } from "../../core/types";
import { EmptyState } from "../views/EmptyState";
import { SubTabs, Tabs } from "../views/Tabs";
import type { ViewProps } from "../views/types";
import { price, signClass } from "./fmt";

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
  realizedMTOM: "Realised MTM",
  collateralAvailable: "Collateral available",
  stockCollatateral: "Stock collateral",
  otherCollateral: "Other collateral",
  upfrontSellMargin: "Upfront sell margin",
};

/** The limits sub-tabs: Equity shows the CASH segment, F&O the FO segment, each beside OVERALL. */
const SEGMENTS_OF_SUBTAB: Array<[FundsSegment, FundsSegment]> = [
  ["CASH", "OVERALL"],
  ["FO", "OVERALL"],
];

/** Funds (/main/funds): tab INR Balance; limits by segment. No holdings feed here (trading-core section 2). */
export function FundsView({ page }: ViewProps) {
  useEffect(() => void refreshLimits(), []);
  const state = useSelector(() => limits$.get());
  const { subTab } = usePaneTabs(page);
  const segments = SEGMENTS_OF_SUBTAB[subTab] ?? SEGMENTS_OF_SUBTAB[0]!;
  const bySegment = new Map(state.rows.map((r) => [r.segment, r]));
  const cols = segments.map((s) => bySegment.get(s));
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
        <table className="grid kv funds-grid" aria-label={`Funds limits ${segments.join(" ")}`}>
          <thead>
            <tr>
              <th>Field</th>
              {segments.map((s) => (
                <th key={s} className="num">{s}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {FUNDS_LIMIT_FIELDS.map((f) => (
              <tr key={f} data-field={f}>
                <td>{LABELS[f]}</td>
                {cols.map((c, i) => (
                  <FundsCell key={segments[i]} limit={c} field={f} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function FundsCell({ limit, field }: { limit: FundsLimit | undefined; field: (typeof FUNDS_LIMIT_FIELDS)[number] }) {
  if (!limit) return <td className="num muted">—</td>;
  const v = limit[field];
  return <td className={`num ${field === "realizedMTOM" ? signClass(v) : ""}`} data-segment={limit.segment}>{price(v)}</td>;
}
