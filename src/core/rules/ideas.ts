import type { Exchange } from "../types/exchange.js";
import { mwTopic } from "../topics.js";
import { pcodeOfProduct } from "./orderWindowInit.js";
import type { TransactionType } from "../types/order.js";
import type { OrderWindowState } from "../types/orderWindow.js";
import { roundToPaisa } from "../money";

/**
 * Trade ideas (access-and-surroundings sections 2, 3, 4, 5, 7, 8 and 9): the Idea entity, the
 * filters of POST /v2/client-util/idea/details, the per-tab queries and the derived fields.
 */

/** The Idea entity, its filters and query: the wire's own (src/core/wire/ideas.ts). */
export { IDEA_FILTER_FIELDS, IDEA_HORIZONS, IDEA_STATUSES } from "../wire/ideas.js";
export type { Idea, IdeaFilter, IdeaQuery } from "../wire/ideas.js";
import type { Idea, IdeaFilter, IdeaQuery } from "../wire/ideas.js";
import type { BROKER_EXCHANGES, BROKER_EXCHANGE_TYPES, IDEA_FILTER_FIELDS, IDEA_HORIZONS, IDEA_STATUSES } from "../wire/ideas.js";

export type BrokerExchange = (typeof BROKER_EXCHANGES)[number];
export type BrokerExchangeType = (typeof BROKER_EXCHANGE_TYPES)[number];
export type IdeaHorizon = (typeof IDEA_HORIZONS)[number];
export type IdeaStatus = (typeof IDEA_STATUSES)[number];
export type IdeaFilterField = (typeof IDEA_FILTER_FIELDS)[number];

/** "Equity uses tab 0, F&O tab 1, commodity tab 2." */
export const IDEA_TAB_FILTERS: readonly IdeaFilter[][] = [
  [{ type: "in", field: "broker_exchange", values: ["N", "B"] }, { type: "equal", field: "broker_exchange_type", value: "C" }],
  [{ type: "in", field: "broker_exchange", values: ["N", "B"] }, { type: "equal", field: "broker_exchange_type", value: "D" }],
  [{ type: "equal", field: "broker_exchange", value: "M" }, { type: "in", field: "broker_exchange_type", values: ["Y", "X"] }],
];

/** "status in PENDING and OPEN for open ideas; closed_date between today 08:00:00 and 23:59:00 for closed ideas." */
export function ideaQueries(tab: number, horizon: IdeaHorizon, todayKey: string): { open: IdeaQuery; closed: IdeaQuery } {
  const base: IdeaFilter[] = [...(IDEA_TAB_FILTERS[tab] ?? IDEA_TAB_FILTERS[0]!), { type: "equal", field: "horizon", value: horizon }];
  return {
    open: { mode: "all", filters: [...base, { type: "in", field: "status", values: ["PENDING", "OPEN"] }] },
    closed: { mode: "all", filters: [...base, { type: "between", field: "closed_date", from: `${todayKey} 08:00:00`, to: `${todayKey} 23:59:00` }] },
  };
}

/** The two answers merged, each idea once. */
export function mergeIdeas(open: readonly Idea[], closed: readonly Idea[]): Idea[] {
  const seen = new Set<number>();
  return [...open, ...closed].filter((i) => (seen.has(i.idea_id) ? false : (seen.add(i.idea_id), true)));
}

/** "Status OPEN goes to open ideas; every other status goes to closed ideas." */
export function splitIdeas(ideas: readonly Idea[]): { open: Idea[]; closed: Idea[] } {
  return { open: ideas.filter((i) => i.status === "OPEN"), closed: ideas.filter((i) => i.status !== "OPEN") };
}

export type IdeaStatusFilter = "all" | "open" | "closed";
export const IDEA_STATUS_FILTERS: readonly { id: IdeaStatusFilter; label: string }[] = [
  { id: "all", label: "All Calls" },
  { id: "open", label: "Open Calls" },
  { id: "closed", label: "Closed Calls" },
];

export function ideasShown(ideas: readonly Idea[], filter: IdeaStatusFilter): Idea[] {
  if (filter === "all") return [...ideas];
  const { open, closed } = splitIdeas(ideas);
  return filter === "open" ? open : closed;
}

/** The instrument's exchange code from the idea's broker exchange and exchange type. */
export function ideaExchange(e: BrokerExchange, t: BrokerExchangeType): Exchange {
  if (e === "M") return "MCXCOMM";
  if (t === "D") return e === "B" ? "BSEFO" : "NSEFO";
  return e === "B" ? "BSEEQ" : "NSEEQ";
}

/** "Quantity for equity is 10 by default, otherwise the lot size." */
export const IDEA_EQUITY_QUANTITY = 10;

