import { useSelector } from "@legendapp/state/react";
import { useFitColumns } from "../layout/fitColumns";
import { Fragment, useEffect, type ReactNode } from "react";
import { GridCellsOf, GridHead, useGridColumns, type CellAt, type GridCells, type ShownGrid } from "../layout/gridColumns";
import { runCommand } from "../../commands/run";
import { deriveHolding, holdingTotals } from "../../core/rules/holdings";
import { holdingInstrument, holdingRows, holdings$, refreshHoldings } from "../../data/stores/portfolio";
import { useListCursor } from "../layout/listCursor";
import { usePane, usePaneTabs } from "../layout/pane";
import type { HoldingView } from "../../core/types";
import { EmptyState } from "../views/EmptyState";
import { Tabs } from "../views/Tabs";
import type { ViewProps } from "../views/types";
import { percent, price, signClass } from "./fmt";
import { useTotalStale, useFeedSource, useLtp, useLtps } from "./live";
import { staleAttr, usePriceMark } from "../views/priceStale";
import { holdingKey, holdingLabel, holdingSelection } from "./selection";
import { useTotalsClear } from "../layout/totalsClear";
import { KeyHint } from "../views/KeyHint";

/** A holding with its derived fields at a live last price (buyValue ... dayChg of trading-core section 3). */
export function liveHolding(h: HoldingView, ltp: number): HoldingView {
  return deriveHolding({ ...h, ltp }, h.bnplQty, h.deliveryQty);
}

/** Holdings (/main/holdings): tabs Stocks and BNPL; BNPL merged into delivery; live values; T1 shown. */
export function HoldingsView({ page }: ViewProps) {
  const fit = useFitColumns<HTMLTableElement>();
  const shown = useGridColumns("holdings");
  useEffect(() => void refreshHoldings(), []);
  const state = useSelector(() => holdings$.get());
  const { tab } = usePaneTabs(page);
  const all = holdingRows(state.rows, 0);
  const rows = tab === 0 ? all : holdingRows(state.rows, tab);
  const at = useListCursor({ name: tab === 1 ? "BNPL holdings" : "Holdings", rows, keyOf: holdingKey, selectionOf: holdingSelection, labelOf: holdingLabel }, state.loaded);
  useFeedSource("holdings", all.map(holdingInstrument));
  const paneId = usePane().id;

  return (
    <div className="page" data-testid="holdings">
      <Tabs page={page} counts={[all.length, holdingRows(state.rows, 1).length]} />
      <div className="toolbar">
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("portfolio.exit")}>Sell <KeyHint command="portfolio.exit" /></button>
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("holdings.export")}>Export CSV <KeyHint command="holdings.export" /></button>
      </div>
      {!state.loaded ? (
        <EmptyState title="Loading holdings…" />
      ) : rows.length === 0 ? (
        <EmptyState title={tab === 1 && all.length > 0 ? "No BNPL holdings" : "No holdings"}>
          {state.errorStatus === "EC922" ? state.message : "Shares bought for delivery appear here."}
        </EmptyState>
      ) : (
        <table className="grid fit" aria-label="Holdings" ref={fit} {...shown.gridAt}>
          <GridHead shown={shown} cells={HOLDING_CELLS} />
          <tbody>
            {rows.map((h, i) => (
              <HoldingRow key={holdingKey(h)} h={h} shown={shown} active={i === at} onPick={() => void runCommand("list.cursor.to", { key: holdingKey(h), paneId })} />
            ))}
          </tbody>
          <Totals rows={rows} shown={shown} />
        </table>
      )}
    </div>
  );
}

/** A cell that follows the last price: only it re-renders on a tick, never the rest of the row. */
function LiveCell({ h, at, draw }: { h: HoldingView; at: CellAt; draw: Draw }) {
  const i = holdingInstrument(h);
  const v = liveHolding(h, useLtp(i.exchange, i.token, h.ltp));
  // In a replay, a share the tape has no ticks of is marked, and its row says why its price never moves (the totals name it too).
  const mark = usePriceMark(i.exchange, i.token, i.symbol);
  return <>{draw(v, mark.stale, at, mark.title)}</>;
}

type Draw = (v: HoldingView, stale: string | undefined, at: CellAt, why: string | undefined) => ReactNode;
const live = (draw: Draw) => (h: HoldingView, at: CellAt) => <LiveCell h={h} at={at} draw={draw} />;

