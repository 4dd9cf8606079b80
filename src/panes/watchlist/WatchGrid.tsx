/* eslint-disable jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus, jsx-a11y/no-noninteractive-tabindex --
   A row's click is the mouse's way to move the cursor; the keyboard's way is the pane's cursor keys
   (the command registry), not a key handler per row. The scrolling body is in the tab order so the
   keyboard reaches it (WCAG 2.1.1; the a11y e2e scan checks it). */
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useMemo, useRef, type CSSProperties } from "react";
import { runCommand } from "../../commands/run";
import type { WatchlistScrip } from "../../data/api/watchlist";
import { instrumentTopics } from "../../core/topics";
import { keptEnd } from "../../core/rules/fitColumns";
import { scripKey } from "../../core/watchlist/view";
import { useFitColumns, type Overflows } from "../layout/fitColumns";
import { FoldSign, useGridColumns, type CellAt, type ShownGrid } from "../layout/gridColumns";
import { usePane, usePaneTopics } from "../layout/pane";
import type { ColumnId } from "../../core/workspace/gridColumns";
import { ChangeCell, FigureCell, LtpCell, PercentCell } from "./cells";
import { FitSymbol } from "../views/FitSymbol";

export const WATCH_ROW_PX = 22;

/**
 * The rows are absolutely placed, so the header row (in the flow) says whether the columns fit.
 * Strictly: the symbol's width is a fraction of a pixel (its longest name in ch), and a pixel of
 * leeway let the fold sign end 1.25 px past the pane at 1280 px, cut.
 */
const headOverflows: Overflows = (grid) => {
  const head = grid.firstElementChild as HTMLElement | null;
  return head !== null && head.scrollWidth > head.clientWidth;
};

/** Derivatives carry open interest on their own topic; an expiry marks a contract. */
const topicsOf = (s: WatchlistScrip) => instrumentTopics(s.exchange, s.token, { isIndex: s.isIndex, isDerivative: s.expiry !== "" });

type Shown = ShownGrid<"watchlist">["columns"];

/**
 * The virtualized watchlist grid. Only the rows in view (plus a few either side) are in the DOM
 * and only they are subscribed ("visible rows only for long lists", issue 4): scrolling changes
 * the market-watch topic set, and the subscription manager subscribes the difference. Its columns
 * are the pane's choice in the column chooser (Alt+C); in a narrow pane only those marked
 * optional fold, and the header's sign says which.
 */
export function WatchGrid({ rows, cursor, label }: { rows: WatchlistScrip[]; cursor: number; label: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const fit = useFitColumns<HTMLDivElement>(headOverflows);
  const shown = useGridColumns("watchlist");
  const columns = shown.columns;
  const v = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => WATCH_ROW_PX, overscan: 6 });
  const items = v.getVirtualItems();
  const visibleKey = items.map((i) => `${rows[i.index]?.exchange}:${rows[i.index]?.token}`).join(",");
  // The symbol column is as wide as the list's longest symbol (in characters of the monospace grid),
  // header and rows alike, so the fit folds optional columns before it cuts a name (styles.css, .wl-sym).
  const symbolWidth = useMemo(() => ({ "--wl-sym-ch": rows.reduce((n, s) => Math.max(n, s.tradingSymbol.length), "Symbol".length) }) as CSSProperties, [rows]);

  // The visible rows' keys say everything the topics depend on: recompute only when they change.
  const topics = useMemo(() => items.flatMap((i) => (rows[i.index] ? topicsOf(rows[i.index]!) : [])), [visibleKey]); // eslint-disable-line react-hooks/exhaustive-deps
  usePaneTopics("marketWatch", topics);
  const paneId = usePane().id;
  useEffect(() => {
    if (cursor >= 0) v.scrollToIndex(cursor, { align: "auto" });
  }, [cursor, rows.length, v]);

  return (
    <div className="wl-grid fit" role="grid" aria-label={label} aria-rowcount={rows.length} ref={fit} style={symbolWidth} {...shown.gridAt}>
      <div className="wl-row wl-head" role="row">
        {columns.map((c) => (
          <span key={c.id} role="columnheader" className={c.id === "symbol" ? "wl-sym" : c.id === "exchange" ? undefined : "num"} {...c.head}>
            {c.label}
          </span>
        ))}
        <FoldSign as="span" />
      </div>
      {/* The rows scroll here: in the tab order (focusing it focuses the pane, whose keys move the cursor), named for a screen reader. */}
      <div className="wl-scroll" ref={scroller} data-testid="wl-scroll" role="rowgroup" tabIndex={0} aria-label={`${label} rows`}>
        <div style={{ height: v.getTotalSize(), position: "relative" }}>
          {items.map((i) => {
            const s = rows[i.index]!;
            return <WatchRow key={`${s.exchange}:${s.token}`} s={s} at={i.index} top={i.start} active={i.index === cursor} paneId={paneId} columns={columns} />;
          })}
        </div>
      </div>
    </div>
  );
}

/** A row re-renders only when it moves or the cursor comes or goes; its prices are cells of their own. */
const WatchRow = memo(function WatchRow({ s, at, top, active, paneId, columns }: { s: WatchlistScrip; at: number; top: number; active: boolean; paneId: string; columns: Shown }) {
  return (
    <div
      role="row"
      aria-rowindex={at + 1}
      aria-selected={active}
      className={`wl-row${active ? " row-cursor" : ""}`}
      style={{ transform: `translateY(${top}px)` }}
      data-symbol={s.tradingSymbol}
      onClick={() => void runCommand("list.cursor.to", { key: scripKey(s), paneId })}
    >
      {columns.map((c) => <Cell key={c.id} s={s} column={c.id} at={c.at} />)}
    </div>
  );
});

/** One column's cell of a row; it folds with its header (`at`: its column and fold). */
function Cell({ s, column, at }: { s: WatchlistScrip; column: ColumnId<"watchlist">; at: CellAt }) {
  switch (column) {
    case "symbol":
      return (
        // Never narrower than the end it keeps (strike and CE/PE) and the gap before the LTP (styles.css): in a pane too narrow for
        // that and the LTP, the name wins. Its title names it whole, as a shortened name no longer shows it, then what it is.
        <span
          role="gridcell"
          className="wl-sym"
          title={[s.tradingSymbol, s.companyName || s.formattedInsName].filter(Boolean).join(" · ")}
          style={{ minWidth: `calc(${keptEnd(s.tradingSymbol).keep.length}ch + 6px)` }}
          {...at}
        >
          <FitSymbol symbol={s.tradingSymbol} />
        </span>
      );
    case "ltp":
      return <LtpCell s={s} />;
    case "exchange":
      return <span role="gridcell" className="muted" {...at}>{s.exchange}</span>;
    case "chg":
      return <ChangeCell s={s} fold={at["data-fold"]} />;
    case "pchg":
      return <PercentCell s={s} fold={at["data-fold"]} />;
    default:
      return <FigureCell s={s} column={column} fold={at["data-fold"]} />;
  }
}
