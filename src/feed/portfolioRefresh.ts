import { onSignal } from "../core/events";
import { limitsRefreshAfterUpdate } from "../core/rules/portfolioRefresh";
import { refreshHoldings, refreshLimits, refreshPositions } from "../core/stores/portfolio";

/**
 * Positions, holdings and funds follow the order-update pipeline's signals (trading-core
 * section 4: "On a complete update, positions refresh"; holdings too on /holdings or /home).
 * A fill moves margin and realised P&L, so the limits follow positions; any update refreshes
 * them while they are on screen. Returns the unsubscribe.
 */
export function installPortfolioRefresh(currentUrl: () => string): () => void {
  const offs = [
    onSignal("positions.refresh", () => {
      void refreshPositions();
      void refreshLimits();
    }),
    onSignal("holdings.refresh", () => void refreshHoldings()),
    onSignal("orders.refresh", () => {
      if (limitsRefreshAfterUpdate(currentUrl())) void refreshLimits();
    }),
  ];
  return () => offs.forEach((off) => off());
}
