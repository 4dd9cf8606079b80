import { useSelector } from "@legendapp/state/react";
import { describeTrail, trailOf } from "../../core/rules/trail";
import { useEffect, useMemo } from "react";
import type { Selection } from "../../commands/types";
import type { CommandCall } from "../../commands/ids";
import { runCall, runCommand } from "../../commands/run";
import { formatPrice, orderTypeLabel, productLabel } from "../../core/format";
import { istTime } from "../../core/time";
import {
  actionsForStatus,
  displayStatus,
  executedOrders,
  groupLegs,
  legRole,
  newestFirst,
  openOrders,
  quantityCell,
  statusColour,
  TRADE_BOOK_STATUS,
  type LegRole,
} from "../../core/rules/orderStatus";
import { orders$, refreshOrders } from "../../data/stores/orders";
import { bracketGroupKey, sliceGroups$ } from "../../data/stores/sliceGroups";
import { isModifiableStatus } from "../../core/rules/orderStatus";
import { bookPriceText, bookTrigger } from "../../core/rules/orderBookCells";
import { sliceGroupOf } from "../../core/rules/slicing";
import { groupOrderType, groupPrice, groupStatuses, groupTrigger, groupValidity, openSlicesOf } from "../../core/rules/sliceGroup";
import { useFitColumns } from "../layout/fitColumns";
import { GridCellsOf, GridHead, useGridColumns, type CellAt, type GridCells } from "../layout/gridColumns";
import { useListCursor } from "../layout/listCursor";
import { usePane, usePaneTabs } from "../layout/pane";
import type { Order, Trade } from "../../core/types/order";
import { EmptyState } from "../views/EmptyState";
import { GttList, useGttCount } from "../gtt/GttList";
import { Tabs } from "../views/Tabs";
import { FitSymbol } from "../views/FitSymbol";
import type { ViewProps } from "../views/types";
import "./orders.css";
import { KeyHint } from "../views/KeyHint";

interface Row {
  order: Order;
  role: LegRole;
  /** A BO/CO sub-leg shown under its main leg, or a slice under its group's line. */
  leg: boolean;
  /** A sliced order's one line (issue 19): its slices in order, and whether they are shown under it. */
  slices?: { base: string; orders: Order[]; expanded: boolean };
  /** Issue 33: a bracket's entry is one line with its template's name; `o` shows its legs under it. */
  bracket?: { name: string; legs: Order[]; expanded: boolean };
}

/**
 * What an order row selects: `m`, `Delete`, `r`, `i` and Enter act on it by its status. A sliced
 * order's line selects its group, by its first open slice (else its first): `m` and `Delete` are
 * allowed while any slice is open, and act on every open slice (commands/sliceGroupOrders.ts).
 */
