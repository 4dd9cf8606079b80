import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { runCommand } from "../../commands/run";
import { formatDate } from "../../core/format";
import { sipEach } from "../../core/rules/sip";
import { alerts$, refreshSips } from "../../data/stores/alerts";
import { useFitColumns } from "../layout/fitColumns";
import { FoldSign } from "../layout/gridColumns";
import { useListCursor } from "../layout/listCursor";
import { usePane } from "../layout/pane";
import { EmptyState } from "../views/EmptyState";
import { RowButton } from "../views/RowButton";
import type { ViewProps } from "../views/types";
import "./alerts.css";
import { KeyHint } from "../views/KeyHint";

const STATUS_LABEL = { ACTIVE: "Active", COMPLETED: "Completed", CANCELLED: "Cancelled" } as const;
const FREQUENCY_LABEL = { DAILY: "Daily", WEEKLY: "Weekly", MONTHLY: "Monthly" } as const;

/** The SIPs: each with its next date and instalments done. Delete cancels the active SIP under the cursor (sip.cancel). */
export function SipsView(_: ViewProps) {
  const fit = useFitColumns<HTMLTableElement>();
  const list = useSelector(() => alerts$.sips.get());
  const loaded = useSelector(() => alerts$.sipsLoaded.get());
  useEffect(() => {
    void refreshSips();
  }, []);
  const at = useListCursor(
    { name: "SIPs", rows: list, keyOf: (s) => String(s.sipId), selectionOf: (s) => ({ kind: "sip", sipId: s.sipId, active: s.status === "ACTIVE" }), labelOf: (s) => `${s.tradingSymbol} SIP` },
    loaded,
  );
  const paneId = usePane().id;

  if (!loaded) return <EmptyState title="Loading SIPs…" />;
  if (list.length === 0) {
    return <EmptyState title="No SIPs">Run “SIP: create a systematic investment plan” from the palette<KeyHint command="palette.open">{(k) => <> ({k})</>}</KeyHint>.</EmptyState>;
  }
  return (
    <div className="sips-list">
      <table className="grid fit" aria-label="SIPs" ref={fit}>
        <thead>
          <tr>
            <th>Instrument</th>
            <th>Each</th>
            <th data-priority="2">Frequency</th>
            {/* Folds before Status does: in a split pane at 1280 the Status column was cut to "Ca". */}
            <th data-priority="2">Next date</th>
            <th className="num">Done</th>
            <th>Status</th>
            <th data-priority="3">Last instalment</th>
            {/* The row buttons' column: named in the sign's title when it is hidden. */}
            <th data-priority="2" data-label="Actions" />
            <FoldSign as="th" />
          </tr>
        </thead>
        <tbody>
          {list.map((s, i) => (
            <tr key={s.sipId} aria-selected={i === at} data-sip={s.sipId} onClick={() => void runCommand("list.cursor.to", { key: String(s.sipId), paneId })}>
              <td>
                {s.tradingSymbol} <span className="muted" data-priority="3">{s.exchange}</span>
              </td>
              <td>{sipEach(s)}</td>
              <td data-priority="2">{FREQUENCY_LABEL[s.frequency]}</td>
              <td data-priority="2">{s.nextDate ? formatDate(s.nextDate) : ""}</td>
              <td className="num">
                {s.done}/{s.count}
              </td>
              {/* "grey: cancelled", as the order book's status colours. */}
              <td className={s.status === "CANCELLED" ? "muted" : undefined}>{STATUS_LABEL[s.status]}</td>
              <td data-priority="3">{s.lastResult}</td>
              <td className="row-targets" data-priority="2">
                {s.status === "ACTIVE" && <RowButton label="Cancel SIP" call={{ commandId: "sip.cancel", args: { sipId: s.sipId } }} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
