import { useSelector } from "@legendapp/state/react";
import { istTime } from "../core/time";
import { onBrokerClock } from "../data/stores/brokerClock";
import { brokerReach$ } from "../data/stores/brokerReach";

/**
 * Across the workspace while the broker does not answer (issue 28): what is on screen is as it
 * was last heard, nothing can be sent, and the app keeps asking, so the banner goes by itself
 * with the first answer (no reload).
 */
export function BrokerDownBanner() {
  const reach = useSelector(() => brokerReach$.get());
  if (reach.state !== "unreachable") return null;
  const since = reach.downSince === undefined ? "" : ` since ${istTime(new Date(onBrokerClock(reach.downSince)).toISOString())} IST`;
  return (
    <div className="broker-down" role="alert" data-testid="broker-down">
      <strong>Broker unreachable{since}.</strong> Prices and books show what was last heard; nothing can be sent until it answers. An order line opens from a contract already looked up, or stays in the palette. Checking every second.
    </div>
  );
}
