import { refreshesAfterUpdate } from "../core/rules/portfolioRefresh";
import { refreshHoldings, refreshLimits, refreshPositions } from "../core/stores/portfolio";
import { onOrderUpdateShown } from "./orderEvents";

/**
 * Positions, holdings and funds follow the order updates the user is shown (trading-core
 * section 4): the rule decides what, this wires it. Returns the unsubscribe.
 */
export function installPortfolioRefresh(currentUrl: () => string): () => void {
  return onOrderUpdateShown((u) => {
    const r = refreshesAfterUpdate(u.orderStatus, currentUrl());
    if (r.positions) void refreshPositions();
    if (r.holdings) void refreshHoldings();
    if (r.limits) void refreshLimits();
  });
}
