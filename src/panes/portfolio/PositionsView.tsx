import { useSelector } from "@legendapp/state/react";
import { useFitColumns } from "../layout/fitColumns";
import { Fragment, useEffect } from "react";
import { productLabel } from "../../core/format";
import { GridCellsOf, GridHead, useGridColumns, type CellAt, type GridCells, type ShownGrid } from "../layout/gridColumns";
import { runCommand } from "../../commands/run";
import { POSITION_TABS, holdingSaleNote, positionTotals, positionsForTab, soldFromHoldings, withLtp } from "../../core/rules/positions";
import { positionRows, positions$, refreshPositions } from "../../data/stores/portfolio";
import { useListCursor } from "../layout/listCursor";
import { usePane, usePaneTabs } from "../layout/pane";
import type { Position } from "../../core/types";
import { EmptyState } from "../views/EmptyState";
import { FitSymbol } from "../views/FitSymbol";
import "./positions.css";
import { Tabs } from "../views/Tabs";
import type { ViewProps } from "../views/types";
import { price, signClass } from "./fmt";
import { useTotalStale, useFeedSource, useLtps } from "./live";
import { staleAttr } from "../views/priceStale";
import { DayPnlCell, LtpCell, PnlCell, UnrealisedCell } from "./PositionCells";
import { positionLabel, positionSelection } from "./selection";
import { positionKey } from "../../core/rules/positionKey";
import { useTotalsClear } from "../layout/totalsClear";
import { KeyHint } from "../views/KeyHint";

/** Positions (/main/position): tabs All, Equity, F&O, Commodity; open first, closed after; live P&L. */
export function PositionsView({ page }: ViewProps) {
  const fit = useFitColumns<HTMLTableElement>();
  const shown = useGridColumns("positions");
  useEffect(() => void refreshPositions(), []);
  const state = useSelector(() => positions$.get());
  const { tab } = usePaneTabs(page);
  const rows = positionRows(state.rows, tab);
  const tabTitle = POSITION_TABS[tab]?.title ?? "All";
  const at = useListCursor(
    { name: tabTitle === "All" ? "Positions" : `${tabTitle} positions`, rows, keyOf: positionKey, selectionOf: positionSelection, labelOf: positionLabel },
    state.loaded,
  );
  useFeedSource("positions", state.rows);
  const paneId = usePane().id;

  const counts = POSITION_TABS.map((t) => positionsForTab(state.rows, t.codes).length);
  return (
    <div className="page" data-testid="positions">
      <Tabs page={page} counts={counts} />
      <div className="toolbar">
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("portfolio.exit")}>Exit <KeyHint command="portfolio.exit" /></button>
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("position.convert")}>Convert</button>
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("position.info")}>Info <KeyHint command="position.info" /></button>
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("position.exitAll")}>Exit all</button>
      </div>
      {!state.loaded ? (
        <EmptyState title="Loading positions…" />
      ) : rows.length === 0 ? (
        <EmptyState title={state.errorStatus === "EC920" || state.rows.length === 0 ? "No positions" : "No positions in this segment"}>
          {state.errorStatus === "EC920" ? state.message : "Positions appear here when an order fills."}
        </EmptyState>
      ) : (
        <table className="grid fit positions-grid" aria-label="Positions" ref={fit} {...shown.gridAt}>
          <GridHead shown={shown} cells={POSITION_CELLS} />
          <tbody>
            {rows.map((p, i) => (
              <PositionRow key={positionKey(p)} p={p} shown={shown} active={i === at} onPick={() => void runCommand("list.cursor.to", { key: positionKey(p), paneId })} />
            ))}
          </tbody>
          <Totals rows={rows} shown={shown} />
        </table>
      )}
    </div>
  );
}

