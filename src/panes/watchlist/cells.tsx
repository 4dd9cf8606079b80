import { useLayoutEffect, useRef } from "react";
import { formatCount, formatPrice } from "../../core/format";
import type { Exchange } from "../../core/types/exchange";
import type { WatchColumn } from "../../core/watchlist/columns";
import { liveQuote, quoteStore } from "../../feed/session";
import { priceMark } from "../views/priceStale";
import { flasher } from "../cells/flash";
import { bindCell, bindLiveCell, CHANGE_CELL, LTP_CELL, PERCENT_CELL, type CellKind, type FigureSource, type Figures, type LiveRow } from "../cells/liveCell";

/**
 * Watchlist cells (any market grid's too). Each is bound to its instrument's live quote and
 * price mark (stale, or at its reference price in a replay: ../views/priceStale.ts priceMark; ../cells/liveCell.ts), which write the cell's text, colour, flash and stale mark straight into
 * the DOM: a tick never renders a cell, a row or a list (DESIGN.md section 2). Until the first
 * frame arrives the broker's answer (ltp, chg, pchg of the list call) is shown. The binding runs
 * in a layout effect, before the row's first paint.
 */
const CELL_CLASS = "wl-cell num";

/**
 * A cell of a grid row (role gridcell); `fold` is its column's fold when the trader marked it
 * optional (../layout/fitColumns.ts); `ranked`: the figures a ranked grid's sorted column shows in
 * place of the ticks (MarketGrid).
 */
function LiveCell({ s, kind, fold, ranked }: { s: LiveRow; kind: CellKind; fold?: number; ranked?: Figures }) {
  const ref = useRef<HTMLSpanElement>(null);
  const { exchange, token, tradingSymbol, ltp, chg, pchg } = s;
  const [rLtp, rChg, rPchg] = ranked ? [ranked.ltp, ranked.chg, ranked.pchg] : [];
  useLayoutEffect(
    () =>
      bindLiveCell(
        ref.current!,
        CELL_CLASS,
        { exchange, token, tradingSymbol, ltp, chg, pchg },
        kind,
        { quote: liveQuote(exchange, token), mark: priceMark(exchange, token), flash: (el, d) => flasher.flash(el, d) },
        rLtp === undefined ? undefined : { ltp: rLtp, chg: rChg!, pchg: rPchg! },
      ),
    [exchange, token, tradingSymbol, ltp, chg, pchg, kind, rLtp, rChg, rPchg],
  );
  return <span ref={ref} role="gridcell" className={CELL_CLASS} data-field={kind.field} data-fold={fold} />;
}

export const LtpCell = ({ s, ranked }: { s: LiveRow; ranked?: Figures }) => <LiveCell s={s} kind={LTP_CELL} ranked={ranked} />;
export const ChangeCell = ({ s, fold, ranked }: { s: LiveRow; fold?: number; ranked?: Figures }) => <LiveCell s={s} kind={CHANGE_CELL} fold={fold} ranked={ranked} />;
export const PercentCell = ({ s, fold, ranked }: { s: LiveRow; fold?: number; ranked?: Figures }) => <LiveCell s={s} kind={PERCENT_CELL} fold={fold} ranked={ranked} />;

/** The chosen columns that are one figure of the quote or of its depth (bid, ask); none is known before a frame, so "--" until then. */
export type FigureColumn = Exclude<WatchColumn, "exchange" | "chg" | "pchg">;

const price = (v: number, ex: Exchange) => (v > 0 ? formatPrice(v, ex) : "--");
// A volume or OI is a count: whole below 1,000 ("999", not "999.00"), then K, L, Cr (formatCount).
const count = (v: number) => (v > 0 ? formatCount(v) : "--");
const none = () => 0;

const FIGURE_CELLS: Record<FigureColumn, CellKind<number>> = {
  bid: { field: "bid", text: price, sign: none },
  ask: { field: "ask", text: price, sign: none },
  volume: { field: "volume", text: count, sign: none },
  oi: { field: "oi", text: count, sign: none },
  high: { field: "high", text: price, sign: none },
  low: { field: "low", text: price, sign: none },
  weekHigh: { field: "weekHigh", text: price, sign: none },
  weekLow: { field: "weekLow", text: price, sign: none },
};

const QUOTE_FIELD = { volume: "volume", oi: "openinterest", high: "h", low: "l", weekHigh: "weekHigh", weekLow: "weekLow" } as const;

/** Where a figure column reads: the best bid or ask of the instrument's depth, else a field of its quote. */
function figureSource(exchange: Exchange, token: number, column: FigureColumn): FigureSource<number> {
  if (column === "bid" || column === "ask") {
    const depth = quoteStore.depth(exchange, token);
    const side = column === "bid" ? depth.bids : depth.asks;
    return { read: () => side[0]?.price.peek() ?? 0, watch: (changed) => depth.onChange(changed) };
  }
  const q = liveQuote(exchange, token);
  const field = QUOTE_FIELD[column];
  return { read: () => q[field].peek(), watch: (changed) => q.onChange(changed) };
}

export function FigureCell({ s, column, fold }: { s: LiveRow; column: FigureColumn; fold?: number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const { exchange, token, tradingSymbol } = s;
  useLayoutEffect(() => {
    const priced = column === "bid" || column === "ask";
    return bindCell(ref.current!, CELL_CLASS, exchange, FIGURE_CELLS[column], figureSource(exchange, token, column), priced ? { mark: priceMark(exchange, token), symbol: tradingSymbol } : {});
  }, [exchange, token, tradingSymbol, column]);
  return <span ref={ref} role="gridcell" className={CELL_CLASS} data-field={column} data-fold={fold} />;
}
