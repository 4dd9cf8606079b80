import { useSelector } from "@legendapp/state/react";
import { useEffect, useMemo } from "react";
import type { Selection } from "../../commands/types";
import type { CommandCall } from "../../commands/ids";
import { runCall, runCommand } from "../../commands/run";
import { onSignal } from "../../core/events";
import { formatPrice } from "../../core/format";
import { istTime } from "../../core/time";
import {
  actionsForStatus,
  displayPrice,
  displayStatus,
  filledOverTotal,
  executedOrders,
  groupLegs,
  isPartlyExecuted,
  legRole,
  newestFirst,
  openOrders,
  statusColour,
  TRADE_BOOK_STATUS,
  type LegRole,
} from "../../core/rules/orderStatus";
import { orders$, refreshOrders } from "../../data/stores/orders";
import { sliceGroups$ } from "../../data/stores/sliceGroups";
import { sliceGroupOf } from "../../core/rules/slicing";
import { useFitColumns } from "../layout/fitColumns";
import { useListCursor } from "../layout/listCursor";
import { usePane, usePaneTabs } from "../layout/pane";
import type { Order, Trade } from "../../core/types/order";
import { EmptyState } from "../views/EmptyState";
import { GttList, useGttCount } from "../gtt/GttList";
import { Tabs } from "../views/Tabs";
import type { ViewProps } from "../views/types";
import "./orders.css";

interface Row {
  order: Order;
  role: LegRole;
  /** A BO/CO sub-leg shown under its main leg, or a slice under its group's line. */
  leg: boolean;
  /** A sliced order's one line (issue 19): its slices in order, and whether they are shown under it. */
  slices?: { base: string; orders: Order[]; expanded: boolean };
}

/** What an order row selects: `m`, `Delete`, `r`, `i` and Enter act on it by its status. */
function orderSelection(r: Row): Selection {
  return { kind: "order", orderNo: r.order.orderNo, status: r.order.orderStatus };
}

/** A row's identity for the cursor: its order number; a sliced order's one line is its group (its first slice is also a row of its own when expanded). */
const orderRowKey = (r: Row): string => (r.slices ? `slices:${r.slices.base}` : r.order.orderNo);

/** A row in the status line's words: "RELIANCE order 251128000123". */
const orderRowLabel = (r: Row): string => (r.slices ? `${r.order.tradingSymbol} sliced order (${r.slices.orders.length} slices)` : `${r.order.tradingSymbol} order ${r.order.orderNo}`);

/** The tabs' names as the status line says them. */
const TAB_NAMES = ["All orders", "Pending", "Executed"] as const;

/** BO/CO legs grouped under their main leg, in book order. */

function rowsOf(orders: readonly Order[], expanded: Record<string, boolean>): Row[] {
  const out: Row[] = [];
  const slicesOf = new Map<string, Order[]>();
  for (const o of orders) {
    const g = sliceGroupOf(o.clientOrderKey);
    if (g) slicesOf.set(g.base, [...(slicesOf.get(g.base) ?? []), o]);
  }
  for (const g of groupLegs(orders)) {
    const sg = sliceGroupOf(g.main.clientOrderKey);
    if (sg) {
      // The slices of one order are one line, at the place of its newest slice; `o` shows them under it.
      const group = slicesOf.get(sg.base);
      if (!group) continue;
      slicesOf.delete(sg.base);
      const inOrder = [...group].sort((a, b) => sliceGroupOf(a.clientOrderKey)!.index - sliceGroupOf(b.clientOrderKey)!.index);
      const open = expanded[sg.base] === true;
      out.push({ order: inOrder[0]!, role: "main", leg: false, slices: { base: sg.base, orders: inOrder, expanded: open } });
      if (open) for (const o of inOrder) out.push({ order: o, role: "main", leg: true });
      continue;
    }
    out.push({ order: g.main, role: legRole(g.main), leg: false });
    for (const l of g.legs) out.push({ order: l, role: legRole(l), leg: true });
  }
  return out;
}

/**
 * Orders (trading-core section 2): tabs All, Pending, Executed, GTT with counts; the order book
 * with status colours and actions by status; the trade book under Executed.
 */
