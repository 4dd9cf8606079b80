import { displayStatus } from "../../src/core/rules/orderStatus.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { OrderComplexity, OrderType, Product, TransactionType, Validity } from "../../src/core/types/order.js";
import type { OrderStatus } from "../../src/core/types/orderStatus.js";
import { withTrail, type OrderRecord, type OrderRow, type TradeRow } from "./record.js";

/**
 * How an order and a trade sit in their SQLite rows: one column per field, so that a write binds
 * values instead of serialising the whole record (issue 18). `orderNo`, `instrumentId` and `token`
 * are the order id and the token again, and the display `status` follows from the status and
 * quantities: none is stored twice. An order's history is one column of JSON lines, each the
 * fields a change can touch (HISTORY_FIELDS), appended to as the order changes.
 */

/** Columns of the orders table, in the order ORDER_VALUES binds them. */
export const ORDER_COLUMNS = [
  "seq",
  "broker_order_id",
  "user_id",
  "working",
  "day",
  "main_leg_order_id",
  "exchange",
  "token",
  "trading_symbol",
  "ins_type",
  "transaction_type",
  "product",
  "order_complexity",
  "algo_id",
  "client_order_key",
  "order_status",
  "quantity",
  "pending_quantity",
  "filled_quantity",
  "cancelled_quantity",
  "price",
  "trigger_price",
  "sl_trigger_price",
  "stop_loss_price",
  "target_price",
  "trailing_sl_amount",
  "disclosed_quantity",
  "average_traded_price",
  "market_protection",
  "order_tag",
  "order_type",
  "validity",
  "gtd_validity_date",
  "rejection_reason",
  "order_time",
  "blocked_span",
  "blocked_exposure",
  "blocked_premium",
  "blocked_cash",
  "blocked_total",
  "triggered",
  "protection_price",
  "trail_ref",
  "trail_best",
  "session_day",
  "filled_value",
  // Issue 33 (migration 3300): a trailing SL or SL-M order's trail; its trigger is trigger_price.
  "trail_value",
  "trail_unit",
  "trail_jump",
  // Issue 33 (migration 3321): a bracket's entry carries its template's name, a leg T1-T3 or SL.
  "bracket",
  "history",
] as const;

/** Columns set once, when the order is placed: an upsert leaves them alone. */
const FIXED = new Set(["seq", "broker_order_id", "user_id", "day", "main_leg_order_id", "exchange", "token", "trading_symbol", "ins_type", "transaction_type", "product", "order_complexity", "algo_id", "client_order_key", "bracket"]);

/**
 * One statement writes an order: a new one is inserted, a known one has its changing columns
 * replaced and this write's history lines appended.
 */
export const ORDER_UPSERT =
  `INSERT INTO orders (${ORDER_COLUMNS.join(", ")}) VALUES (${ORDER_COLUMNS.map(() => "?").join(", ")}) ` +
  `ON CONFLICT (seq) DO UPDATE SET ${ORDER_COLUMNS.filter((c) => !FIXED.has(c))
    .map((c) => (c === "history" ? "history = orders.history || excluded.history" : `${c} = excluded.${c}`))
    .join(", ")}`;

/** The values of ORDER_COLUMNS for a write of `r`; `history` is the lines this write appends. */
export function orderValues(r: OrderRecord, working: boolean, day: string, history: string): unknown[] {
  const b = r.blocked;
  return [
    r.seq,
    r.brokerOrderId,
    r.userId,
    working ? 1 : 0,
    day,
    r.mainLegOrderId,
    r.exchange,
    r.tokenNo,
    r.tradingSymbol,
    r.insType,
    r.transactionType,
    r.product,
    r.orderComplexity,
    r.algoId,
    r.clientOrderKey,
    ...changingValues(r),
    b.span,
    b.exposure,
    b.premium,
    b.cash,
    b.total,
    r.triggered ? 1 : 0,
    r.protectionPrice,
    r.trailRef,
    r.trailBest,
    r.sessionDay,
    r.filledValue,
    r.trailValue ?? 0,
    r.trailUnit ?? "",
    r.trailJump ?? 0,
    r.bracket ?? "",
    history,
  ];
}

