import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import type { MarketListName } from "../../core/rules/discover";
import { discover$, listKeyOf, refreshSource, type ListSource } from "../../data/stores/discover";
import { usePane } from "../layout/pane";
import { EmptyState } from "../views/EmptyState";
import { Tabs } from "../views/Tabs";
import { MarketGrid } from "./MarketGrid";
import { KeyHint } from "../views/KeyHint";

/** Membership and order of a list change with the market: refetched this often while the pane is on screen. */
export const LIST_REFRESH_MS = 15_000;

/**
 * A Discover page: its tab bar, the keys it answers to, and the grid of the list its tab shows.
 * `source` is the call that fills the list (`list` names it).
 */
export function MarketPage({ page, testId, source, list, label, empty }: { page: string; testId: string; source: ListSource; list: MarketListName; label: string; empty: string }) {
  const { shown } = usePane();
  const sourceKey = JSON.stringify(source);
  useEffect(() => {
    if (!shown) return;
    void refreshSource(source);
    const t = setInterval(() => void refreshSource(source), LIST_REFRESH_MS);
    return () => clearInterval(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the source's value is what matters
  }, [sourceKey, shown]);
  const listed = useSelector(() => discover$.lists[listKeyOf(list)]!.get());
  return (
    <div className="page mk-page" data-testid={testId}>
      <Tabs page={page} />
      <div className="toolbar muted">
        <span>
          <KeyHint command="discover.sort.next">sort · </KeyHint>
          <KeyHint command="discover.sort.reverse">reverse · </KeyHint>
          <KeyHint command="discover.watchlist.add">add to watchlist</KeyHint>
        </span>
      </div>
      {!listed?.loaded ? (
        <EmptyState title="Loading…" />
      ) : listed.rows.length === 0 ? (
        <EmptyState title={listed.failed ? "The list could not be fetched" : "Nothing in this list now"}>{listed.failed ? "The broker did not answer; the list stays empty until it does." : empty}</EmptyState>
      ) : (
        <MarketGrid rows={listed.rows} list={list} label={label} shown={shown} />
      )}
    </div>
  );
}
