import Papa from "papaparse";
import { displayStatus } from "./rules/orderStatus";
import { bookAveragePrice, bookPrice, bookTrigger } from "./rules/orderBookCells";
import { istDateTime } from "./time";
import { holdingTotals } from "./rules/holdings";
import type { Order, Trade } from "./types/order";
import type { HoldingView } from "./types/portfolio";
import { roundToPaisa } from "./money";

export type CsvCell = string | number | null | undefined;

/** A cell a spreadsheet would run as a formula: =, +, -, @, tab, carriage return or NUL first. */
const FORMULA_START = /^[=+\-@\t\r\0]/;
/** A plain decimal number, possibly negative: data, not a formula. */
const NUMERIC_TEXT = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Formula-injection escaping: a text cell starting with a formula character gets a leading
 * apostrophe (the spreadsheet shows it as text). The test is on the whole value, so a multi-line
 * value ("=1\n2") is caught too, which papaparse's own escapeFormulae regex misses. Numbers stay
 * numbers: a number (negative included) and numeric text are written as they are.
 * Non-finite numbers are written empty.
 */
export function escapeCell(value: CsvCell): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? value : "";
  if (NUMERIC_TEXT.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Whether a cell as read back from a file is safe: not formula-led, or a plain number. */
export function isSafeCell(text: string): boolean {
  return !FORMULA_START.test(text) || NUMERIC_TEXT.test(text);
}

/** Writes a header and rows through papaparse, every cell escaped; text cells are quoted. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const data = [header.map(escapeCell), ...rows.map((r) => r.map(escapeCell))];
  return Papa.unparse(data, { quotes: (value: unknown) => typeof value === "string", newline: "\r\n", escapeFormulae: false });
}

const round2 = (x: number): number => (Number.isFinite(x) ? roundToPaisa(x) : 0);
/** In a file an infinite percentage is written 0 (the spec allows "0 or --"; "--" would read as a formula). */
const pct = (x: number): number => (Number.isFinite(x) ? roundToPaisa(x) : 0);

/** trading-core section 9, "CSV export": the holdings columns, exactly. */
export const HOLDINGS_COLUMNS = [
  "UserId",
  "Instrument",
  "Qty",
  "Avg Price",
  "LTP",
  "Invested Value",
  "Current Value",
  "Day's P&L",
  "Day's Chg%",
  "Net P&L",
  "Net chg%",
] as const;

/** "A totals footer follows": Total, then the summed values and the percentages of the sums. */
export function holdingsCsv(userId: string, views: readonly HoldingView[]): string {
  const rows: CsvCell[][] = views.map((v) => [
    userId,
    v.nseTradingSymbol || v.bseTradingSymbol,
    v.totalQuantity,
    round2(v.averageTradedPrice),
    round2(v.ltp),
    round2(v.buyValue),
    round2(v.currentVal),
    round2(v.daysPnl),
    pct(v.dayChg),
    round2(v.netPnl),
    pct(v.netChg),
  ]);
  const t = holdingTotals(views);
  rows.push(["Total", "", views.reduce((s, v) => s + v.totalQuantity, 0), "", "", t.buyValue, t.currentVal, t.daysPnl, pct(t.dayChg), t.netPnl, pct(t.netChg)]);
  return toCsv(HOLDINGS_COLUMNS, rows);
}

/** Times are India time, the exchanges' clock (a file never carries a raw UTC instant). */
export const ORDER_COLUMNS = [
  "Order No", "Time (IST)", "Instrument", "Exchange", "Side", "Product", "Order Type", "Complexity", "Validity",
  "Qty", "Filled Qty", "Pending Qty", "Price", "Trigger Price", "Avg Price", "Status", "Order Tag",
] as const;

export function orderCsvRows(orders: readonly Order[]): CsvCell[][] {
  return orders.map((o) => [
    o.orderNo, istDateTime(o.orderTime), o.tradingSymbol, o.exchange, o.transactionType, o.product, o.orderType, o.orderComplexity, o.validity,
    // The order's own filled quantity: quantity less pending counted a cancelled order's unfilled rest as filled.
    // Price, trigger and average as the book shows them (rules/orderBookCells.ts), blank where it is blank. Numbers
    // stay plain, without the screen's thousands separators: a spreadsheet reads "1,140.50" as text in many locales.
    o.quantity, o.filledQuantity, o.pendingQuantity, bookPrice(o), bookTrigger(o), bookAveragePrice(o), displayStatus(o), o.orderTag,
  ]);
}

export function ordersCsv(orders: readonly Order[]): string {
  return toCsv(ORDER_COLUMNS, orderCsvRows(orders));
}

export const TRADE_COLUMNS = ["Trade ID", "Order No", "Time (IST)", "Instrument", "Exchange", "Side", "Product", "Qty", "Price", "Status"] as const;

/** "Trade-book rows are shown as complete." */
export function tradesCsv(trades: readonly Trade[]): string {
  return toCsv(TRADE_COLUMNS, trades.map((t) => [
    t.tradeId, t.brokerOrderId, istDateTime(t.tradeTime), t.tradingSymbol, t.exchange, t.transactionType, t.product, t.filledQuantity, t.tradedPrice, "COMPLETE",
  ]));
}

export type ReportKind = "holdings" | "orders" | "tradebook";

/**
 * "The file is named after the report. For order exports other than the trade book, the name has
 * -orders appended." Characters a file system may refuse become underscores. Exported in a replay
 * (`replayDate` "YYYY-MM-DD"), the name says so: the replay's books number their orders as the live
 * day does (FINDINGS-29 §6), so "All-orders.csv" of a replay read like the live day's orders.
 */
export function csvFileName(report: string, kind: ReportKind, replayDate?: string): string {
  const base = report.trim().replace(/[^A-Za-z0-9 _.-]/g, "_") || kind;
  const replay = replayDate && /^\d{4}-\d{2}-\d{2}$/.test(replayDate) ? `-replay-${replayDate}` : "";
  return `${base}${kind === "orders" ? "-orders" : ""}${replay}.csv`;
}
