import { useSelector } from "@legendapp/state/react";
import { useEffect, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import { instrumentSelection, liveValues } from "../../commands/defs/watchlist";
import { useListCursor } from "../layout/listCursor";
import { runCommand } from "../../commands/run";
import { usePane, usePaneTabs } from "../layout/pane";
import { loadWatchlists, rowsOf, shownKey, sortPane, watchlists$ } from "../../data/stores/watchlist";
import { WATCHLIST_MAX_SCRIPS } from "../../core/watchlist/ecmw";
import { scripKey, WATCHLIST_TAB } from "../../core/watchlist/view";
import { listsOfTab, shownListOf } from "../../core/watchlist/lists";
import { readPaneWatch } from "../../core/watchlist/paneWatch";
import { EmptyState } from "../views/EmptyState";
import { Tabs } from "../views/Tabs";
import type { ViewProps } from "../views/types";
import { MiniChart } from "../chart/lazy";
import { WatchGrid } from "./WatchGrid";
import { KeyHint } from "../views/KeyHint";

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

/** The sort buttons, in the toolbar's order: the spec's A-Z, (%), LTP, Exc, then Volume and OI. */
const SORT_BUTTONS = [
  ["alpha", "A-Z", "watchlist.sort.alpha"],
  ["percent", "(%)", "watchlist.sort.percent"],
  ["ltp", "LTP", "watchlist.sort.ltp"],
  ["exchange", "Exc", "watchlist.sort.exchange"],
  ["volume", "Vol", "watchlist.sort.volume"],
  ["oi", "OI", "watchlist.sort.oi"],
] as const;

const LIST_COMMANDS = [
  "watchlist.list.1", "watchlist.list.2", "watchlist.list.3", "watchlist.list.4", "watchlist.list.5",
  "watchlist.list.6", "watchlist.list.7", "watchlist.list.8", "watchlist.list.9",
] as const;

/** A live re-sort's beat: often enough to follow the movers, seldom enough that a row can be read and acted on before it moves. */
const LIVE_RESORT_MS = 1000;

function WatchlistScreen({ full }: ViewProps & { full: boolean }) {
  useEffect(() => {
    void loadWatchlists();
  }, []);
  const pane = usePane();
  const state = useSelector(() => watchlists$.get());
  const watch = useMemo(() => readPaneWatch(pane.state.watch), [pane.state.watch]);
  // The full-screen watchlist shares the watchlist page's tab.
  const { tab } = usePaneTabs("watchlist");
  const list = shownListOf(state.lists, tab, watch.lists[String(tab)]);
  const rows = rowsOf(list, state, pane.id);
  // Each list keeps its own cursor: back on list 1 the cursor is on the row it was left on there.
  const at = useListCursor({ name: list?.mwName ?? "the watchlist", id: list ? `watchlist ${list.mwId}` : undefined, rows, keyOf: scripKey, selectionOf: instrumentSelection, labelOf: (r) => r.tradingSymbol });
  const current = at >= 0 ? rows[at] : undefined;
  const tabLists = listsOfTab(state.lists, tab);

  // Each tab is labelled with the list it shows, so a renamed list renames its tab.
  const shownOn = [WATCHLIST_TAB.user, WATCHLIST_TAB.predefined].map((t) => shownListOf(state.lists, t, watch.lists[String(t)]));
  const editable = list?.isEdit === true;
  const sorted = watch.sort.key !== "custom";
  const fixed = list !== undefined && state.shown[shownKey(pane.id, list.mwId)] !== undefined;

  // The pane's saved sort orders a list it shows with no order fixed yet (after a reload, or a list switched to).
  const mwId = list?.mwId;
  useEffect(() => {
    const l = watchlists$.lists.peek().find((x) => x.mwId === mwId);
    if (l && sorted && !fixed) sortPane(pane.id, l, watch.sort, liveValues);
  }, [pane.id, mwId, sorted, fixed, watch.sort]);

  // Live re-sort: the order is taken again at each beat; the cursor stays on its instrument (rowCursor.ts).
  const live = watch.live && sorted && pane.shown;
  useEffect(() => {
    if (!live || mwId === undefined) return undefined;
    const beat = setInterval(() => {
      const l = watchlists$.lists.peek().find((x) => x.mwId === mwId);
      if (l) sortPane(pane.id, l, watch.sort, liveValues);
    }, LIVE_RESORT_MS);
    return () => clearInterval(beat);
  }, [live, pane.id, mwId, watch.sort]);

  return (
    <div className={`page wl-page${full ? " wl-full" : ""}`} data-testid={full ? "fullwl" : "watchlist"}>
      <Tabs page="watchlist" counts={shownOn.map((l) => l && rowsOf(l, state, pane.id).length)} labels={shownOn.map((l) => l?.mwName)} />
      <div className="toolbar">
        <div className="wl-lists" role="group" aria-label="Lists (number keys)">
          {tabLists.slice(0, LIST_COMMANDS.length).map((l, i) => (
            <button
              key={l.mwId}
              type="button"
              tabIndex={-1}
              className={`btn btn-small${l.mwId === list?.mwId ? " btn-primary" : ""}`}
              aria-pressed={l.mwId === list?.mwId}
              title={`${l.mwName} (${i + 1})`}
              onClick={() => void runCommand(LIST_COMMANDS[i]!)}
            >
              {i + 1}
            </button>
          ))}
        </div>
        <span className="wl-name" data-testid="wl-name">{list?.mwName ?? ""}</span>
        {editable && <span className="muted">{rows.length}/{WATCHLIST_MAX_SCRIPS}</span>}
        <span className="spacer" />
        {SORT_BUTTONS.map(([key, label, id]) => (
          <button key={key} type="button" tabIndex={-1} className={`btn btn-small${watch.sort.key === key ? " btn-primary" : ""}`} aria-pressed={watch.sort.key === key} onClick={() => void runCommand(id)}>
            {label}
            {watch.sort.key === key ? (watch.sort.descending ? " ↓" : " ↑") : ""}
          </button>
        ))}
        <button type="button" tabIndex={-1} className={`btn btn-small${watch.live ? " btn-primary" : ""}`} aria-pressed={watch.live} title="Re-sort as prices tick" onClick={() => void runCommand("watchlist.sort.live")}>
          Live
        </button>
        {editable && (
          <>
            <button type="button" tabIndex={-1} className="btn btn-small" disabled={!fixed} onClick={() => void runCommand("watchlist.order.save")}>Save order</button>
            <button type="button" tabIndex={-1} className="btn btn-small" onClick={() => void runCommand("watchlist.remove")}>Remove <KeyHint command="watchlist.remove" /></button>
            <button type="button" tabIndex={-1} className="btn btn-small" onClick={() => void runCommand("watchlist.rename")}>Rename</button>
          </>
        )}
        {full && <span className="muted"><KeyHint command="watchlist.fullscreen.leave" /> leaves full screen</span>}
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
