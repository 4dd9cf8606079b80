import { useSelector } from "@legendapp/state/react";
import { runCommand } from "../../commands/run";
import { useEffect, useState } from "react";
import { readOrderHistory } from "../../data/reads";
import { formatDate, formatDateTime, formatPrice, orderTypeLabel, productLabel } from "../../core/format";
import { displayStatus, filledOverTotal, legRole, statusColour } from "../../core/rules/orderStatus";
import { bookAveragePrice, bookPriceText } from "../../core/rules/orderBookCells";
import { orders$ } from "../../data/stores/orders";
import { dialogTabs$, startDialogTabs } from "../../data/stores/tabs";
import type { Order } from "../../core/types/order";
import { Modal } from "../dialogs/Modal";
import { EmptyState } from "../views/EmptyState";
import { istTime } from "../../core/time";

/** The info dialog: tabs Information and History (trading-core section 2). ←/→ and [/] switch tabs. */

export function OrderInfoDialog({ orderNo }: { orderNo: string }) {
  const order = useSelector(() => orders$.orders.get().find((o) => o.orderNo === orderNo || o.brokerOrderId === orderNo));
  const tab = useSelector(() => dialogTabs$.tab.get());
  useEffect(() => startDialogTabs(2), []);
  return (
    // The title names what the order is on (issue 28): the instrument and side, then the number.
    <Modal title={order ? `Order ${orderNo} · ${order.transactionType} ${order.quantity} ${order.tradingSymbol}` : `Order ${orderNo}`} wide>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus sits on the selected tab (roving), never on the tab list */}
      <div
        className="info-tabs"
        role="tablist"
        onKeyDown={(e) => {
          if (e.key === "ArrowLeft") void runCommand("dialog.tab.previous");
          if (e.key === "ArrowRight") void runCommand("dialog.tab.next");
        }}
      >
        {(["Information", "History"] as const).map((name, i) => (
          <button key={name} type="button" role="tab" aria-selected={tab === i} className={`tab${tab === i ? " tab-active" : ""}`} onClick={() => void runCommand("dialog.tab.select", { tab: i })} autoFocus={i === 0}>
            {name}
          </button>
        ))}
      </div>
      {!order ? <EmptyState title="This order is no longer in the order book" /> : tab === 0 ? <Information order={order} /> : <History id={order.brokerOrderId || order.orderNo} />}
    </Modal>
  );
}

function Information({ order: o }: { order: Order }) {
  const rows: Array<[string, string]> = [
    ["Order no", o.orderNo],
    ["Broker order id", o.brokerOrderId],
    ["Instrument", `${o.tradingSymbol} (${o.exchange})`],
    ["Side", o.transactionType],
    ["Status", displayStatus(o)],
    ["Quantity (filled/total)", filledOverTotal(o)],
    // As the book's cells and the orders file show them (rules/orderBookCells.ts): MKT for a market order not filled, no average before a fill.
    ["Price", bookPriceText(o)],
    ["Average price", bookAveragePrice(o) === undefined ? "--" : formatPrice(o.averageTradedPrice, o.exchange)],
    ["Trigger price", o.slTriggerPrice ? formatPrice(o.slTriggerPrice, o.exchange) : "--"],
    ["Order type", orderTypeLabel(o.orderType)],
    ["Product", productLabel(o.product)],
    ["Complexity", o.orderComplexity],
    ["Validity", o.validity + (o.gtdValidityDate ? ` till ${formatDate(o.gtdValidityDate) || o.gtdValidityDate}` : "")],
    ["Disclosed quantity", String(o.disclosedQuantity)],
  ];
  if (o.orderComplexity === "BO" || o.orderComplexity === "CO") {
    rows.push(["Leg", legRole(o)]);
    if (o.targetPrice) rows.push(["Target price", formatPrice(o.targetPrice, o.exchange)]);
    if (o.stopLossPrice) rows.push(["Stop-loss price", formatPrice(o.stopLossPrice, o.exchange)]);
    if (o.trailingSlAmount) rows.push(["Trailing stop-loss", formatPrice(o.trailingSlAmount, o.exchange)]);
  }
  if (o.orderTag) rows.push(["Order tag", o.orderTag]);
  if (o.rejectionReason) rows.push(["Reason", o.rejectionReason]);
  if (o.orderTime) rows.push(["Time", `${formatDateTime(o.orderTime)} IST`]);
  return (
    <table className="grid kv" aria-label="Order information">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <td>{k}</td>
            <td>{k === "Status" ? <span className={`status status-${statusColour(o.orderStatus)}`}>{v}</span> : v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function History({ id }: { id: string }) {
  const [rows, setRows] = useState<Order[] | undefined>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    void readOrderHistory(id).then((r) => {
      if (!live) return;
      if (r.ok) setRows(r.rows);
      else setError(r.message);
    });
    return () => {
      live = false;
    };
  }, [id]);
  if (error) return <EmptyState title={error} />;
  if (!rows) return <EmptyState title="Loading history…" />;
  if (rows.length === 0) return <EmptyState title="No history for this order" />;
  return (
    <table className="grid" aria-label="Order history">
      <thead>
        <tr>
          <th>Time</th>
          <th>Status</th>
          <th className="num">Filled/Total</th>
          <th className="num">Price</th>
          <th className="num">Trigger</th>
          <th>Reason</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((h, i) => (
          <tr key={i}>
            <td className="muted">{istTime(h.orderTime)}</td>
            <td>
              <span className={`status status-${statusColour(h.orderStatus)}`}>{String(h.orderStatus).toUpperCase()}</span>
            </td>
            <td className="num">{filledOverTotal(h)}</td>
            <td className="num">{bookPriceText(h)}</td>
            <td className="num">{h.slTriggerPrice ? formatPrice(h.slTriggerPrice, h.exchange) : ""}</td>
            <td>{h.rejectionReason ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
