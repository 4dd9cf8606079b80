import { useSelector } from "@legendapp/state/react";
import { useFitColumns } from "../layout/fitColumns";
import { useEffect, useRef } from "react";
import { runCommand } from "../../commands/run";
import { onSignal } from "../../core/events";
import { formatPercent, formatPrice } from "../../core/format";
import { GTT_STATUS_LABELS, gttDistancePercent, gttIsActive, gttOrderView, gttStatusOf } from "../../core/rules/gtt";
import { istDateKey, istDateTime } from "../../core/time";
import { gtt$, gttSymbol, instrumentKey, refreshGtt } from "../../data/stores/gtt";
import { fromExchPair } from "../../core/types/exchange";
import type { GttEntry } from "../../core/types/gtt";
import { liveQuote } from "../../feed/session";
import { staleAttr, usePriceStale } from "../views/priceStale";
import { useListCursor } from "../layout/listCursor";
import { usePane, usePaneTopics } from "../layout/pane";
import { mwTopic } from "../../core/topics";
import { EmptyState } from "../views/EmptyState";
import { RowButton } from "../views/RowButton";
import "./gtt.css";


/** The GTT count for the Orders pane's tab bar, the waiting ones (today's ended ones are listed, not counted); fetches the list once if nothing has yet. */
export function useGttCount(): number | undefined {
  const loaded = useSelector(() => gtt$.loaded.get());
  const count = useSelector(() => gtt$.entries.get().filter(gttIsActive).length);
  useEffect(() => {
    if (!gtt$.loaded.peek()) void refreshGtt();
  }, []);
  return loaded ? count : undefined;
}

/**
 * The GTT tab (3) of the Orders pane: every active GTT, then those ended today, with the entry's
 * derived fields, its status, when it was placed and when it lapses (IST, the broker's clock), its
 * live last price and the distance to the nearest trigger. j/k or the arrows move the row cursor,
 * `m` modifies and Delete cancels the GTT under it (commands gtt.modify and gtt.cancel),
 * Shift+Delete cancels every active GTT (gtt.cancelAll).
 */