/** Holdings' cells by column (GRID_COLUMNS.holdings). */
const HOLDING_CELLS: GridCells<"holdings", HoldingView> = {
  instrument: {
    cell: (h, at) => {
      const i = holdingInstrument(h);
      return (
        <td {...at}>
          {i.symbol}
          {h.hasBnpl && <span className="badge">BNPL</span>}
        </td>
      );
    },
  },
  exchange: { cell: (h, at) => <td className="muted" {...at}>{holdingInstrument(h).exchange}</td> },
  qty: { num: true, cell: (h, at) => <td className="num" data-field="totalQuantity" {...at}>{h.totalQuantity}</td> },
  t1: { num: true, cell: (h, at) => <td className="num" data-field="t1Quantity" {...at}>{h.t1Quantity}</td> },
  bnpl: { num: true, cell: (h, at) => <td className="num" {...at}>{h.bnplQty}</td> },
  avgPrice: { num: true, cell: (h, at) => <td className="num" data-field="averageTradedPrice" {...at}>{price(h.averageTradedPrice)}</td> },
  ltp: { num: true, cell: live((v, stale, at, why) => <td className="num" data-field="ltp" data-stale={stale} title={why} {...at}>{price(v.ltp)}</td>) },
  invested: { num: true, cell: live((v, _stale, at) => <td className="num" data-field="buyValue" {...at}>{price(v.buyValue)}</td>) },
  current: { num: true, cell: live((v, stale, at) => <td className="num" data-field="currentVal" data-stale={stale} {...at}>{price(v.currentVal)}</td>) },
  // The P&L and changes are the price's: dimmed with it when it is stale.
  daysPnl: { num: true, cell: live((v, stale, at) => <td className={`num ${signClass(v.daysPnl)}`} data-field="daysPnl" data-stale={stale} {...at}>{price(v.daysPnl)}</td>) },
  dayChg: { num: true, cell: live((v, stale, at) => <td className={`num ${signClass(v.dayChg)}`} data-field="dayChg" data-stale={stale} {...at}>{percent(v.dayChg)}</td>) },
  netPnl: { num: true, cell: live((v, stale, at) => <td className={`num ${signClass(v.netPnl)}`} data-field="netPnl" data-stale={stale} {...at}>{price(v.netPnl)}</td>) },
  netChg: { num: true, cell: live((v, stale, at) => <td className={`num ${signClass(v.netChg)}`} data-field="netChg" data-stale={stale} {...at}>{percent(v.netChg)}</td>) },
};

function HoldingRow({ h, shown, active, onPick }: { h: HoldingView; shown: ShownGrid<"holdings">; active: boolean; onPick: () => void }) {
  return (
    <tr className={active ? "row-cursor" : ""} aria-selected={active} onClick={onPick} data-symbol={holdingInstrument(h).symbol}>
      <GridCellsOf shown={shown} cells={HOLDING_CELLS} row={h} />
    </tr>
  );
}

export function useLiveHoldings(rows: HoldingView[]): HoldingView[] {
  const ltps = useLtps(rows.map((h) => ({ ...holdingInstrument(h), ltp: h.ltp })));
  return rows.map((h, k) => liveHolding(h, ltps[k] ?? h.ltp));
}

function Totals({ rows, shown }: { rows: HoldingView[]; shown: ShownGrid<"holdings"> }) {
  const t = holdingTotals(useLiveHoldings(rows));
  // A total is as stale as its stalest part.
  const stale = staleAttr(useTotalStale(rows.map(holdingInstrument)));
  const clear = useTotalsClear();
  // One cell per shown column, each folding with its column (fitColumns.ts), so the totals stay aligned.
  const cell = (id: string, at: CellAt) => {
    switch (id) {
      case "instrument":
        return <td {...at}>Total</td>;
      case "invested":
        return <td className="num" {...at}>{price(t.buyValue)}</td>;
      case "current":
        return <td className="num" data-field="total-current" data-stale={stale} {...at}>{price(t.currentVal)}</td>;
      case "daysPnl":
        return <td className={`num ${signClass(t.daysPnl)}`} data-field="total-daysPnl" data-stale={stale} {...at}>{price(t.daysPnl)}</td>;
      case "dayChg":
        return <td className={`num ${signClass(t.dayChg)}`} data-field="total-dayChg" data-stale={stale} {...at}>{percent(t.dayChg)}</td>;
      case "netPnl":
        return <td className={`num ${signClass(t.netPnl)}`} data-field="total-netPnl" data-stale={stale} {...at}>{price(t.netPnl)}</td>;
      case "netChg":
        return <td className={`num ${signClass(t.netChg)}`} data-field="total-netChg" data-stale={stale} {...at}>{percent(t.netChg)}</td>;
      default:
        return <td {...at} />;
    }
  };
  return (
    <tfoot ref={clear}>
      <tr className="totals" data-testid="holdings-totals">
        {shown.columns.map((c) => (
          <Fragment key={c.id}>{cell(c.id, c.at)}</Fragment>
        ))}
      </tr>
    </tfoot>
  );
}
