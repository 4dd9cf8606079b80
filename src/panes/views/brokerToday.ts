import { useSelector } from "@legendapp/state/react";
import { istDateKey } from "../../core/time";
import { brokerClock$, brokerNow } from "../../data/stores/brokerClock";

/**
 * Today on the broker's clock (India date, "YYYY-MM-DD"), following the clock when its first
 * answer lands: a dialog opened right after sign-in must not keep the device's date, which the
 * broker may already have left (its clock runs on to the next open after the close).
 */
export function useBrokerToday(): string {
  return useSelector(() => {
    brokerClock$.simMs.get();
    return istDateKey(new Date(brokerNow() ?? Date.now()));
  });
}