/** A row read with `raw()`: the values in ORDER_COLUMNS order. */
export type OrderValues = unknown[];

const num = (v: unknown): number => (typeof v === "number" ? v : 0);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

export function recordOf(v: OrderValues): OrderRecord {
  const id = str(v[1]);
  const token = String(v[7]);
  const r: OrderRecord = {
    brokerOrderId: id,
    orderNo: id,
    status: "",
    orderStatus: v[15] as OrderStatus,
    mainLegOrderId: str(v[5]),
    exchange: v[6] as Exchange,
    instrumentId: token,
    token,
    tradingSymbol: str(v[8]),
    quantity: num(v[16]),
    pendingQuantity: num(v[17]),
    filledQuantity: num(v[18]),
    cancelledQuantity: num(v[19]),
    price: num(v[20]),
    triggerPrice: num(v[21]),
    slTriggerPrice: num(v[22]),
    stopLossPrice: num(v[23]),
    targetPrice: num(v[24]),
    trailingSlAmount: num(v[25]),
    disclosedQuantity: num(v[26]),
    averageTradedPrice: num(v[27]),
    marketProtection: num(v[28]),
    orderTag: str(v[29]),
    algoId: str(v[13]),
    orderComplexity: v[12] as OrderComplexity,
    product: v[11] as Product,
    orderType: v[30] as OrderType,
    validity: v[31] as Validity,
    transactionType: v[10] as TransactionType,
    rejectionReason: str(v[33]),
    orderTime: str(v[34]),
    clientOrderKey: str(v[14]),
    userId: str(v[2]),
    seq: num(v[0]),
    tokenNo: num(v[7]),
    insType: str(v[9]),
    blocked: { span: num(v[35]), exposure: num(v[36]), premium: num(v[37]), cash: num(v[38]), total: num(v[39]) },
    triggered: v[40] === 1,
    protectionPrice: num(v[41]),
    trailRef: num(v[42]),
    trailBest: num(v[43]),
    sessionDay: str(v[44]),
    filledValue: num(v[45]),
  };
  if (typeof v[32] === "string" && v[32] !== "") r.gtdValidityDate = v[32];
  if (num(v[46]) > 0) Object.assign(r, { trailValue: num(v[46]), trailUnit: v[47] === "PERCENT" ? "PERCENT" : "POINTS", trailJump: num(v[48]) });
  if (str(v[49]) !== "") r.bracket = str(v[49]);
  r.status = displayStatus(r);
  return r;
}

/**
 * The fields a change to an order can touch, in the order a history line lists them; the rest of
 * a history row is the order's own fixed fields. The migration that moved history into this
 * column (server/migrations.ts, id 310) writes the same list.
 */
export const HISTORY_FIELDS = [
  "orderStatus",
  "quantity",
  "pendingQuantity",
  "filledQuantity",
  "cancelledQuantity",
  "price",
  "triggerPrice",
  "slTriggerPrice",
  "stopLossPrice",
  "targetPrice",
  "trailingSlAmount",
  "disclosedQuantity",
  "averageTradedPrice",
  "marketProtection",
  "orderTag",
  "orderType",
  "validity",
  "gtdValidityDate",
  "rejectionReason",
  "orderTime",
] as const;

/** The values of HISTORY_FIELDS for `r`, in that order: the order row's changing columns and a history line alike. */
function changingValues(r: OrderRecord): unknown[] {
  return [
    r.orderStatus,
    r.quantity,
    r.pendingQuantity,
    r.filledQuantity,
    r.cancelledQuantity,
    r.price,
    r.triggerPrice,
    r.slTriggerPrice,
    r.stopLossPrice,
    r.targetPrice,
    r.trailingSlAmount,
    r.disclosedQuantity,
    r.averageTradedPrice,
    r.marketProtection,
    r.orderTag,
    r.orderType,
    r.validity,
    r.gtdValidityDate ?? null,
    r.rejectionReason,
    r.orderTime,
  ];
}

