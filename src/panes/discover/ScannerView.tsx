import { usePaneTabs } from "../layout/pane";
import type { ViewProps } from "../views/types";
import { MarketPage } from "./MarketPage";

/**
 * F&O gainers and losers (the scanner call, access-and-surroundings section 7): its own pane-only
 * view, since the spec fixes Invest Equity's four tabs; tabs Gainers and Losers.
 */
export function ScannerView({ page }: ViewProps) {
  const { tab } = usePaneTabs(page);
  return (
    <MarketPage
      page={page}
      testId="scanner"
      source={{ kind: "scanner" }}
      list={tab === 1 ? "Looser" : "Gainer"}
      label={tab === 1 ? "F&O Losers" : "F&O Gainers"}
      empty={tab === 1 ? "No near-month future is down today." : "No near-month future is up today."}
    />
  );
}
