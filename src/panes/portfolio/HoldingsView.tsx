import { useSelector } from "@legendapp/state/react";
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
import { holdingSelection } from "./selection";

/** A holding with its derived fields at a live last price (buyValue ... dayChg of trading-core section 3). */
export function liveHolding(h: HoldingView, ltp: number): HoldingView {
  return deriveHolding({ ...h, ltp }, h.bnplQty, h.deliveryQty);
}

/** Holdings (/main/holdings): tabs Stocks and BNPL; BNPL merged into delivery; live values; T1 shown. */
export function HoldingsView({ page }: ViewProps) {
  useEffect(() => void refreshHoldings(), []);
  const state = useSelector(() => holdings$.get());
  const { tab } = usePaneTabs(page);
  const all = holdingRows(state.rows, 0);
  const rows = tab === 0 ? all : holdingRows(state.rows, tab);
  const at = useListCursor(rows.length, (i) => (rows[i] ? holdingSelection(rows[i]) : undefined));
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
        <table className="grid" aria-label="Holdings">
          <thead>
            <tr>
              <th>Instrument</th><th className="num">Qty</th><th className="num">T1</th><th className="num">BNPL</th><th className="num">Avg Price</th>
              <th className="num">LTP</th><th className="num">Invested</th><th className="num">Current</th><th className="num">Day's P&amp;L</th>
              <th className="num">Day's Chg%</th><th className="num">Net P&amp;L</th><th className="num">Net Chg%</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((h, i) => (
              <HoldingRow key={`${h.nseInstrumentId}:${h.bseInstrumentId}`} h={h} active={i === at} onPick={() => void runCommand("list.cursor.to", { at: i, paneId })} />
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
      <td className="num" data-field="t1Quantity">{h.t1Quantity}</td>
      <td className="num">{h.bnplQty}</td>
      <td className="num">{price(h.averageTradedPrice)}</td>
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
      <td className="num">{price(v.buyValue)}</td>
      <td className="num" data-field="currentVal" data-stale={stale}>{price(v.currentVal)}</td>
      <td className={`num ${signClass(v.daysPnl)}`}>{price(v.daysPnl)}</td>
      <td className={`num ${signClass(v.dayChg)}`}>{percent(v.dayChg)}</td>
      <td className={`num ${signClass(v.netPnl)}`}>{price(v.netPnl)}</td>
      <td className={`num ${signClass(v.netChg)}`}>{percent(v.netChg)}</td>
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
        <td colSpan={6}>Total</td>
        <td className="num">{price(t.buyValue)}</td>
        <td className="num">{price(t.currentVal)}</td>
        <td className={`num ${signClass(t.daysPnl)}`}>{price(t.daysPnl)}</td>
        <td className={`num ${signClass(t.dayChg)}`}>{percent(t.dayChg)}</td>
        <td className={`num ${signClass(t.netPnl)}`}>{price(t.netPnl)}</td>
        <td className={`num ${signClass(t.netChg)}`}>{percent(t.netChg)}</td>
      </tr>
    </tfoot>
  );
}
