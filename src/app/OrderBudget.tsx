import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { budgetLow, formatWait } from "../core/rules/rateLimit";
import { orderBudget$, orderBudgetNow, syncOrderBudget } from "../data/stores/orderBudget";

const UNIT = { s: "s", min: "min", day: "day" } as const;

/**
 * The order rate budget left (issue 19): this second, this minute, today; amber when any window
 * is below 20 %. The status bar redraws every second, so a window refilling shows without a call.
 */
export function OrderBudget() {
  const known = useSelector(() => orderBudget$.known.get());
  const enabled = useSelector(() => orderBudget$.enabled.get());
  useSelector(() => orderBudget$.version.get());
  useEffect(() => {
    if (!orderBudget$.known.peek()) void syncOrderBudget();
  }, []);
  if (!known) return null;
  const budget = orderBudgetNow();
  if (!enabled || !budget) {
    return <span className="order-budget muted" data-testid="order-budget" title="The broker sets no order rate limits">orders: no rate limit</span>;
  }
  const low = budget.some(budgetLow);
  const full = budget.find((b) => b.left === 0);
  return (
    <span
      className="order-budget num"
      data-testid="order-budget"
      data-low={low ? "true" : undefined}
      title={`Orders left before the broker's rate limits (place, modify and cancel each count)${full ? `; next slot in ${formatWait(full.nextSlotMs)}` : ""}`}
    >
      orders left {budget.map((b) => `${b.left}/${UNIT[b.unit]}`).join(" · ")}
    </span>
  );
}
