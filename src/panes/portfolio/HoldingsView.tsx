import { useSelector } from "@legendapp/state/react";
import { useFitColumns } from "../layout/fitColumns";
import { useEffect } from "react";
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
import { useFeedSource, useLtp, useLtps } from "./live";
import { staleAttr, usePriceStale } from "../views/priceStale";
import { holdingKey, holdingLabel, holdingSelection } from "./selection";

/** A holding with its derived fields at a live last price (buyValue ... dayChg of trading-core section 3). */
export function liveHolding(h: HoldingView, ltp: number): HoldingView {
  return deriveHolding({ ...h, ltp }, h.bnplQty, h.deliveryQty);
}

/** Holdings (/main/holdings): tabs Stocks and BNPL; BNPL merged into delivery; live values; T1 shown. */
export function HoldingsView({ page }: ViewProps) {
  const fit = useFitColumns<HTMLTableElement>();
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
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("portfolio.exit")}>Sell <kbd>X</kbd></button>
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("holdings.export")}>Export CSV <kbd>E</kbd></button>
      </div>
      {!state.loaded ? (
        <EmptyState title="Loading holdings…" />
      ) : rows.length === 0 ? (
        <EmptyState title={tab === 1 && all.length > 0 ? "No BNPL holdings" : "No holdings"}>
          {state.errorStatus === "EC922" ? state.message : "Shares bought for delivery appear here."}
        </EmptyState>
      ) : (
        <table className="grid fit" aria-label="Holdings" ref={fit}>
          <thead>
            <tr>
              <th>Instrument</th><th className="num">Qty</th><th className="num" data-priority="4">T1</th><th className="num" data-priority="4">BNPL</th>
              <th className="num" data-priority="3">Avg Price</th><th className="num">LTP</th><th className="num" data-priority="3">Invested</th>
              <th className="num" data-priority="2">Current</th><th className="num" data-priority="2">Day's P&amp;L</th>
              <th className="num" data-priority="3">Day's Chg%</th><th className="num">Net P&amp;L</th><th className="num" data-priority="2">Net Chg%</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((h, i) => (
              <HoldingRow key={holdingKey(h)} h={h} active={i === at} onPick={() => void runCommand("list.cursor.to", { key: holdingKey(h), paneId })} />
            ))}
          </tbody>
          <Totals rows={rows} />
        </table>
      )}
    </div>
  );
}

function HoldingRow({ h, active, onPick }: { h: HoldingView; active: boolean; onPick: () => void }) {
  const i = holdingInstrument(h);
  return (
    <tr className={active ? "row-cursor" : ""} aria-selected={active} onClick={onPick} data-symbol={i.symbol}>
      <td>
        {i.symbol} <span className="muted">{i.exchange}</span>
        {h.hasBnpl && <span className="badge">BNPL</span>}
      </td>
      <td className="num" data-field="totalQuantity">{h.totalQuantity}</td>
      <td className="num" data-field="t1Quantity" data-priority="4">{h.t1Quantity}</td>
      <td className="num" data-priority="4">{h.bnplQty}</td>
      <td className="num" data-field="averageTradedPrice" data-priority="3">{price(h.averageTradedPrice)}</td>
      <LiveCells h={h} />
    </tr>
  );
}

/** The cells that follow the last price; the rest of the row never re-renders on a tick. */
function LiveCells({ h }: { h: HoldingView }) {
  const i = holdingInstrument(h);
  const v = liveHolding(h, useLtp(i.exchange, i.token, h.ltp));
  const stale = staleAttr(usePriceStale(i.exchange, i.token));
  return (
    <>
      <td className="num" data-field="ltp" data-stale={stale}>{price(v.ltp)}</td>
      <td className="num" data-field="buyValue" data-priority="3">{price(v.buyValue)}</td>
      <td className="num" data-field="currentVal" data-priority="2" data-stale={stale}>{price(v.currentVal)}</td>
      <td className={`num ${signClass(v.daysPnl)}`} data-priority="2">{price(v.daysPnl)}</td>
      <td className={`num ${signClass(v.dayChg)}`} data-priority="3">{percent(v.dayChg)}</td>
      <td className={`num ${signClass(v.netPnl)}`} data-field="netPnl">{price(v.netPnl)}</td>
      <td className={`num ${signClass(v.netChg)}`} data-priority="2">{percent(v.netChg)}</td>
    </>
  );
}

export function useLiveHoldings(rows: HoldingView[]): HoldingView[] {
  const ltps = useLtps(rows.map((h) => ({ ...holdingInstrument(h), ltp: h.ltp })));
  return rows.map((h, k) => liveHolding(h, ltps[k] ?? h.ltp));
}

function Totals({ rows }: { rows: HoldingView[] }) {
  const t = holdingTotals(useLiveHoldings(rows));
  return (
    <tfoot>
      <tr className="totals" data-testid="holdings-totals">
        {/* One cell per column, each with its column's priority (fitColumns.ts), so hidden columns keep the totals aligned. */}
        <td>Total</td>
        <td />
        <td data-priority="4" />
        <td data-priority="4" />
        <td data-priority="3" />
        <td />
        <td className="num" data-priority="3">{price(t.buyValue)}</td>
        <td className="num" data-priority="2">{price(t.currentVal)}</td>
        <td className={`num ${signClass(t.daysPnl)}`} data-priority="2">{price(t.daysPnl)}</td>
        <td className={`num ${signClass(t.dayChg)}`} data-priority="3">{percent(t.dayChg)}</td>
        <td className={`num ${signClass(t.netPnl)}`}>{price(t.netPnl)}</td>
        <td className={`num ${signClass(t.netChg)}`} data-priority="2">{percent(t.netChg)}</td>
      </tr>
    </tfoot>
  );
}
