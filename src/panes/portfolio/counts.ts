import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { onSignal } from "../../core/events";
import { holdingRows, holdings$, positions$, refreshHoldings, refreshLimits, refreshPositions } from "../../data/stores/portfolio";
import { session$ } from "../../data/stores/session";

/**
 * "Positions (with count), Holdings (with count)" in the header menu: loaded once per sign-in,
 * then kept current by the panes and the order-update refreshes. undefined until loaded.
 */
export function usePortfolioCounts(): { positions: number | undefined; holdings: number | undefined } {
  const token = useSelector(() => session$.accessToken.get());
  // Positions, holdings and funds follow the order updates the user is shown (trading-core section 4).
  useEffect(() => {
    const offs = [
      onSignal("positions.refresh", () => void refreshPositions()),
      onSignal("holdings.refresh", () => void refreshHoldings()),
      onSignal("limits.refresh", () => void refreshLimits()),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  useEffect(() => {
    if (!token) return;
    void refreshPositions();
    void refreshHoldings();
  }, [token]);
  const positions = useSelector(() => (positions$.loaded.get() ? positions$.rows.get().length : undefined));
  const holdings = useSelector(() => (holdings$.loaded.get() ? holdingRows(holdings$.rows.get(), 0).length : undefined));
  return { positions, holdings };
}
