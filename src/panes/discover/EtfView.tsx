import { marketListOf } from "../../data/stores/discover";
import { usePaneTabs } from "../layout/pane";
import type { ViewProps } from "../views/types";
import { MarketPage } from "./MarketPage";

/** ETF: the funds of the INDEX BASED, DEBT and POWER groups, one tab each. */
export function EtfView({ page }: ViewProps) {
  const { tab } = usePaneTabs(page);
  const group = marketListOf("etf", tab)!;
  return <MarketPage page={page} testId="etf" source={{ kind: "etf" }} list={group} label={`${group} ETFs`} empty="This group has no funds." />;
}