function orderSelection(r: Row): Selection {
  if (r.slices) {
    const lead = openSlicesOf(r.slices.orders)[0] ?? r.order;
    return { kind: "order", orderNo: lead.orderNo, status: lead.orderStatus, sliceGroup: r.slices.base };
  }
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
    if (g.main.bracket && g.main.mainLegOrderId === "") {
      // Targets nearest first (T1, T2, T3), then the stop.
      const rank = (o: Order) => (o.bracket === "SL" ? 9 : Number(o.bracket?.slice(1) ?? 0));
      const legs = [...g.legs].sort((a, b) => rank(a) - rank(b));
      const open = expanded[bracketGroupKey(g.main.orderNo)] === true;
      out.push({ order: g.main, role: "main", leg: false, bracket: { name: g.main.bracket, legs, expanded: open } });
      if (open) for (const l of legs) out.push({ order: l, role: legRole(l), leg: true });
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

  // Kept current by the store on every order update (data/stores/orders.ts); the pane asks once as it opens.
  useEffect(() => {
    void refreshOrders();
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
      <Tabs page={page} counts={[orders.length, pending.length, executed.length, gttCount?.listed]} />
      <div className="orders-toolbar">
        {/* Shift+Delete is the GTT tab's own (cancel all GTTs) there, the orders' elsewhere: the button says which. */}
        {tab === 3 ? (
          <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("gtt.cancelAll")} disabled={!gttCount?.waiting}>
            Cancel all GTTs <KeyHint command="gtt.cancelAll" />
          </button>
        ) : (
          <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCommand("order.cancelAll")} disabled={pending.length === 0}>
            Cancel all orders <KeyHint command="order.cancelAll" />
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

/** What a slice group's line shows of its quantities: their total and the filled part. */
function sliceSummary(group: NonNullable<Row["slices"]>) {
  const total = group.orders.reduce((n, x) => n + x.quantity, 0);
  const filled = group.orders.reduce((n, x) => n + x.filledQuantity, 0);
  return { total, filled };
}

const triggerCell = (o: Order): string => {
  const t = bookTrigger(o);
  return t === undefined ? "" : formatPrice(t, o.exchange);
};

const sideClass = (side: string) => (side === "BUY" ? "side-buy" : "side-sell");

/** The order book's cells by column (GRID_COLUMNS.orders); a sliced order's one line fills the same columns from its slices. */
const ORDER_CELLS: GridCells<"orders", Row> = {
  time: { cell: (r, at) => <td className="muted" {...at}>{istTime(r.order.orderTime)}</td> },
  side: { cell: (r, at) => <td className={sideClass(r.order.transactionType)} {...at}>{r.order.transactionType}</td> },
  instrument: { cell: (r, at) => <InstrumentCell row={r} at={at} /> },
  exchange: { cell: (r, at) => <td className="muted" {...at}>{r.order.exchange}</td> },
  product: { cell: (r, at) => <td {...at}>{productLabel(r.order.product)}</td> },
  // A group's line takes each column from all its slices (rules/sliceGroup.ts): a slice modified alone shows beside the others.
  orderType: { cell: (r, at) => <td {...at} data-field="orderType">{r.slices ? groupOrderType(r.slices.orders) : orderTypeLabel(r.order.orderType)}</td> },
  qty: {
    num: true,
    cell: (r, at) => {
      if (r.slices) {
        const { filled, total } = sliceSummary(r.slices);
        return <td className="num" {...at}>{filled > 0 ? `${filled}/${total}` : total}</td>;
      }
      return <td className="num" {...at}>{quantityCell(r.order)}</td>;
    },
  },
  price: {
    num: true,
    cell: (r, at) => {
      const o = r.order;
      // Each slice's own price, "12.00 / 10.00" when they differ: slice 1's alone read as the whole order's.
      if (r.slices) return <td className="num" {...at}>{groupPrice(r.slices.orders)}</td>;
      // MKT for a MARKET or SL-M order not yet filled (rules/orderBookCells.ts, which the orders file follows too).
      return <td className="num" {...at}>{bookPriceText(o)}</td>;
    },
  },
  // SL and SL-M orders carry a trigger; other order types have none, and the cell says so plainly.
  trigger: { num: true, cell: (r, at) => <td className="num" {...at} data-field="trigger">{r.slices ? groupTrigger(r.slices.orders) : triggerCell(r.order)}</td> },
  status: { cell: (r, at) => <StatusCell row={r} at={at} /> },
  validity: { cell: (r, at) => <td {...at}>{r.slices ? groupValidity(r.slices.orders) : r.order.validity}</td> },
  orderNo: { cell: (r, at) => <td className="muted" {...at}>{r.order.orderNo}</td> },
  actions: { cell: (r, at) => <ActionsCell row={r} at={at} /> },
};

function OrderGrid({ rows, cursor, onPick }: { rows: Row[]; cursor: number; onPick: (r: Row) => void }) {
  const fit = useFitColumns<HTMLTableElement>();
  const shown = useGridColumns("orders");
  return (
    <table className="grid orders-grid fit" aria-label="Orders" ref={fit} {...shown.gridAt}>
      <GridHead shown={shown} cells={ORDER_CELLS} />
      <tbody>
        {rows.map((r, i) => (
          <tr
            key={r.slices ? `slices-${r.slices.base}` : r.order.brokerOrderId || r.order.orderNo}
            className={[i === cursor ? "row-cursor" : "", r.slices ? "slice-group" : "", r.leg ? "row-leg" : ""].filter(Boolean).join(" ")}
            aria-selected={i === cursor}
            aria-expanded={r.slices ? r.slices.expanded : r.bracket && r.bracket.legs.length > 0 ? r.bracket.expanded : undefined}
            data-order-no={r.order.orderNo}
            data-slice-group={r.slices?.base}
            data-bracket={r.bracket?.name}
            onMouseDown={() => onPick(r)}
          >
            <GridCellsOf shown={shown} cells={ORDER_CELLS} row={r} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function InstrumentCell({ row, at }: { row: Row; at: CellAt }) {
  const o = row.order;
  const bracket = o.orderComplexity === "BO" || o.orderComplexity === "CO";
  const trail = trailOf(o);
  if (row.slices) {
    return (
      <td {...at}>
        <span className="leg-mark">{row.slices.expanded ? "▾ " : "▸ "}</span>
        <FitSymbol symbol={o.tradingSymbol} />
        <span className="leg-role" data-testid="slice-count"> {row.slices.orders.length} slices</span>
      </td>
    );
  }
  if (row.bracket) {
    const open = row.bracket.legs.filter((l) => isModifiableStatus(l.orderStatus)).length;
    return (
      <td {...at}>
        <span className="leg-mark">{row.bracket.legs.length > 0 ? (row.bracket.expanded ? "▾ " : "▸ ") : ""}</span>
        <FitSymbol symbol={o.tradingSymbol} />
        <span className="leg-role" data-testid="bracket-name">
          {" "}
          {row.bracket.name}
        </span>
        <span className="leg-role" data-testid="bracket-legs" title={row.bracket.legs.length === 0 ? "Its targets and stop are placed as it fills" : `${open} of its ${row.bracket.legs.length} legs open`}>
          {" "}
          {row.bracket.legs.length === 0 ? "no legs yet" : `${open}/${row.bracket.legs.length} open`}
        </span>
      </td>
    );
  }
  return (
    <td {...at}>
      {row.leg && <span className="leg-mark">└ </span>}
      <FitSymbol symbol={o.tradingSymbol} />
      {row.leg && o.bracket && <span className="leg-role" data-testid="bracket-leg"> {o.bracket === "SL" ? "stop" : `target ${o.bracket.slice(1)}`}</span>}
      {bracket && <span className="leg-role"> {o.orderComplexity} {ROLE_LABEL[row.role]}</span>}
      {o.orderComplexity === "AMO" && <span className="leg-role"> AMO</span>}
      {trail && (
        // Issue 33: the broker moves this order's trigger (the Trigger column shows where it stands now).
        <span className="leg-role" data-testid="order-trail">
          {" "}
          {describeTrail(trail)}
        </span>
      )}
    </td>
  );
}

function StatusCell({ row, at }: { row: Row; at: CellAt }) {
  const o = row.order;
  if (row.slices) {
    // Each status with how many slices are in it ("1 OPEN · 1 CANCELLED"); the bare word when all share it.
    const counts = groupStatuses(row.slices.orders);
    return (
      <td {...at}>
        {counts.map((c, i) => (
          <span key={c.status}>
            {i > 0 && <span className="muted"> · </span>}
            <span className={`status status-${statusColour(c.status === "PARTLY EXECUTED" ? "partly executed" : c.orderStatus)}`}>{counts.length > 1 ? `${c.count} ${c.status}` : c.status}</span>
          </span>
        ))}
      </td>
    );
  }
  const status = displayStatus(o);
  return (
    <td {...at}>
      <span className={`status status-${statusColour(status === "PARTLY EXECUTED" ? "partly executed" : o.orderStatus)}`} title={o.rejectionReason || undefined}>
        {status}
      </span>
      {o.rejectionReason && <div className="muted reason">{o.rejectionReason}</div>}
    </td>
  );
}

function ActionsCell({ row, at }: { row: Row; at: CellAt }) {
  const o = row.order;
  if (row.slices) {
    // Modify and cancel on the line act on every open slice (the group), as `m` and `Delete` do there.
    const lead = openSlicesOf(row.slices.orders)[0];
    const group = lead ? { orderNo: lead.orderNo, sliceGroup: row.slices.base } : undefined;
    return (
      <td className="row-actions row-targets" {...at}>
        <ActionButton call={{ commandId: "orders.slices.toggle", args: { orderNo: o.orderNo } }} label={row.slices.expanded ? "Fold" : "Slices"} k="O" />
        {group && <ActionButton call={{ commandId: "order.modify", args: group }} label="Modify" k="M" />}
        {group && <ActionButton call={{ commandId: "order.cancel", args: group }} label="Cancel order" k="Del" />}
      </td>
    );
  }
  const actions = actionsForStatus(o.orderStatus);
  const args = { orderNo: o.orderNo };
  return (
    <td className="row-actions row-targets" {...at}>
      {row.bracket && row.bracket.legs.length > 0 && <ActionButton call={{ commandId: "orders.slices.toggle", args }} label={row.bracket.expanded ? "Fold" : "Legs"} k="O" />}
      {actions.modify && <ActionButton call={{ commandId: "order.modify", args }} label="Modify" k="M" />}
      {/* "Cancel order", never bare "Cancel": that word closes nothing here, and a dialog's Esc button says "Close". */}
      {actions.cancel && <ActionButton call={{ commandId: "order.cancel", args }} label="Cancel order" k="Del" />}
      {actions.repeat && <ActionButton call={{ commandId: "order.repeat", args }} label="Repeat" k="R" />}
      {actions.details && <ActionButton call={{ commandId: "order.info", args }} label="Info" k="I" />}
    </td>
  );
}

function ActionButton({ call, label, k }: { call: CommandCall; label: string; k: string }) {
  return (
    <button type="button" className="btn btn-small" tabIndex={-1} onClick={() => void runCall(call)} title={`${label} (${k})`}>
      {label}
    </button>
  );
}

/** The trade book's cells by column (GRID_COLUMNS.trades). */
const TRADE_CELLS: GridCells<"trades", Trade> = {
  time: { cell: (t, at) => <td className="muted" {...at}>{istTime(t.tradeTime)}</td> },
  side: { cell: (t, at) => <td className={sideClass(t.transactionType)} {...at}>{t.transactionType}</td> },
  instrument: { cell: (t, at) => <td {...at}><FitSymbol symbol={t.tradingSymbol} /></td> },
  exchange: { cell: (t, at) => <td className="muted" {...at}>{t.exchange}</td> },
  product: { cell: (t, at) => <td {...at}>{productLabel(t.product)}</td> },
  qty: { num: true, cell: (t, at) => <td className="num" {...at}>{t.filledQuantity}</td> },
  price: { num: true, cell: (t, at) => <td className="num" {...at}>{formatPrice(t.tradedPrice, t.exchange)}</td> },
  status: { cell: (_t, at) => <td {...at}><span className="status status-green">{TRADE_BOOK_STATUS}</span></td> },
};

function TradeBook({ trades }: { trades: Trade[] }) {
  const fit = useFitColumns<HTMLTableElement>();
  const shown = useGridColumns("trades");
  return (
    <section className="trade-book" aria-label="Trade book">
      <h3>Trade book</h3>
      {trades.length === 0 ? (
        <EmptyState title="No trades today" />
      ) : (
        <table className="grid fit" aria-label="Trades" ref={fit} {...shown.gridAt}>
          <GridHead shown={shown} cells={TRADE_CELLS} />
          <tbody>
            {trades.map((t) => (
              <tr key={t.tradeId}>
                <GridCellsOf shown={shown} cells={TRADE_CELLS} row={t} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
