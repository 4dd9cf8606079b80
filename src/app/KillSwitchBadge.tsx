import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { formatDateTime } from "../core/format";
import { SEGMENT_NAMES, SEGMENTS } from "../core/rules/killSwitch";
import { refreshRisk, risk$, switchesOn } from "../data/stores/risk";

/**
 * The status bar's kill-switch mark (issue 33): each segment whose switch is on, with when it
 * lifts. The status bar redraws every second, so a switch that lifts goes without a call.
 */
export function KillSwitchBadge() {
  const rows = useSelector(() => risk$.switches.get());
  useEffect(() => {
    if (!risk$.loaded.peek()) void refreshRisk();
  }, []);
  const on = switchesOn(rows);
  if (on.length === 0) return null;
  // Segments that lift together are named together; all four (a tripped loss limit) as "all segments".
  const byEnd = new Map<string, string[]>();
  for (const r of on) byEnd.set(r.until ?? "", [...(byEnd.get(r.until ?? "") ?? []), SEGMENT_NAMES[r.segment]]);
  const text = [...byEnd]
    .map(([until, names]) => `${names.length === SEGMENTS.length ? "all segments" : names.join(", ")} until ${formatDateTime(until).slice(0, 16)}`)
    .join(" · ");
  return (
    <span className="kill-switch-badge" data-testid="kill-switch-badge" title="Kill switch on: new orders of these segments are refused until the time shown (IST, the paper broker's clock)">
      KILL SWITCH {text}
    </span>
  );
}
