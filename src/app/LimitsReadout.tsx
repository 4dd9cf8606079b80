import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { groupIndian } from "../core/format";
import { refreshLimits, risk$ } from "../data/stores/risk";

/** The status bar re-reads the limits this often while any is set: the day's loss moves with the ticks. */
const REFRESH_MS = 5000;

/**
 * The status bar's loss-limit readout (issue 33): what is left of each limit set today, red once
 * one has tripped. Nothing while no limit is set.
 */
export function LimitsReadout() {
  const limits = useSelector(() => risk$.limits.get());
  const set = limits?.headroom.filter((h) => h.limit > 0) ?? [];
  const any = set.length > 0;
  useEffect(() => {
    if (risk$.limits.peek() === undefined) void refreshLimits();
    if (!any) return;
    const t = setInterval(() => void refreshLimits(), REFRESH_MS);
    return () => clearInterval(t);
  }, [any]);
  if (!limits || !any) return null;
  if (limits.tripped) {
    return (
      <span className="kill-switch-badge" data-testid="limits-readout" data-tripped="true" title={limits.trippedText}>
        LOSS LIMIT TRIPPED
      </span>
    );
  }
  const words = { loss: "loss", orders: "orders", positionValue: "value" } as const;
  return (
    <span className="num" data-testid="limits-readout" title="Left before each daily limit trips (Loss limits in the palette)">
      limits left {set.map((h) => `${words[h.name]} ${h.name === "orders" ? h.left : `₹${groupIndian(h.left, 0)}`}`).join(" · ")}
    </span>
  );
}