/** Positions' cells by column (GRID_COLUMNS.positions); the live ones observe their own instrument's price. */
const POSITION_CELLS: GridCells<"positions", Position> = {
  instrument: {
    cell: (p, at) => (
      <td {...at}>
        <FitSymbol symbol={p.tradingSymbol} />
        {(p.type === "BO" || p.type === "CO") && <span className="badge">{p.type}</span>}
        <HoldingSaleNote p={p} />
        {/* Shown only when the grid is squeezed past every fold: the Product column then moves under the name (positions.css). */}
        <span className="pos-product muted" data-product-in-name="">{productLabel(p.product)}</span>
      </td>
    ),
  },
  exchange: { cell: (p, at) => <td className="muted" {...at}>{p.exchange}</td> },
  product: { cell: (p, at) => <td {...at}>{productLabel(p.product)}</td> },
  // Shares sold out of the holdings are not a short to exit (rules/positions.ts soldFromHoldings): not in a short's red, and the title says what they are.
  netQty: {
    num: true,
    cell: (p, at) => {
      const sold = soldFromHoldings(p);
      return sold > 0 ? (
        <td className="num muted" data-field="netQuantity" data-sold-from-holdings={sold} title={holdingSaleNote(p)?.title} {...at}>{p.netQuantity}</td>
      ) : (
        <td className={`num ${signClass(p.netQuantity)}`} data-field="netQuantity" {...at}>{p.netQuantity}</td>
      );
    },
  },
  buyAvg: { num: true, cell: (p, at) => <td className="num" data-field="buyPrice" {...at}>{price(p.buyPrice, p.exchange)}</td> },
  sellAvg: { num: true, cell: (p, at) => <td className="num" data-field="sellPrice" {...at}>{price(p.sellPrice, p.exchange)}</td> },
  dayBuy: { num: true, cell: (p, at) => <td className="num" {...at}>{price(p.dayBuyPrice, p.exchange)}</td> },
  daySell: { num: true, cell: (p, at) => <td className="num" {...at}>{price(p.daySellPrice, p.exchange)}</td> },
  prevClose: { num: true, cell: (p, at) => <td className="num" {...at}>{price(p.previousDayClose, p.exchange)}</td> },
  ltp: { num: true, cell: (p, at) => <LtpCell p={p} at={at} /> },
  realised: { num: true, cell: (p, at) => <td className={`num ${signClass(p.realizedPnl)}`} {...at}>{price(p.realizedPnl)}</td> },
  unrealised: { num: true, cell: (p, at) => <UnrealisedCell p={p} at={at} /> },
  pnl: { num: true, cell: (p, at) => <PnlCell p={p} at={at} /> },
  dayPnl: { num: true, cell: (p, at) => <DayPnlCell p={p} at={at} /> },
};

/** A sale out of the holdings, said in its row under the name (rules/positions.ts holdingSaleNote): "-60" alone read as an open short. */
function HoldingSaleNote({ p }: { p: Position }) {
  const note = holdingSaleNote(p);
  return note ? <span className="pos-sold muted" data-sold-note="" title={note.title}>{note.label}</span> : null;
}

function PositionRow({ p, shown, active, onPick }: { p: Position; shown: ShownGrid<"positions">; active: boolean; onPick: () => void }) {
  const closed = p.netQuantity === 0;
  return (
    <tr className={`${active ? "row-cursor" : ""}${closed ? " row-closed" : ""}`} aria-selected={active} onClick={onPick} data-symbol={p.tradingSymbol} data-product={p.product}>
      <GridCellsOf shown={shown} cells={POSITION_CELLS} row={p} />
    </tr>
  );
}

/** The totals line: it follows every position's price, so it is one small component of its own. */
function Totals({ rows, shown }: { rows: Position[]; shown: ShownGrid<"positions"> }) {
  const ltps = useLtps(rows);
  const t = positionTotals(rows.map((p, i) => withLtp(p, ltps[i] ?? p.ltp)));
  // Only open positions' prices move the totals (a closed one's P&L is realised).
  const stale = staleAttr(useTotalStale(rows.filter((p) => p.netQuantity !== 0)));
  const clear = useTotalsClear();
  // One cell per shown column (no colSpan), each folding with its column, so the totals stay aligned.
  const cell = (id: string, at: CellAt) => {
    switch (id) {
      case "instrument":
        // The counts go with the first fold: a narrow pane keeps the figures, not the words.
        return (
          <td {...at}>
            Total<span data-fold={shown.gridAt["data-folds"] > 0 ? 1 : undefined}> · {t.open} open, {t.closed} closed</span>
          </td>
        );
      case "realised":
        // The positions' realised P&L is before charges; Funds' realised MTM takes them off (rules/funds.ts chargesOfFills).
        return <td className={`num ${signClass(t.realizedPnl)}`} data-field="total-realised" title="Before charges: Funds' Realised MTM (after charges) takes off the charges of every fill" {...at}>{price(t.realizedPnl)}</td>;
      case "unrealised":
        return <td className={`num ${signClass(t.unRealizedPnl)}`} data-field="total-unrealised" data-stale={stale} {...at}>{price(t.unRealizedPnl)}</td>;
      case "pnl":
        return <td className={`num ${signClass(t.pnl)}`} data-field="total-pnl" data-stale={stale} {...at}>{price(t.pnl)}</td>;
      case "dayPnl":
        // The Loss limits dialog's "Today" loss is this figure (rules/positions.ts positionTotals, lossLimits.ts dayFigures).
        return <td className={`num ${signClass(t.dayPnl)}`} data-field="total-day-pnl" data-stale={stale} {...at}>{price(t.dayPnl)}</td>;
      default:
        return <td {...at} />;
    }
  };
  return (
    <tfoot ref={clear}>
      <tr className="totals" data-testid="positions-totals">
        {shown.columns.map((c) => (
          <Fragment key={c.id}>{cell(c.id, c.at)}</Fragment>
        ))}
      </tr>
    </tfoot>
  );
}
