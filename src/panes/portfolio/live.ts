import { useSelector } from "@legendapp/state/react";
import { useEffect, useId } from "react";
import { useLocation } from "wouter";
import { holdingsFeedWanted } from "../../core/rules/portfolioRefresh";
import type { Exchange } from "../../core/types";
import { liveQuote, setFeedSource } from "../../feed/session";
import { mwTopic } from "../../core/topics";

/**
 * The one seam between the portfolio panes and the live feed. A cell asks for the last price
 * of one instrument and re-renders alone when it moves; until the first frame arrives the
 * broker's own last price (the row's ltp) is shown.
 */
export function useLtp(exchange: Exchange, token: string | number, fallback: number): number {
  return useSelector(() => {
    const v = liveQuote(exchange, Number(token)).LastRate.get();
    return v > 0 ? v : fallback;
  });
}

/** Last prices of many instruments at once (totals, summaries): one selector, re-run when any moves. */
export function useLtps(rows: ReadonlyArray<{ exchange: Exchange; token: string | number; ltp: number }>): number[] {
  return useSelector(() =>
    rows.map((r) => {
      const v = liveQuote(r.exchange, Number(r.token)).LastRate.get();
      return v > 0 ? v : r.ltp;
    }),
  );
}

type Source = "positions" | "holdings";
/** Several panes may show one source (holdings on /holdings and on home): their sets are united. */
const owners: Record<Source, Map<string, string[]>> = { positions: new Map(), holdings: new Map() };

function publish(source: Source): void {
  setFeedSource(source, [...new Set([...owners[source].values()].flat())]);
}

/**
 * Declares this pane's topics for a source to the subscription manager while it is mounted.
 * "On this route [/funds] the holdings feed subscription is skipped."
 */
export function useFeedSource(source: Source, instruments: ReadonlyArray<{ exchange: Exchange; token: string | number }>): void {
  const owner = useId();
  const [path] = useLocation();
  const wanted = source !== "holdings" || holdingsFeedWanted(path);
  const topics = wanted ? [...new Set(instruments.map((i) => mwTopic(i.exchange, Number(i.token))))].sort() : [];
  const key = topics.join("|");
  useEffect(() => {
    owners[source].set(owner, key ? key.split("|") : []);
    publish(source);
    return () => {
      owners[source].delete(owner);
      publish(source);
    };
  }, [source, owner, key]);
}