export function OrdersView({ page }: ViewProps) {
  const { tab } = usePaneTabs(page);
  const { orders: book, trades: tradeBook, loaded, error } = useSelector(() => orders$.get());
  const orders = useMemo(() => newestFirst(book, (o) => o.orderTime), [book]);
  const trades = useMemo(() => newestFirst(tradeBook, (t) => t.tradeTime), [tradeBook]);
  const gttCount = useGttCount();

  useEffect(() => {
    void refreshOrders();
    return onSignal("orders.refresh", () => void refreshOrders());
  }, []);

  const pending = useMemo(() => openOrders(orders), [orders]);
  const executed = useMemo(() => executedOrders(orders), [orders]);
  // "Pending statuses go in open orders"; Executed lists the orders with a fill; All the whole book.
  const expanded = useSelector(() => sliceGroups$.expanded.get());
  const rows = useMemo(() => rowsOf(tab === 1 ? pending : tab === 2 ? executed : orders, expanded), [tab, pending, executed, orders, expanded]);
  // The GTT tab's list owns the pane's row cursor and selection while it is shown.
  const at = useListCursor({ name: TAB_NAMES[tab] ?? "Orders", rows, keyOf: orderRowKey, selectionOf: orderSelection, labelOf: orderRowLabel }, tab !== 3 && loaded);
  const paneId = usePane().id;

  return (
    <div className="page orders-page">
      <Tabs page={page} counts={[orders.length, pending.length, executed.length, gttCount]} />
      <div className="orders-toolbar">
        {/* Shift+Delete is the GTT tab's own (cancel all GTTs) there, the orders' elsewhere: the button says which. */}
        {tab === 3 ? (
          <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("gtt.cancelAll")} disabled={!gttCount}>
            Cancel all GTTs <kbd>Shift+Delete</kbd>
          </button>
        ) : (
          <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("order.cancelAll")} disabled={pending.length === 0}>
            Cancel all orders <kbd>Shift+Delete</kbd>
          </button>
        )}
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("orders.export")}>
          Export orders CSV
        </button>
        <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("orders.trades.export")}>
          Export trades CSV
        </button>
        {error && <span className="orders-error" role="alert">{error}</span>}
      </div>
      {tab === 3 ? (
        <GttList />
      ) : !loaded ? (
        <EmptyState title="Loading orders…" />
      ) : rows.length === 0 ? (
        <EmptyState title={tab === 1 ? "No pending orders" : tab === 2 ? "No executed orders" : "No orders today"}>Type "buy INFY 10 @ 1500" in the palette (Ctrl+K) to place one.</EmptyState>
      ) : (
        <OrderGrid rows={rows} cursor={at} onPick={(r) => void runCommand("list.cursor.to", { key: orderRowKey(r), paneId })} />
      )}
      {tab === 2 && <TradeBook trades={trades} />}
    </div>
  );
}

const ROLE_LABEL: Record<LegRole, string> = { main: "main", target: "target", "stop-loss": "stop-loss" };

function OrderGrid({ rows, cursor, onPick }: { rows: Row[]; cursor: number; onPick: (r: Row) => void }) {
  const fit = useFitColumns<HTMLTableElement>();
  return (
    <table className="grid orders-grid fit" aria-label="Orders" ref={fit}>
      <thead>
        <tr>
          <th data-priority="2">Time</th>
          <th>Type</th>
          <th>Instrument</th>
          <th data-priority="3">Product</th>
          <th className="num">Qty</th>
          <th className="num">Price</th>
          <th className="num" data-priority="4">Trigger</th>
          <th>Status</th>
          <th data-priority="3">Actions</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          r.slices ? (
            <SliceGroupRow key={`slices-${r.slices.base}`} row={r} selected={i === cursor} onPick={() => onPick(r)} />
          ) : (
            <OrderRow key={r.order.brokerOrderId || r.order.orderNo} row={r} selected={i === cursor} onPick={() => onPick(r)} />
          )
        ))}
      </tbody>
    </table>
  );
}

function OrderRow({ row, selected, onPick }: { row: Row; selected: boolean; onPick: () => void }) {
  const o = row.order;
  const status = displayStatus(o);
  const actions = actionsForStatus(o.orderStatus);
  const bracket = o.orderComplexity === "BO" || o.orderComplexity === "CO";
  const args = { orderNo: o.orderNo };
  return (
    <tr className={`${selected ? "row-cursor" : ""}${row.leg ? " row-leg" : ""}`} aria-selected={selected} data-order-no={o.orderNo} onMouseDown={onPick}>
      <td className="muted" data-priority="2">{istTime(o.orderTime)}</td>
      <td className={o.transactionType === "BUY" ? "side-buy" : "side-sell"}>{o.transactionType}</td>
      <td>
        {row.leg && <span className="leg-mark">└ </span>}
        {o.tradingSymbol} <span className="muted" data-priority="3">{o.exchange}</span>
        {bracket && <span className="leg-role"> {o.orderComplexity} {ROLE_LABEL[row.role]}</span>}
        {o.orderComplexity === "AMO" && <span className="leg-role"> AMO</span>}
      </td>
      <td data-priority="3">{o.product}</td>
      <td className="num">{isPartlyExecuted(o) || status === "COMPLETE" ? filledOverTotal(o) : o.quantity}</td>
      <td className="num">{o.orderType === "MARKET" && status !== "COMPLETE" ? "MKT" : formatPrice(displayPrice(o), o.exchange)}</td>
      <td className="num" data-priority="4">{o.slTriggerPrice ? formatPrice(o.slTriggerPrice, o.exchange) : ""}</td>
      <td>
        <span className={`status status-${statusColour(status === "PARTLY EXECUTED" ? "partly executed" : o.orderStatus)}`} title={o.rejectionReason || undefined}>
          {status}
        </span>
        {o.rejectionReason && <div className="muted reason">{o.rejectionReason}</div>}
      </td>
      <td className="row-actions row-targets" data-priority="3">
        {actions.modify && <ActionButton call={{ commandId: "order.modify", args }} label="Modify" k="M" />}
        {actions.cancel && <ActionButton call={{ commandId: "order.cancel", args }} label="Cancel" k="Del" />}
        {actions.repeat && <ActionButton call={{ commandId: "order.repeat", args }} label="Repeat" k="R" />}
        {actions.details && <ActionButton call={{ commandId: "order.info", args }} label="Info" k="I" />}
      </td>
    </tr>
  );
}