export function defaultIdeaQuantity(idea: Pick<Idea, "broker_exchange_type" | "lot_size">): number {
  return idea.broker_exchange_type === "C" ? IDEA_EQUITY_QUANTITY : idea.lot_size;
}

/** yyyymmdd of an IST date key "YYYY-MM-DD". */
export function yyyymmdd(dateKey: string): number {
  return Number(dateKey.replaceAll("-", ""));
}

const DAY_MS = 86_400_000;
function dayNumber(ymd: number): number {
  const y = Math.floor(ymd / 10_000);
  const m = Math.floor(ymd / 100) % 100;
  const d = ymd % 100;
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** Whole calendar days from today to the validity day; "days left never goes below 0". */
export function daysLeft(validity: number, todayKey: string): number {
  return Math.max(0, dayNumber(validity) - dayNumber(yyyymmdd(todayKey)));
}

export interface IdeaView {
  idea: Idea;
  token: number;
  exchange: Exchange;
  topic: string;
  pdc: number;
  ltp: number;
  quantity: number;
  daysLeft: number;
  /** The mean of entry from and to. */
  buyPrice: number;
  /**
   * What the trade puts in: for a cash share, the price the order opens at (ideaOrderPrice) times
   * the quantity, what a delivery buy pays; for a derivative or commodity, required_margin times
   * the quantity (the spec's rule: a future's price times quantity is its notional, not its outlay).
   */
  investment: number;
  /** The move from buyPrice to the target, in percent of buyPrice, signed for the side. */
  returnPercent: number;
  /** The profit at target for the quantity: (target − buyPrice) × quantity, signed for the side. */
  maxProfit: number;
}

export function ideaView(idea: Idea, quote: { ltp: number; pdc: number } | undefined, quantity: number, todayKey: string): IdeaView {
  const exchange = ideaExchange(idea.broker_exchange, idea.broker_exchange_type);
  const buyPrice = roundToPaisa((idea.entry_price.from + idea.entry_price.to) / 2);
  const side = idea.transaction === "SELL" ? -1 : 1;
  const move = (idea.target_price - buyPrice) * side;
  return {
    idea,
    token: idea.broker_code,
    exchange,
    topic: mwTopic(exchange, idea.broker_code),
    pdc: quote?.pdc ?? 0,
    ltp: quote?.ltp ?? 0,
    quantity,
    daysLeft: daysLeft(idea.validity, todayKey),
    buyPrice,
    investment: roundToPaisa((idea.broker_exchange_type === "C" ? ideaOrderPrice(idea, idea.transaction === "SELL" ? "SELL" : "BUY") : idea.required_margin) * quantity),
    returnPercent: buyPrice > 0 ? roundToPaisa((move / buyPrice) * 100) : 0,
    maxProfit: roundToPaisa(move * quantity),
  };
}

/** A typed quantity: a positive whole number, else the previous one. */
export function typedQuantity(text: string, previous: number): number {
  const n = Number(text.trim());
  return Number.isInteger(n) && n > 0 ? n : previous;
}

/** `-`/`+`: one step of 1 for equity, one lot otherwise; never below one step. */
export function stepQuantity(idea: Pick<Idea, "broker_exchange_type" | "lot_size">, quantity: number, direction: 1 | -1): number {
  const step = idea.broker_exchange_type === "C" ? 1 : idea.lot_size;
  return Math.max(step, quantity + direction * step);
}

/**
 * "Order defaults for an idea: order type LIMIT, complexity Regular, validity DAY, disclosed
 * quantity 0, product DELIVERY (INTRADAY for the intraday horizon)", with the idea's quantity and
 * entry price: the entry range's lower bound for a buy and its upper bound for a sell (both on
 * the tick grid, and the better end of the range for that side).
 */
/** The price the order window opens at for an idea: the entry range's lower bound for a buy, its upper bound for a sell. */
export function ideaOrderPrice(idea: Pick<Idea, "entry_price">, side: TransactionType): number {
  return side === "BUY" ? idea.entry_price.from : idea.entry_price.to;
}

export function ideaOrderPrefill(idea: Idea, quantity: number, side: TransactionType): Partial<OrderWindowState> {
  return {
    transactionType: side,
    priceType: "LIMIT",
    orderType: "Regular",
    validity: "DAY",
    disclosedQuantity: 0,
    // The window names DELIVERY off equity NRML (the same NORMAL product): pcodeOfProduct.
    pcode: idea.horizon === "intraday" ? "INTRADAY" : pcodeOfProduct("DELIVERY", ideaExchange(idea.broker_exchange, idea.broker_exchange_type)),
    quantity,
    price: ideaOrderPrice(idea, side),
  };
}
