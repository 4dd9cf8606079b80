import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { holdingTotals } from "../../core/rules/holdings";
import { positionTotals, tradingDaysPnl, withLtp } from "../../core/rules/positions";
import { chargesOfFills } from "../../core/rules/funds";
import { orders$, refreshOrders } from "../../data/stores/orders";
import { holdingInstrument, holdingRows, holdings$, limits$, positions$, refreshHoldings, refreshLimits, refreshPositions } from "../../data/stores/portfolio";
import { usePaneTabs } from "../layout/pane";
import { EmptyState } from "../views/EmptyState";
import { Tabs } from "../views/Tabs";
import type { ViewProps } from "../views/types";
import { useLiveHoldings } from "./HoldingsView";
import { percent, price, signClass } from "./fmt";
import { useAtReference, useTotalStale, useFeedSource, useLtps } from "./live";
import { referenceNote } from "../../core/rules/totalStale";
import { staleAttr } from "../views/priceStale";

/** Home (/home): Investment (holdings summary) and Trading (positions summary), each with day P&L. */
export function HomeView({ page }: ViewProps) {
  useEffect(() => {
    void refreshHoldings();
    void refreshPositions();
    void refreshLimits();
    // The trade book's charges: once loaded, the book follows every order update (stores/orders.ts).
    if (!orders$.loaded.peek()) void refreshOrders();
  }, []);
  const { tab } = usePaneTabs(page);
  return (
    <div className="page" data-testid="home">
      <Tabs page={page} />
      {tab === 0 ? <Investment /> : <Trading />}
    </div>
  );
}

/** A summary line; `stale` when its figure is summed from a stale price (dimmed, as the price is). */
function Line({ label, value, tone, field, stale, title }: { label: string; value: string; tone?: number; field?: string; stale?: boolean; title?: string }) {
  return (
    <tr data-field={field} title={title}>
      <td>{label}</td>
      <td className={`num ${tone === undefined ? "" : signClass(tone)}`} data-stale={staleAttr(stale === true)}>{value}</td>
    </tr>
  );
}

/**
 * In a replay, the parts of the totals above standing at their reference price (no ticks of them on
 * the replay's tape): named here rather than dimming the totals for the whole replay (core/rules/totalStale.ts).
 */
function AtReferenceLine({ symbols }: { symbols: string[] }) {
  const note = referenceNote(symbols);
  return note ? <Line label="At reference price" value={note.text} field="atReference" title={note.title} /> : null;
}

function Investment() {
  const state = useSelector(() => holdings$.get());
  const rows = holdingRows(state.rows, 0);
  useFeedSource("holdings", rows.map(holdingInstrument));
  const t = holdingTotals(useLiveHoldings(rows));
  const stale = useTotalStale(rows.map(holdingInstrument));
  const atReference = useAtReference(rows.map(holdingInstrument));
  if (!state.loaded) return <EmptyState title="Loading holdings…" />;
  if (rows.length === 0) return <EmptyState title="No holdings">Shares bought for delivery appear here.</EmptyState>;
  return (
    <table className="grid kv summary" aria-label="Investment summary">
      <tbody>
        <Line label="Holdings" value={String(rows.length)} field="count" />
        <Line label="Invested value" value={price(t.buyValue)} />
        <Line label="Current value" value={price(t.currentVal)} stale={stale} />
        <Line label="Day's P&L" value={`${price(t.daysPnl)} (${percent(t.dayChg)})`} tone={t.daysPnl} field="daysPnl" stale={stale} />
        <Line label="Net P&L" value={`${price(t.netPnl)} (${percent(t.netChg)})`} tone={t.netPnl} field="netPnl" stale={stale} />
        <AtReferenceLine symbols={atReference} />
      </tbody>
    </table>
  );
}

function Trading() {
  const state = useSelector(() => positions$.get());
  const limits = useSelector(() => limits$.rows.get());
  const charges = chargesOfFills(useSelector(() => orders$.trades.get()));
  useFeedSource("positions", state.rows);
  const ltps = useLtps(state.rows);
  const live = state.rows.map((p, i) => withLtp(p, ltps[i] ?? p.ltp));
  const t = positionTotals(live);
  const days = tradingDaysPnl(live);
  const open = state.rows.filter((p) => p.netQuantity !== 0);
  const stale = useTotalStale(open);
  const atReference = useAtReference(open.map((p) => ({ exchange: p.exchange, token: p.token, symbol: p.tradingSymbol })));
  const overall = limits.find((l) => l.segment === "OVERALL");
  if (!state.loaded) return <EmptyState title="Loading positions…" />;
  return (
    <table className="grid kv summary" aria-label="Trading summary">
      <tbody>
        <Line label="Open positions" value={String(t.open)} field="open" />
        <Line label="Closed positions" value={String(t.closed)} />
        <Line label="Realised P&L" value={price(t.realizedPnl)} tone={t.realizedPnl} field="realizedPnl" />
        {/* Funds' realised MTM is after charges (rules/funds.ts chargesOfFills): the card shows the charges and that figure, so the two screens agree. */}
        <Line label="Charges (today)" value={price(charges)} field="charges" />
        {overall && <Line label="Realised MTM (after charges)" value={price(overall.realizedMTOM)} tone={overall.realizedMTOM} field="realizedMTOM" />}
        <Line label="Unrealised P&L" value={price(t.unRealizedPnl)} tone={t.unRealizedPnl} stale={stale} />
        {/* Positions' Day P&L total without today's delivery buys, which the Investment card counts: the two cards add up (rules/positions.ts tradingDaysPnl); the label says why it is neither Realised + Unrealised nor the Day P&L total. */}
        <Line
          label="Day's P&L excl. today's delivery"
          value={price(days)}
          tone={days}
          field="dayPnl"
          stale={stale}
          title="Positions' Day P&L (carried positions from yesterday's close, today's trades from their prices; what the daily loss limit measures), less today's delivery buys still held: the Investment card's Day's P&L counts those"
        />
        <AtReferenceLine symbols={atReference} />
        {overall && <Line label="Trading limit (overall)" value={price(overall.tradingLimit)} />}
        {overall && <Line label="Utilised margin (overall)" value={price(overall.utilisedTotalMargin)} />}
      </tbody>
    </table>
  );
}