/** A sliced order's one line: the slices' total and their statuses; `o` expands it into its slices. */
function SliceGroupRow({ row, selected, onPick }: { row: Row; selected: boolean; onPick: () => void }) {
  const o = row.order;
  const group = row.slices!;
  const total = group.orders.reduce((n, x) => n + x.quantity, 0);
  const filled = group.orders.reduce((n, x) => n + x.filledQuantity, 0);
  const statuses = [...new Set(group.orders.map((x) => displayStatus(x)))];
  return (
    <tr className={selected ? "row-cursor slice-group" : "slice-group"} aria-selected={selected} aria-expanded={group.expanded} data-order-no={o.orderNo} data-slice-group={group.base} onMouseDown={onPick}>
      <td className="muted" data-priority="2">{istTime(o.orderTime)}</td>
      <td className={o.transactionType === "BUY" ? "side-buy" : "side-sell"}>{o.transactionType}</td>
      <td>
        <span className="leg-mark">{group.expanded ? "▾ " : "▸ "}</span>
        {o.tradingSymbol} <span className="muted" data-priority="3">{o.exchange}</span>
        <span className="leg-role" data-testid="slice-count"> {group.orders.length} slices</span>
      </td>
      <td data-priority="3">{o.product}</td>
      <td className="num">{filled > 0 ? `${filled}/${total}` : total}</td>
      <td className="num">{o.orderType === "MARKET" ? "MKT" : formatPrice(displayPrice(o), o.exchange)}</td>
      <td className="num" data-priority="4">{o.slTriggerPrice ? formatPrice(o.slTriggerPrice, o.exchange) : ""}</td>
      <td>
        {statuses.map((st) => (
          <span key={st} className={`status status-${statusColour(st === "PARTLY EXECUTED" ? "partly executed" : group.orders.find((x) => displayStatus(x) === st)!.orderStatus)}`}>
            {st}{" "}
          </span>
        ))}
      </td>
      <td className="row-actions row-targets" data-priority="3">
        <ActionButton call={{ commandId: "orders.slices.toggle", args: { orderNo: o.orderNo } }} label={group.expanded ? "Fold" : "Slices"} k="O" />
      </td>
    </tr>
  );
}

function ActionButton({ call, label, k }: { call: CommandCall; label: string; k: string }) {
  return (
    <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCall(call)} title={`${label} (${k})`}>
      {label}
    </button>
  );
}

function TradeBook({ trades }: { trades: Trade[] }) {
  const fit = useFitColumns<HTMLTableElement>();
  return (
    <section className="trade-book" aria-label="Trade book">
      <h3>Trade book</h3>
      {trades.length === 0 ? (
        <EmptyState title="No trades today" />
      ) : (
        <table className="grid fit" aria-label="Trades" ref={fit}>
          <thead>
            <tr>
              <th data-priority="2">Time</th>
              <th>Type</th>
              <th>Instrument</th>
              <th data-priority="3">Product</th>
              <th className="num">Qty</th>
              <th className="num">Price</th>
              <th data-priority="4">Status</th>
            </tr>
          </thead>
          <tbody>
            {trades.map((t) => (
              <tr key={t.tradeId}>
                <td className="muted" data-priority="2">{istTime(t.tradeTime)}</td>
                <td className={t.transactionType === "BUY" ? "side-buy" : "side-sell"}>{t.transactionType}</td>
                <td>
                  {t.tradingSymbol} <span className="muted">{t.exchange}</span>
                </td>
                <td data-priority="3">{t.product}</td>
                <td className="num">{t.filledQuantity}</td>
                <td className="num">{formatPrice(t.tradedPrice, t.exchange)}</td>
                <td data-priority="4">
                  <span className="status status-green">{TRADE_BOOK_STATUS}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
