import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { drawingSummary } from "../../../core/charts/drawings/summary";
import { TOOL_NAME } from "../../../core/charts/drawings/types";
import type { Exchange } from "../../../core/types/exchange";
import { alerts$, refreshAlerts } from "../../../data/stores/alerts";
import { chartDrawings$, chartKey, loadDrawings } from "../../../data/stores/chartDrawings";

/** What a placing tool's hint says: the keys that finish it. */
const FINISH: Record<string, string> = { hline: "h", trend: "t", rect: "Shift+R", measure: "Shift+M", fib: "f" };

/** What the draw mode waits for while a drawing is placed, over the chart's canvas. */
export function DrawHint({ paneId }: { paneId: string }) {
  const placing = useSelector(() => chartDrawings$.panes[paneId]!.get()?.draw.placing);
  if (!placing) return null;
  return (
    <div className="chart-draw-hint" role="status" data-testid="chart-draw-hint">
      {TOOL_NAME[placing.tool]}: {placing.anchor ? "second point" : "its price"} at the crosshair (← → bars, ↑ ↓ ticks) · {FINISH[placing.tool]} or Enter sets it · Esc abandons
    </div>
  );
}

/**
 * A chart pane's drawings (issue 34): loads them from the broker and, toggled by `l`, lists them
 * beside the chart: ↑/↓ choose, Delete removes, Shift+A makes a horizontal line a price alert (the
 * row then names its alert).
 */
export function DrawingList({ paneId, exchange, token, decimals }: { paneId: string; exchange: Exchange; token: number; decimals: number }) {
  const key = chartKey(exchange, token);
  const list = useSelector(() => chartDrawings$.byChart[key]!.get() ?? []);
  const pane = useSelector(() => chartDrawings$.panes[paneId]!.get());
  const alerts = useSelector(() => alerts$.alerts.get());
  const alertsLoaded = useSelector(() => alerts$.alertsLoaded.get());
  useEffect(() => {
    void loadDrawings(exchange, token);
  }, [exchange, token]);
  const linked = list.some((d) => d.alertId !== null);
  useEffect(() => {
    if (linked && !alertsLoaded) void refreshAlerts();
  }, [linked, alertsLoaded]);
  const open = pane?.listOpen ?? false;
  const cursor = Math.min(pane?.cursor ?? 0, Math.max(0, list.length - 1));

  return (
    <>
      {open && (
        <aside className="chart-drawings" aria-label="Drawings on this chart" data-testid="chart-drawings">
          <div className="chart-drawings-head">
            Drawings <span className="muted">{list.length}</span>
          </div>
          {list.length === 0 ? (
            <p className="muted chart-drawings-empty">None yet: h, t, Shift+R, Shift+M or f draws at the crosshair.</p>
          ) : (
            <ul role="listbox" aria-label="Drawings">
              {list.map((d, i) => {
                const a = d.alertId === null ? undefined : alerts.find((x) => x.alertId === d.alertId);
                return (
                  <li
                    key={d.drawingId}
                    id={`drawing-${paneId}-${i}`}
                    role="option"
                    aria-selected={i === cursor}
                    className={i === cursor ? "on" : ""}
                    data-tool={d.tool}
                  >
                    <span className="tool">{TOOL_NAME[d.tool]}</span>
                    <span className="what">{drawingSummary(d.tool, d.points, decimals)}</span>
                    {d.alertId !== null && (
                      <span className="linked" data-testid="drawing-alert">
                        Alert {a ? `${a.condition === "ABOVE" ? "above" : "below"} \u00b7 ${a.status === "ACTIVE" ? "active" : a.status === "TRIGGERED" ? "fired" : "cancelled"}` : "linked"}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <p className="muted chart-drawings-keys">↑ ↓ choose · Delete removes · Shift+A alert from a line · l closes</p>
        </aside>
      )}
    </>
  );
}
