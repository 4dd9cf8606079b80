import { useSelector } from "@legendapp/state/react";
import { useFitColumns } from "../layout/fitColumns";
import { useEffect } from "react";
import { runCommand } from "../../commands/run";
import { POSITION_TABS, positionTotals, positionsForTab, withLtp } from "../../core/rules/positions";
import { positionRows, positions$, refreshPositions } from "../../data/stores/portfolio";
import { useListCursor } from "../layout/listCursor";
import { usePane, usePaneTabs } from "../layout/pane";
import type { Position } from "../../core/types";
import { EmptyState } from "../views/EmptyState";
import { Tabs } from "../views/Tabs";
import type { ViewProps } from "../views/types";
import { price, signClass } from "./fmt";
import { useFeedSource, useLtps } from "./live";
import { LtpCell, PnlCell, UnrealisedCell } from "./PositionCells";
import { positionLabel, positionSelection } from "./selection";
import { positionKey } from "../../core/rules/positionKey";

/** Positions (/main/position): tabs All, Equity, F&O, Commodity; open first, closed after; live P&L. */
export function PositionsView({ page }: ViewProps) {
  const fit = useFitColumns<HTMLTableElement>();
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
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("portfolio.exit")}>Exit <kbd>X</kbd></button>
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("position.convert")}>Convert</button>
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("position.info")}>Info <kbd>I</kbd></button>
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("position.exitAll")}>Exit all</button>
      </div>
      {!state.loaded ? (
        <EmptyState title="Loading positions…" />
      ) : rows.length === 0 ? (
        <EmptyState title={state.errorStatus === "EC920" || state.rows.length === 0 ? "No positions" : "No positions in this segment"}>
          {state.errorStatus === "EC920" ? state.message : "Positions appear here when an order fills."}
        </EmptyState>
      ) : (
        <table className="grid fit" aria-label="Positions" ref={fit}>
          <thead>
            <tr>
              <th>Instrument</th><th data-priority="2">Product</th><th className="num">Net Qty</th><th className="num" data-priority="3">Buy Avg</th>
              <th className="num" data-priority="3">Sell Avg</th><th className="num" data-priority="4">Day Buy</th><th className="num" data-priority="4">Day Sell</th>
              <th className="num" data-priority="4">Prev Close</th><th className="num" data-priority="2">LTP</th>
              <th className="num" data-priority="2">Realised</th><th className="num">Unrealised</th><th className="num">P&amp;L</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p, i) => (
              <PositionRow key={positionKey(p)} p={p} active={i === at} onPick={() => void runCommand("list.cursor.to", { key: positionKey(p), paneId })} />
            ))}
          </tbody>
          <Totals rows={rows} />
        </table>
      )}
    </div>
  );
}

function PositionRow({ p, active, onPick }: { p: Position; active: boolean; onPick: () => void }) {
  const closed = p.netQuantity === 0;
  return (
    <tr className={`${active ? "row-cursor" : ""}${closed ? " row-closed" : ""}`} aria-selected={active} onClick={onPick} data-symbol={p.tradingSymbol} data-product={p.product}>
      <td>
        {p.tradingSymbol} <span className="muted" data-priority="3">{p.exchange}</span>
        {(p.type === "BO" || p.type === "CO") && <span className="badge">{p.type}</span>}
      </td>
      <td data-priority="2">{p.product}</td>
      <td className={`num ${signClass(p.netQuantity)}`} data-field="netQuantity">{p.netQuantity}</td>
      <td className="num" data-field="buyPrice" data-priority="3">{price(p.buyPrice, p.exchange)}</td>
      <td className="num" data-priority="3">{price(p.sellPrice, p.exchange)}</td>
      <td className="num" data-priority="4">{price(p.dayBuyPrice, p.exchange)}</td>
      <td className="num" data-priority="4">{price(p.daySellPrice, p.exchange)}</td>
      <td className="num" data-priority="4">{price(p.previousDayClose, p.exchange)}</td>
      <LtpCell p={p} />
      <td className={`num ${signClass(p.realizedPnl)}`} data-priority="2">{price(p.realizedPnl)}</td>
      <UnrealisedCell p={p} />
      <PnlCell p={p} />
    </tr>
  );
}

/** The totals line: it follows every position's price, so it is one small component of its own. */
function Totals({ rows }: { rows: Position[] }) {
  const ltps = useLtps(rows);
  const t = positionTotals(rows.map((p, i) => withLtp(p, ltps[i] ?? p.ltp)));
  return (
    <tfoot>
      <tr className="totals" data-testid="positions-totals">
        {/* One cell per column (no colSpan), each with its column's priority, so that hiding a column keeps the totals aligned. */}
        <td>
          Total<span data-priority="3"> · {t.open} open, {t.closed} closed</span>
        </td>
        <td data-priority="2" />
        <td />
        <td data-priority="3" />
        <td data-priority="3" />
        <td data-priority="4" />
        <td data-priority="4" />
        <td data-priority="4" />
        <td data-priority="2" />
        <td className={`num ${signClass(t.realizedPnl)}`} data-priority="2">{price(t.realizedPnl)}</td>
        <td className={`num ${signClass(t.unRealizedPnl)}`}>{price(t.unRealizedPnl)}</td>
        <td className={`num ${signClass(t.pnl)}`} data-field="total-pnl">{price(t.pnl)}</td>
      </tr>
    </tfoot>
  );
}