export function GttList() {
  const fit = useFitColumns<HTMLTableElement>();
  const entries = useSelector(() => gtt$.entries.get());
  const loaded = useSelector(() => gtt$.loaded.get());
  const error = useSelector(() => gtt$.error.get());

  useEffect(() => {
    void refreshGtt();
    // "The GTT list is refreshed 500 ms after an order update shown on /orders when the GTT tab (3) is active."
    return onSignal("gtt.refresh", () => void refreshGtt());
  }, []);
  // Live prices: the list's instruments are the feed's "gtt" source, owned by this pane.
  usePaneTopics(
    "gtt",
    entries.flatMap((e) => {
      const ex = fromExchPair(e.Exch, e.ExchType);
      return ex ? [mwTopic(ex, Number(e.ScripCode))] : [];
    }),
  );

  const at = useListCursor({ name: "GTT orders", rows: entries, keyOf: (e) => e.GTTID, selectionOf: (e) => ({ kind: "gtt", gttId: e.GTTID }), labelOf: gttLabel }, loaded);
  const paneId = usePane().id;

  if (!loaded) return <EmptyState title="Loading GTT orders…" />;
  if (entries.length === 0) {
    return (
      <EmptyState title={error ? `GTT orders could not be loaded: ${error}` : "No GTT orders"}>
        Press <kbd>g</kbd> on an instrument, or type <code>gtt buy INFY 10 trigger 1400</code> in the palette (<kbd>Ctrl+K</kbd>).
      </EmptyState>
    );
  }
  return (
    <div className="gtt-list">
      {error && (
        <div className="gtt-error" role="alert">
          {error}
        </div>
      )}
      <table className="grid fit" aria-label="GTT orders" ref={fit}>
        <thead>
          <tr>
            <th>Instrument</th>
            <th>Status</th>
            <th data-priority="3">Type</th>
            <th>Side</th>
            <th className="num">Qty</th>
            <th className="num">Trigger</th>
            <th className="num" data-priority="2">Price</th>
            <th className="num">LTP</th>
            <th className="num" data-priority="2">To trigger</th>
            <th data-priority="3">Product</th>
            <th data-priority="2">Created</th>
            <th data-priority="2">Expires</th>
            <th data-priority="4">GTT id</th>
            <th data-priority="3" />
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <GttRow key={e.GTTID} entry={e} selected={i === at} onPick={() => void runCommand("list.cursor.to", { key: e.GTTID, paneId })} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const gttLabel = (e: GttEntry): string => `${gttSymbol(e)} GTT ${e.GTTID}`;

function GttRow({ entry, selected, onPick }: { entry: GttEntry; selected: boolean; onPick: () => void }) {
  const exchange = fromExchPair(entry.Exch, entry.ExchType);
  const inst = useSelector(() => (exchange ? gtt$.instruments[instrumentKey(exchange, entry.ScripCode)]!.get() : undefined));
  // The live last price from the feed, the contract snapshot until the first frame arrives.
  const live = useSelector(() => (exchange ? liveQuote(exchange, Number(entry.ScripCode)).LastRate.get() : 0));
  const ltp = live || (inst?.ltp ?? 0);
  const stale = staleAttr(usePriceStale(exchange ?? undefined, entry.ScripCode));
  const previous = useRef({ ltp, pltp: ltp });
  if (previous.current.ltp !== ltp) previous.current = { ltp, pltp: previous.current.ltp };
  const view = gttOrderView(entry, { pdc: inst?.pdc ?? 0, ltp, pltp: previous.current.pltp });
  if (!view) return null;
  const ex = view.exchange;
  const oco = entry.TriggerType === "OCO";
  const price = (n: number) => formatPrice(n, ex);
  const tickDir = view.ltp > view.pltp ? "up" : view.ltp < view.pltp ? "down" : "";
  const status = gttStatusOf(entry);
  const active = status === "ACTIVE";
  return (
    <tr className={`gtt-row${selected ? " gtt-selected" : ""}${active ? "" : " row-closed"}`} aria-selected={selected} data-gtt={entry.GTTID} data-status={status} onClick={onPick}>
      <td>
        {inst?.tradingSymbol ?? view.token} <span className="muted" data-priority="3">{ex}</span>
      </td>
      <td data-field="status">{GTT_STATUS_LABELS[status]}</td>
      <td data-priority="3">{view.orderType}</td>
      <td className={view.transactionType === "BUY" ? "gtt-buy" : "gtt-sell"}>{view.transactionType}</td>
      <td className="num">{view.quantity}</td>
      {/* Price1/Price2 are the triggers, EntryPrice1/EntryPrice2 the limit prices (src/core/types/gtt.ts). */}
      <td className="num">{oco ? `T ${price(entry.Price1)} / SL ${price(entry.Price2)}` : price(entry.Price1)}</td>
      <td className="num" data-priority="2">{oco ? `${price(entry.EntryPrice1)} / ${price(entry.EntryPrice2)}` : price(entry.EntryPrice1)}</td>
      <td className={`num gtt-ltp-${tickDir}`} data-field="ltp" data-stale={stale}>{inst ? price(view.ltp) : "--"}</td>
      <td className="num" data-priority="2">{inst ? `${formatPercent(gttDistancePercent(entry, view.ltp))}%` : "--"}</td>
      <td data-priority="3">{view.product}</td>
      {/* Placed and lapsing on the broker's clock, in IST; the order a triggered leg places is a DAY order (Validity), the GTT itself waits until it expires. */}
      <td data-field="created" data-priority="2">{entry.CreatedAt ? istDateTime(entry.CreatedAt) : "--"}</td>
      <td data-field="expires" data-priority="2">{entry.ExpiresAt ? istDateKey(new Date(entry.ExpiresAt)) : "--"}</td>
      <td className="muted" data-priority="4">{entry.GTTID}</td>
      <td className="gtt-actions row-targets" data-priority="3">
        {active && (
          <>
            <RowButton label="Modify" keyHint="m" call={{ commandId: "gtt.modify", args: { gttId: entry.GTTID } }} />
            <RowButton label="Cancel GTT" keyHint="Del" call={{ commandId: "gtt.cancel", args: { gttId: entry.GTTID } }} />
          </>
        )}
      </td>
    </tr>
  );
}
