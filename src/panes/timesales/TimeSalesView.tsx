import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { formatPrice } from "../../core/format";
import { formatLastTradedTime } from "../../core/frameCodec";
import { WrappingSymbol } from "../views/WrappingSymbol";
import { PRINT_SIDE_LABEL, type TapeSnapshot } from "../../core/rules/timeAndSales";
import { mwTopic } from "../../core/topics";
import { isExchange, type Exchange } from "../../core/types/exchange";
import { recordSnapshot, tapePrints } from "../../data/stores/timeSales";
import { liveQuote, quoteStore } from "../../feed/session";
import { useShownInstrument } from "../layout/link";
import { usePane, usePaneTopics } from "../layout/pane";
import { useFitColumns } from "../layout/fitColumns";
import { FoldSign } from "../layout/gridColumns";
import { EmptyState } from "../views/EmptyState";
import type { ViewProps } from "../views/types";

/**
 * Time and sales (issue 32): the trades of the pane's instrument (its colour group's, or its own)
 * as they print, newest first: time, price, quantity, and whether at the bid, at the ask or
 * between (core/rules/timeAndSales.ts). The tape starts when the pane does: the feed carries
 * snapshots, not the day's history. It is kept by pane id (data/stores/timeSales.ts), not in this
 * component, which the tiling remounts whenever a pane opens or moves beside it.
 */
export function TimeSalesView(_props: ViewProps) {
  const shown = useShownInstrument();
  const scrip = shown && isExchange(shown.exchange) ? shown : undefined;
  usePaneTopics("depth", scrip ? [mwTopic(scrip.exchange as Exchange, scrip.token)] : []);
  if (!scrip) return <EmptyState title="No instrument chosen">Press / to search, or link this pane (Alt+L) to a group that has one.</EmptyState>;
  return <Tape key={`${scrip.exchange}:${scrip.token}`} exchange={scrip.exchange as Exchange} token={scrip.token} symbol={scrip.tradingSymbol} />;
}

/**
 * What the tape gives up in a narrow pane, in this order (fitColumns.ts): the time, then the side (the price's
 * colour still says it: green at the ask, red at the bid), then the quantity; the price never folds.
 */
const FOLD = { time: 1, at: 2, qty: 3 } as const;
const TAPE_FOLDS = Object.keys(FOLD).length;
const fold = (col: keyof typeof FOLD) => ({ "data-fold": FOLD[col] });

function Tape({ exchange, token, symbol }: { exchange: Exchange; token: number; symbol: string }) {
  const paneId = usePane().id;
  const key = `${exchange}:${token}`;
  const q = liveQuote(exchange, token);
  const d = quoteStore.depth(exchange, token);
  const snap = useSelector((): string => {
    const depth = d.get();
    const s: TapeSnapshot = { ltp: q.LastRate.get(), volume: q.volume.get(), lastQty: depth.lastQty, lastTradedTime: depth.lastTradedTime, bid: depth.bids[0]?.price ?? 0, ask: depth.asks[0]?.price ?? 0 };
    return JSON.stringify(s);
  });
  useEffect(() => recordSnapshot(paneId, key, JSON.parse(snap) as TapeSnapshot), [paneId, key, snap]);
  const tape = useSelector(() => tapePrints(paneId, key));
  const fit = useFitColumns<HTMLTableElement>();
  return (
    <div className="timesales" data-testid="timesales" data-symbol={symbol}>
      <div className="depth-head">
        <WrappingSymbol symbol={symbol} />
        <span className="muted">{exchange}</span>
      </div>
      {tape.length === 0 ? (
        <div className="depth-empty muted">Waiting for the next trade</div>
      ) : (
        // A figure a trader reads is shown whole or not at all: in a narrow pane "At bid" wraps between its words
        // (styles.css), then the time folds, the side and the quantity (FOLD), by the order book's rule (fitColumns.ts,
        // `data-folds`), the caption's sign counting them; then the pane scrolls, never cutting "Between" to "Bet" as
        // the ~85 px pane did.
        <table className="grid timesales-grid fit" ref={fit} data-folds={TAPE_FOLDS} data-no-chooser="">
          <FoldSign as="caption" />
          <thead>
            <tr>
              <th {...fold("time")} data-label="Time">Time</th>
              <th className="num">Price</th>
              <th className="num" {...fold("qty")} data-label="Qty">Qty</th>
              <th className="timesales-at" {...fold("at")} data-label="At (bid, ask or between)">At</th>
            </tr>
          </thead>
          <tbody>
            {tape.map((p, i) => (
              <tr key={tape.length - i} data-at={p.at}>
                <td className="muted" {...fold("time")}>{formatLastTradedTime(p.time)}</td>
                <td className={`num ${p.at === "ask" ? "up" : p.at === "bid" ? "down" : ""}`}>{formatPrice(p.price, exchange)}</td>
                <td className="num" {...fold("qty")}>{p.qty.toLocaleString("en-IN")}</td>
                <td {...fold("at")} className={`timesales-at ${p.at === "ask" ? "up" : p.at === "bid" ? "down" : "muted"}`}>{PRINT_SIDE_LABEL[p.at]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
