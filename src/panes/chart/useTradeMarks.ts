import { useSelector } from "@legendapp/state/react";
import { useEffect, useMemo, useState } from "react";
import type { ChartInterval } from "../../core/charts/intervals";
import { priceDecimals } from "../../core/format";
import { MARKET_HOURS } from "../../core/marketHours";
import { marksPlayed, tradeMarks, type DayTrade, type TradeMark } from "../../core/replay/tradeMarks";
import type { Exchange } from "../../core/types/exchange";
import { brokerClock$, brokerNow } from "../../data/stores/brokerClock";
import { orders$ } from "../../data/stores/orders";
import { loadDayTrades, replay$ } from "../../data/stores/replay";

const NONE: TradeMark[] = [];
/** The time of the latest mark the broker's clock has reached now (-Infinity: none). */
const reached = (marks: readonly TradeMark[]): number => Math.max(-Infinity, ...marksPlayed(marks, brokerNow() ?? Infinity).map((m) => m.time));

/**
 * Replay today (issue 35): while the broker replays a day, the chart's instrument's trades of that
 * day in the live paper account (what the trader really did) and the replay account's own trades
 * (the trade book during a replay is the replay's), as marks at their bars (core/replay/tradeMarks.ts).
 * Outside a replay, none.
 */
export function useTradeMarks(exchange: Exchange, token: number, interval: ChartInterval, compact: boolean): TradeMark[] {
  const replayDate = useSelector(() => (brokerClock$.mode.get() === "replay" ? (brokerClock$.replayDate.get() ?? "") : ""));
  const day = useSelector(() => replay$.dayTrades.get());
  const book = useSelector(() => orders$.trades.get());
  useEffect(() => {
    if (replayDate && !compact) void loadDayTrades(replayDate);
  }, [replayDate, compact]);
  const all = useMemo(() => {
    if (!replayDate || compact) return NONE;
    const yours = day.date === replayDate ? day.trades : [];
    const replay: DayTrade[] = book.map((t) => ({ time: Date.parse(t.tradeTime), exchange: t.exchange, token: Number(t.token), side: t.transactionType === "SELL" ? "SELL" : "BUY", quantity: t.filledQuantity, price: t.tradedPrice }));
    return tradeMarks(yours, replay, { exchange, token, interval, sessionOpen: MARKET_HOURS[exchange].open, decimals: priceDecimals(exchange) });
  }, [replayDate, compact, day, book, exchange, token, interval]);
  // Only the trades the replay clock has reached (marksPlayed), looked at each second: kept as the latest
  // one's time, so the marks change (and the chart redraws them) only when one more is reached or a jump back hides some.
  const [upTo, setUpTo] = useState(() => reached(all));
  useEffect(() => {
    setUpTo(reached(all));
    if (all.length === 0) return;
    const id = setInterval(() => setUpTo(reached(all)), 1000);
    return () => clearInterval(id);
  }, [all]);
  return useMemo(() => marksPlayed(all, upTo), [all, upTo]);
}