/**
 * One history line: the order as it stands now, as a JSON array ended by a newline. Its time is
 * `at`, when the change happened (the order's own orderTime is when it was placed).
 */
export function historyLine(r: OrderRecord, at: string = r.orderTime): string {
  const values = changingValues(r);
  values[values.length - 1] = at;
  // Issue 33: the trail follows HISTORY_FIELDS, so a modify of the trail shows in the history (older lines lack it).
  return JSON.stringify([...values, r.trailValue ?? 0, r.trailUnit ?? "", r.trailJump ?? 0]) + "\n";
}

/** The rows of an order's history (oldest first): each line over the order's fixed fields. */
export function historyRows(r: OrderRecord, history: string): OrderRow[] {
  const rows: OrderRow[] = [];
  for (const line of history.split("\n")) {
    if (line === "") continue;
    const v = JSON.parse(line) as unknown[];
    const row: OrderRow = {
      brokerOrderId: r.brokerOrderId,
      orderNo: r.orderNo,
      status: "",
      orderStatus: v[0] as OrderStatus,
      mainLegOrderId: r.mainLegOrderId,
      exchange: r.exchange,
      instrumentId: r.instrumentId,
      token: r.token,
      tradingSymbol: r.tradingSymbol,
      quantity: num(v[1]),
      pendingQuantity: num(v[2]),
      filledQuantity: num(v[3]),
      cancelledQuantity: num(v[4]),
      price: num(v[5]),
      triggerPrice: num(v[6]),
      slTriggerPrice: num(v[7]),
      stopLossPrice: num(v[8]),
      targetPrice: num(v[9]),
      trailingSlAmount: num(v[10]),
      disclosedQuantity: num(v[11]),
      averageTradedPrice: num(v[12]),
      marketProtection: num(v[13]),
      orderTag: str(v[14]),
      algoId: r.algoId,
      orderComplexity: r.orderComplexity,
      product: r.product,
      orderType: v[15] as OrderType,
      validity: v[16] as Validity,
      transactionType: r.transactionType,
      rejectionReason: str(v[18]),
      orderTime: str(v[19]),
      clientOrderKey: r.clientOrderKey,
    };
    if (typeof v[17] === "string" && v[17] !== "") row.gtdValidityDate = v[17];
    withTrail(row, { trailValue: num(v[20]), trailUnit: v[21] === "PERCENT" ? "PERCENT" : "POINTS", trailJump: num(v[22]) });
    row.status = displayStatus(row);
    rows.push(row);
  }
  return rows;
}

/** Columns of the trades table, in the order tradeValues binds them. */
export const TRADE_COLUMNS = [
  "seq",
  "trade_id",
  "user_id",
  "broker_order_id",
  "day",
  "exchange",
  "token",
  "trading_symbol",
  "transaction_type",
  "product",
  "order_type",
  "order_complexity",
  "filled_quantity",
  "traded_price",
  "trade_time",
  "charges",
  "order_seq",
] as const;

/** The values of TRADE_COLUMNS for trade `seq` of the order whose sequence is `orderSeq` (the foreign key). */
export function tradeValues(userId: string, orderSeq: number, seq: number, day: string, t: TradeRow): unknown[] {
  return [seq, t.tradeId, userId, t.brokerOrderId, day, t.exchange, Number(t.token), t.tradingSymbol, t.transactionType, t.product, t.orderType, t.orderComplexity, t.filledQuantity, t.tradedPrice, t.tradeTime, t.charges, orderSeq];
}

export function tradeOf(v: unknown[]): TradeRow {
  const token = String(v[6]);
  return {
    tradeId: str(v[1]),
    brokerOrderId: str(v[3]),
    orderNo: str(v[3]),
    exchange: v[5] as Exchange,
    instrumentId: token,
    token,
    tradingSymbol: str(v[7]),
    transactionType: v[8] as TransactionType,
    product: v[9] as Product,
    orderType: v[10] as OrderType,
    orderComplexity: v[11] as OrderComplexity,
    filledQuantity: num(v[12]),
    tradedPrice: num(v[13]),
    tradeTime: str(v[14]),
    charges: num(v[15]),
  };
}
