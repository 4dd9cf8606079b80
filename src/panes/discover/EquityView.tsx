import { TAB_SETS } from "../../core/rules/tabs";
import { marketListOf } from "../../data/stores/discover";
import { usePaneTabs } from "../layout/pane";
import type { ViewProps } from "../views/types";
import { MarketPage } from "./MarketPage";

/** Invest Equity: Top Gainers, Top Losers, 52 Week High, 52 Week Low of NSE's cash shares. */
export function EquityView({ page }: ViewProps) {
  const { tab } = usePaneTabs(page);
  const list = marketListOf("equity", tab) as "topGainers" | "topLosers" | "weekHigh" | "weekLow";
  return (
    <MarketPage
      page={page}
      testId="equity"
      source={{ kind: "equity", list }}
      list={list}
      label={TAB_SETS.equity?.[tab] ?? "Top Gainers"}
      empty={list === "weekHigh" || list === "weekLow" ? "No share is within 1 % of its 52-week extreme now." : "No share has moved that way today yet."}
    />
  );
}
