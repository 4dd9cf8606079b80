import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { formatDateTime } from "../core/format";
import { SEGMENT_NAMES } from "../core/rules/killSwitch";
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
  const text = on.map((r) => `${SEGMENT_NAMES[r.segment]} until ${formatDateTime(r.until ?? undefined).slice(0, 16)}`).join(" · ");
  return (
    <span className="kill-switch-badge" data-testid="kill-switch-badge" title="Kill switch on: new orders of these segments are refused until the time shown (IST, the paper broker's clock)">
      KILL SWITCH {text}
    </span>
  );
}
