import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { runCommand } from "../../commands/run";
import { onSignal } from "../../core/events";
import { alertOrdersText, alertStatusText, conditionShort, describeCondition } from "../../core/rules/alerts";
import { formatDateTime } from "../../core/format";
import { alerts$, refreshAlerts } from "../../data/stores/alerts";
import { useFitColumns } from "../layout/fitColumns";
import { FoldSign } from "../layout/gridColumns";
import { useListCursor } from "../layout/listCursor";
import { usePane } from "../layout/pane";
import { EmptyState } from "../views/EmptyState";
import { RowButton } from "../views/RowButton";
import type { ViewProps } from "../views/types";
import "./alerts.css";
import { useBrokerToday } from "../views/brokerToday";
import { KeyHint } from "../views/KeyHint";

/**
 * The price alerts: active ones and the last that fired. j/k or the arrows move the row cursor,
 * `m` modifies the active alert under it (alert.modify), Delete cancels it (alert.cancel); the list
 * refreshes when one fires. A fired one's status says when and at what, in IST ("Fired 10:42:07 at
 * ₹1,151.00"): the status column is on screen however narrow the pane.
 */
export function AlertsView(_: ViewProps) {
  const fit = useFitColumns<HTMLTableElement>();
  const list = useSelector(() => alerts$.alerts.get());
  const loaded = useSelector(() => alerts$.alertsLoaded.get());
  useEffect(() => {
    void refreshAlerts();
    return onSignal("alerts.refresh", () => void refreshAlerts());
  }, []);
  const at = useListCursor(
    { name: "Price alerts", rows: list, keyOf: (a) => String(a.alertId), selectionOf: (a) => ({ kind: "alert", alertId: a.alertId, active: a.status === "ACTIVE" }), labelOf: (a) => `${a.tradingSymbol} alert` },
    loaded,
  );
  const paneId = usePane().id;
  // A fired alert's time alone on the day it fired, with its date on a later day: the broker's IST date.
  // (Followed when the broker's first answer lands: before it, the device's date put a date on today's firings.)
  const today = useBrokerToday();

  if (!loaded) return <EmptyState title="Loading alerts…" />;
  if (list.length === 0) {
    return (
      <EmptyState title="No price alerts">
        Type <code>alert INFY above 1500</code> in the palette<KeyHint command="palette.open">{(k) => <> ({k})</>}</KeyHint>, or run “Alert: create a price alert”.
      </EmptyState>
    );
  }
  return (
    <div className="alerts-list">
      <table className="grid fit" aria-label="Price alerts" ref={fit}>
        <thead>
          <tr>
            <th>Instrument</th>
            <th>Alert when</th>
            <th>Status</th>
            <th data-priority="2">Orders</th>
            <th data-priority="4">Created</th>
            {/* The row buttons' column: named in the sign's title when it is hidden. */}
            <th data-priority="2" data-label="Actions" />
            <FoldSign as="th" />
          </tr>
        </thead>
        <tbody>
          {list.map((a, i) => (
            <tr key={a.alertId} aria-selected={i === at} data-alert={a.alertId} onClick={() => void runCommand("list.cursor.to", { key: String(a.alertId), paneId })}>
              <td>
                {a.tradingSymbol} <span className="muted" data-priority="3">{a.exchange}</span>
              </td>
              <td title={describeCondition(a)}>{conditionShort(a)}</td>
              {/* The price that fired it is a market price, written as every price is (it read "₹1116" beside "above ₹1,115"). */}
              <td data-field="status">{alertStatusText(a, today)}</td>
              <td data-priority="2" data-field="orders" title={a.ordersNote || undefined}>
                {alertOrdersText(a)}
              </td>
              <td data-priority="4">{formatDateTime(a.createdAt)}</td>
              <td className="row-targets" data-priority="2">
                {a.status === "ACTIVE" && (
                  <>
                    <RowButton label="Modify alert" call={{ commandId: "alert.modify", args: { alertId: a.alertId } }} />
                    <RowButton label="Cancel alert" call={{ commandId: "alert.cancel", args: { alertId: a.alertId } }} />
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
