import { useSelector } from "@legendapp/state/react";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { instrumentSelection } from "../../commands/defs/watchlist";
import { useListCursor } from "../layout/listCursor";
import { runCommand } from "../../commands/run";
import { usePaneTabs } from "../layout/pane";
import { loadWatchlists, rowsOf, watchlists$ } from "../../data/stores/watchlist";
import { WATCHLIST_MAX_SCRIPS } from "../../core/watchlist/ecmw";
import { listForTab, scripKey, WATCHLIST_TAB } from "../../core/watchlist/view";
import { EmptyState } from "../views/EmptyState";
import { Tabs } from "../views/Tabs";
import type { ViewProps } from "../views/types";
import { MiniChart } from "../chart/lazy";
import { WatchGrid } from "./WatchGrid";

/** The watchlist page: tabs Watchlist and Predefined List, sort buttons, the live grid. */
export function WatchlistView(props: ViewProps) {
  return <WatchlistScreen {...props} full={false} />;
}

/** /fullwl: the same grid full screen, with a mini chart of the row under the cursor. */
export function FullWatchlistView(props: ViewProps) {
  const box = useTilingBox();
  // Full screen means over every pane, between the header and the status bar; the pane keeps
  // focus, so the keys and commands are the watchlist's.
  return createPortal(
    <div className="wl-full-layer" style={box}>
      <WatchlistScreen {...props} full />
    </div>,
    document.body,
  );
}

/** The area between the app header and the status bar, followed on resize. */
function useTilingBox(): { top: number; bottom: number } {
  const measure = () => ({
    top: document.querySelector(".app-header")?.getBoundingClientRect().bottom ?? 0,
    bottom: window.innerHeight - (document.querySelector(".status-bar")?.getBoundingClientRect().top ?? window.innerHeight),
  });
  const [box, setBox] = useState(measure);
  useEffect(() => {
    const update = () => setBox(measure());
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return box;
}

const SORTS = [
  ["alpha", "A-Z"],
  ["percent", "(%)"],
  ["ltp", "LTP"],
  ["exchange", "Exc"],
] as const;

function WatchlistScreen({ full }: ViewProps & { full: boolean }) {
  useEffect(() => {
    void loadWatchlists();
  }, []);
  const state = useSelector(() => watchlists$.get());
  // The full-screen watchlist shares the watchlist page's tab.
  const { tab } = usePaneTabs("watchlist");
  const list = listForTab(state.lists, tab);
  const rows = rowsOf(list, state.shown);
  const at = useListCursor({ name: list?.mwName ?? "the watchlist", rows, keyOf: scripKey, selectionOf: instrumentSelection, labelOf: (r) => r.tradingSymbol });
  const current = at >= 0 ? rows[at] : undefined;

  const counts = [listForTab(state.lists, WATCHLIST_TAB.user)?.scrips.length, listForTab(state.lists, WATCHLIST_TAB.predefined)?.scrips.length];
  const editable = list?.isEdit === true;
  const sorted = state.shown[String(list?.mwId)] !== undefined;
  return (
    <div className={`page wl-page${full ? " wl-full" : ""}`} data-testid={full ? "fullwl" : "watchlist"}>
      <Tabs page="watchlist" counts={counts} />
      <div className="toolbar">
        <span className="wl-name" data-testid="wl-name">{list?.mwName ?? ""}</span>
        {editable && <span className="muted">{rows.length}/{WATCHLIST_MAX_SCRIPS}</span>}
        <span className="spacer" />
        {SORTS.map(([key, label]) => (
          <button key={key} type="button" tabIndex={-1} className={`btn btn-small${state.sort.key === key && sorted ? " btn-primary" : ""}`} onClick={() => void runCommand(`watchlist.sort.${key}`)}>
            {label}
            {state.sort.key === key && sorted ? (state.sort.descending ? " ↓" : " ↑") : ""}
          </button>
        ))}
        {editable && (
          <>
            <button type="button" tabIndex={-1} className="btn btn-small" disabled={!sorted} onClick={() => void runCommand("watchlist.order.save")}>Save order</button>
            <button type="button" tabIndex={-1} className="btn btn-small" onClick={() => void runCommand("watchlist.remove")}>Remove <kbd>-</kbd></button>
            <button type="button" tabIndex={-1} className="btn btn-small" onClick={() => void runCommand("watchlist.rename")}>Rename</button>
          </>
        )}
      </div>
      {!state.loaded ? (
        <EmptyState title="Loading watchlists…" />
      ) : rows.length === 0 ? (
        <EmptyState title="This watchlist is empty">Press / to find an instrument, then + (or the palette's “Add to watchlist”) to add it.</EmptyState>
      ) : (
        <div className="wl-body">
          <WatchGrid rows={rows} cursor={at} label={list?.mwName ?? "Watchlist"} />
          {full && current && <MiniChart exchange={current.exchange} token={current.token} symbol={current.tradingSymbol} />}
        </div>
      )}
    </div>
  );
}
