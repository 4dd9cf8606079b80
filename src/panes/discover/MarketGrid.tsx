/* eslint-disable jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus, jsx-a11y/no-noninteractive-tabindex --
   A row's click is the mouse's way to move the cursor; the keyboard's way is the pane's cursor keys
   (the command registry), not a key handler per row. The scrolling body is in the tab order so the
   keyboard reaches it (WCAG 2.1.1; the a11y e2e scan checks it). */
import { useSelector } from "@legendapp/state/react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import { runCommand } from "../../commands/run";
import type { Selection } from "../../commands/types";
import { defaultSortOf, fromWeekHighPercent, fromWeekLowPercent, SORT_COLUMNS, sortMarketRows, type GridSort, type MarketListName, type MarketRow, type SortColumn } from "../../core/rules/discover";
import { keptEnd } from "../../core/rules/fitColumns";
import { gridOfList, type ColumnId } from "../../core/workspace/gridColumns";
import { formatCount, formatPercent, formatPrice } from "../../core/format";
import { mwTopic } from "../../core/topics";
import { discover$ } from "../../data/stores/discover";
import { liveQuote, quoteStore } from "../../feed/session";
import { useFitColumns, type Overflows } from "../layout/fitColumns";
import { FoldSign, useGridColumns, type CellAt, type HeadAt, type ShownGrid } from "../layout/gridColumns";
import { useListCursor } from "../layout/listCursor";
import { usePane, usePaneTopics } from "../layout/pane";
import { FitSymbol } from "../views/FitSymbol";
import { usePriceMark } from "../views/priceStale";
import { ChangeCell, LtpCell, PercentCell } from "../watchlist/cells";
import { WATCH_ROW_PX } from "../watchlist/WatchGrid";

/** The rows are absolutely placed, so the header row (in the flow) says whether the columns fit. */
const headOverflows: Overflows = (grid) => {
  const head = grid.firstElementChild as HTMLElement | null;
  return head !== null && head.scrollWidth > head.clientWidth + 1;
};

/** A row's figures at a ranking. */
interface RankFigures {
  ltp: number;
  chg: number;
  pchg: number;
  volume: number;
  weekHigh: number;
  weekLow: number;
}

/** A market grid's column ids, whichever list it shows (the 52-week lists add theirs). */
type MarketColumn = ColumnId<"market"> | ColumnId<"marketWeekHigh"> | ColumnId<"marketWeekLow">;
type Shown = Array<ShownGrid<"market" | "marketWeekHigh" | "marketWeekLow">["columns"][number] & { id: MarketColumn }>;

/** The columns a trader can sort by click or `o` (core/rules/discover.ts); the others (the day's and the year's extremes) are figures to read. */
const sortOf = (id: MarketColumn): SortColumn | undefined => ((SORT_COLUMNS as readonly string[]).includes(id) ? (id as SortColumn) : undefined);

/** A ranked grid re-ranks on the live figures this often: the rank follows the ticks, and a row moves at most once a second, slow enough to read. */
export const RERANK_MS = 1_000;

/** The figures a sort reads: the feed's once a frame has come, the list's answer before. */
function liveFigures(row: MarketRow): RankFigures {
  const q = quoteStore.quote(row.exchange, row.token);
  const fed = q.LastRate.peek() > 0;
  // The frame's 52-week range once it carries one; the list's before.
  const weekHigh = q.weekHigh.peek() || row.weekHigh;
  const weekLow = q.weekLow.peek() || row.weekLow;
  return fed ? { ltp: q.LastRate.peek(), chg: q.chg.peek(), pchg: q.pchg.peek(), volume: q.volume.peek(), weekHigh, weekLow } : { ltp: row.ltp, chg: row.chg, pchg: row.pchg, volume: row.volume, weekHigh, weekLow };
}

/** A row's name as the grid shows it: a share by its symbol, a contract by its trading symbol (its expiry and FUT). */
const shownSymbol = (r: MarketRow): string => (r.exchange === "NSEEQ" ? r.symbol : r.tradingSymbol);

/** What a market row selects: its instrument, so b/s/d/c/a act on it. */
const selectionOf = (r: MarketRow): Selection => ({ kind: "instrument", exchange: r.exchange, token: r.token, symbol: r.tradingSymbol });
/** A market row's identity: its instrument. */
const rowKey = (r: MarketRow): string => `${r.exchange}:${r.token}`;

/**
 * A sortable live grid of market rows (Invest Equity, ETF, F&O gainers & losers), virtualized like
 * the watchlist: only the rows in view are in the DOM and only their market-watch topics are
 * subscribed, owned by the pane. Each list keeps its own sort (gainers open ranked by gain), and a
 * sorted grid re-ranks on the live figures once a second while on screen: the rank follows the
 * ticks. The cursor holds its row by identity, so a re-rank moves the row, never the selection.
 * The sorted column shows the figures its rows were ranked by, read once for both: a header that
 * says "%Chg ↓" has its figures in that order, changing at the next ranking, while the other
 * columns tick (the figures tick several times a second, faster than a row may move).
 * Its columns are the pane's choice in the column chooser (Alt+C; the 52-week lists have a grid of
 * their own); in a narrow pane only those marked optional fold, and the header's sign says which.
 */
