import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { runCommand } from "../../commands/run";
import { formatDateTime } from "../../core/format";
import { SEGMENT_NAMES, SEGMENTS } from "../../core/rules/killSwitch";
import { refreshRisk, risk$, switchesOn } from "../../data/stores/risk";

/**
 * Settings › Security: each segment's kill switch (issue 33). "Turn on" opens the confirmation
 * naming the segment; a switch that is on shows when it lifts, and has no "off".
 */
export function KillSwitchSection() {
  const rows = useSelector(() => risk$.switches.get());
  const loaded = useSelector(() => risk$.loaded.get());
  useEffect(() => void refreshRisk(), []);
  const on = new Set(switchesOn(rows).map((r) => r.segment));
  return (
    <section aria-label="Kill switch">
      <h3>Kill switch</h3>
      <p className="muted">Stops trading in a segment: its open orders are cancelled and new orders refused until the cooling-off period has passed. It cannot be turned off early.</p>
      {/* One line per segment that wraps rather than clips in a narrow pane. */}
      <ul className="kill-switch-list" aria-label="Kill switch of each segment">
        {SEGMENTS.map((seg) => {
          const row = rows.find((r) => r.segment === seg);
          const isOn = on.has(seg);
          return (
            <li key={seg} data-testid={`kill-switch-${seg}`} data-on={isOn ? "true" : undefined}>
              <b>{SEGMENT_NAMES[seg]}</b>
              <span className={isOn ? "kill-switch-on" : "muted"}>
                {!loaded ? "Reading…" : isOn ? `On until ${formatDateTime(row?.until ?? undefined)} IST${row?.reason === "loss limit" ? " (loss limit)" : ""}` : "Off"}
              </span>
              <button type="button" className="btn" onClick={() => void runCommand(`risk.killSwitch.${seg}`)}>
                {isOn ? "Lengthen…" : "Turn on…"}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
