import { ETF_GROUPS } from "../../core/rules/discover";
import { etfKey } from "../../data/stores/discover";
import { usePaneTabs } from "../layout/pane";
import type { ViewProps } from "../views/types";
import { MarketPage } from "./MarketPage";

/** ETF: the funds of the INDEX BASED, DEBT and POWER groups, one tab each. */
export function EtfView({ page }: ViewProps) {
  const { tab } = usePaneTabs(page);
  const group = ETF_GROUPS[tab] ?? "INDEX BASED";
  return <MarketPage page={page} testId="etf" source={{ kind: "etf" }} listKey={etfKey(group)} label={`${group} ETFs`} empty="This group has no funds." />;
}