export function MarketGrid({ rows: listed, list, label, shown }: { rows: MarketRow[]; list: MarketListName; label: string; shown: boolean }) {
  const pane = usePane();
  const chosen = useSelector(() => discover$.sorts[pane.id]!.get()?.[list]);
  // One object while the choice stands: a new default each render restarted the ranking's timer and re-ranked on every render.
  const sort = useMemo(() => chosen ?? defaultSortOf(list), [chosen, list]);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!shown || !sort) return;
    const t = setInterval(() => setTick((n) => n + 1), RERANK_MS);
    return () => clearInterval(t);
  }, [shown, sort]);
  // `tick` is read so a re-rank recomputes on the figures now; each row's figures are read once, for its rank and its sorted cell.
  const { rows, ranked } = useMemo(() => {
    const figures = new Map(listed.map((r) => [rowKey(r), liveFigures(r)]));
    return { rows: sort && tick >= 0 ? sortMarketRows(listed, sort, (r) => figures.get(rowKey(r))!) : listed, ranked: figures };
  }, [listed, sort, tick]);
  const rankedBy = sort && sort.column !== "symbol" ? sort.column : undefined;
  const shownGrid = useGridColumns(gridOfList(list));
  const columns = shownGrid.columns as Shown;
  const at = useListCursor({ name: label, rows, keyOf: rowKey, selectionOf, labelOf: (r) => r.tradingSymbol });
  const scroller = useRef<HTMLDivElement>(null);
  const fit = useFitColumns<HTMLDivElement>(headOverflows);
  // The symbol's column is as wide as the list's longest name, header and rows alike, and does not
  // shrink: a name too long for the pane folds the optional columns first (styles.css, .mk-sym), as the watchlist's does.
  const symbolWidth = useMemo(() => ({ "--mk-sym-ch": listed.reduce((n, r) => Math.max(n, shownSymbol(r).length), "Symbol".length) }) as CSSProperties, [listed]);
  const v = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => WATCH_ROW_PX, overscan: 6 });
  const items = v.getVirtualItems();
  const visibleKey = items.map((i) => `${rows[i.index]?.exchange}:${rows[i.index]?.token}`).join(",");
  // The visible rows' keys say everything the topics depend on: recompute only when they change.
  const topics = useMemo(() => items.flatMap((i) => (rows[i.index] ? [mwTopic(rows[i.index]!.exchange, rows[i.index]!.token)] : [])), [visibleKey]); // eslint-disable-line react-hooks/exhaustive-deps
  usePaneTopics("scanners", topics);
  useEffect(() => {
    if (at >= 0) v.scrollToIndex(at, { align: "auto" });
  }, [at, rows.length, v]);

  return (
    <div className="mk-grid fit" role="grid" aria-label={label} aria-rowcount={rows.length} ref={fit} data-testid="market-grid" style={symbolWidth} {...shownGrid.gridAt}>
      <div className="mk-row mk-head" role="row">
        <span role="columnheader" className="num mk-rank" aria-label="Rank">#</span>
        {columns.map((c) => (
          <SortHeader key={c.id} label={c.label} column={sortOf(c.id)} numeric={c.id !== "symbol"} head={c.head} sort={sort} paneId={pane.id} />
        ))}
        <FoldSign as="span" />
      </div>
      {/* The rows scroll here: in the tab order (focusing it focuses the pane, whose keys move the cursor), named for a screen reader. */}
      <div className="mk-scroll" ref={scroller} role="rowgroup" tabIndex={0} aria-label={`${label} rows`}>
        <div style={{ height: v.getTotalSize(), position: "relative" }}>
          {items.map((i) => {
            const r = rows[i.index]!;
            return <MarketGridRow key={`${r.exchange}:${r.token}`} r={r} at={i.index} top={i.start} active={i.index === at} paneId={pane.id} columns={columns} ranked={ranked.get(rowKey(r))!} rankedBy={rankedBy} />;
          })}
        </div>
      </div>
    </div>
  );
}

function SortHeader({ label, column, numeric, head, sort, paneId }: { label: string; column?: SortColumn; numeric: boolean; head: HeadAt; sort: GridSort | undefined; paneId: string }) {
  const sorted = column !== undefined && sort?.column === column;
  return (
    <span
      role="columnheader"
      className={`${numeric ? "num" : ""}${column ? " mk-sortable" : ""}`}
      {...head}
      data-column={column}
      aria-sort={sorted ? (sort.descending ? "descending" : "ascending") : undefined}
      onClick={column ? () => void runCommand("discover.sort.by", { paneId, column }) : undefined}
    >
      {label}
      {sorted ? (sort.descending ? " ↓" : " ↑") : ""}
    </span>
  );
}

/** A row re-renders only when it moves or the cursor comes or goes; its prices are cells of their own. */
const MarketGridRow = memo(function MarketGridRow({ r, at, top, active, paneId, columns, ranked, rankedBy }: { r: MarketRow; at: number; top: number; active: boolean; paneId: string; columns: Shown; ranked: RankFigures; rankedBy?: SortColumn }) {
  return (
    <div
      role="row"
      aria-rowindex={at + 1}
      aria-selected={active}
      className={`mk-row${active ? " row-cursor" : ""}`}
      style={{ transform: `translateY(${top}px)` }}
      data-symbol={r.tradingSymbol}
      // The change at the last ranking (its cells tick on from there until the next, a second later).
      data-pchg={ranked.pchg}
      data-rank={at + 1}
      onClick={() => void runCommand("list.cursor.to", { key: rowKey(r), paneId })}
    >
      <span role="gridcell" className="num mk-rank">{at + 1}</span>
      {columns.map((c) => (
        <MarketCell key={c.id} r={r} column={c.id} at={c.at} ranked={c.id === rankedBy ? ranked : undefined} />
      ))}
    </div>
  );
});

/** One column's cell of a market row; it folds with its header (`at`: its column and fold). `ranked`: the sorted column's, the figures of the last ranking. */
function MarketCell({ r, column, at, ranked }: { r: MarketRow; column: MarketColumn; at: CellAt; ranked?: RankFigures }) {
  const fold = at["data-fold"];
  switch (column) {
    case "symbol":
      return (
        <span role="gridcell" className="mk-sym" title={`${r.companyName} · ${r.formattedInsName}`} style={{ minWidth: `${keptEnd(shownSymbol(r)).keep.length}ch` }} {...at}>
          <FitSymbol symbol={shownSymbol(r)} />
        </span>
      );
    case "ltp":
      return <LtpCell s={r} ranked={ranked} />;
    case "chg":
      return <ChangeCell s={r} fold={fold} ranked={ranked} />;
    case "pchg":
      return <PercentCell s={r} fold={fold} ranked={ranked} />;
    case "fromHigh":
    case "fromLow":
      return <WeekDistanceCell r={r} field={column} fold={fold} ranked={ranked} />;
    case "high":
      return <FigureCell r={r} field="h" fold={fold} />;
    case "low":
      return <FigureCell r={r} field="l" fold={fold} />;
    default:
      return <FigureCell r={r} field={column} fold={fold} ranked={ranked?.volume} />;
  }
}

/** Volume, the day's high or low, or the 52-week high or low, live from the market-watch frame. */
export function FigureCell({ r, field, fold, ranked }: { r: MarketRow; field: "volume" | "h" | "l" | "weekHigh" | "weekLow"; fold?: number; ranked?: number }) {
  const q = liveQuote(r.exchange, r.token);
  const fed = useSelector(() => q.LastRate.get() > 0);
  const live = useSelector(() => q[field].get());
  // A frame may come before the 52-week range does (0): the list's range stands until then.
  const week = field === "weekHigh" || field === "weekLow";
  const value = ranked ?? ((week ? live > 0 : fed) ? live : r[field]);
  const mark = usePriceMark(r.exchange, r.token, r.tradingSymbol);
  return (
    <span role="gridcell" className="wl-cell num" data-fold={fold} data-field={field} data-stale={mark.stale} title={mark.title}>
      {field === "volume" ? formatCount(value) : formatPrice(value, r.exchange)}
    </span>
  );
}

/** How far the live price is from the 52-week high (0 % at it, negative below) or low (positive above), in percent. */
export function WeekDistanceCell({ r, field, fold, ranked }: { r: MarketRow; field: "fromHigh" | "fromLow"; fold?: number; ranked?: RankFigures }) {
  const q = liveQuote(r.exchange, r.token);
  const liveLtp = useSelector(() => q.LastRate.get()) || r.ltp;
  const liveHigh = useSelector(() => q.weekHigh.get()) || r.weekHigh;
  const liveLow = useSelector(() => q.weekLow.get()) || r.weekLow;
  const [ltp, high, low] = ranked ? [ranked.ltp, ranked.weekHigh, ranked.weekLow] : [liveLtp, liveHigh, liveLow];
  const pct = field === "fromHigh" ? fromWeekHighPercent(ltp, high) : fromWeekLowPercent(ltp, low);
  const mark = usePriceMark(r.exchange, r.token, r.tradingSymbol);
  return (
    <span role="gridcell" className="wl-cell num" data-field={field} data-value={pct} data-fold={fold} data-stale={mark.stale} title={mark.title}>
      {pct > 0 ? "+" : ""}
      {formatPercent(pct)}%
    </span>
  );
}
