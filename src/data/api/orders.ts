import type { Exchange } from "../../core/types/exchange";
import type { ChargesBreakdown, ChargesRequest, ContractInfo, MarginCheckRequest, MarketStatusEntry, Order, OrderRequest, Trade } from "../../core/types";
import { deviceId, userAgent } from "../deviceId";
import { toExchPair } from "../../core/types/exchange";
import { call, isOk, type CallOptions, type Envelope } from "./http";
import { coreApi, wrapperApi } from "./services";
import { wrapperBody } from "./wrapperHead";
import { paced } from "../stores/orderBudget";
import { rememberContracts } from "../stores/knownContracts";
import { pickTyped } from "../../core/search/typedSymbol";

/**
 * The order calls of trading-core section 7 with the spec's paths, under /core and /wrapper
 * (DESIGN.md section 4). Each returns the envelope: business errors (EC codes) are the caller's
 * to toast, HTTP failures were already judged and told by `call`.
 */

/** "array of results, each with status and message"; Tape's broker adds the order's ids. */
export interface PlaceResult {
  status: string;
  message: string;
  brokerOrderId?: string;
  orderNo?: string;
}

/** The margin answer's shape is not shown; Tape's broker answers these fields in result[0]. */
export interface MarginResult {
  requiredMargin: number;
  availableMargin: number;
  /** Margin this order adds after netting with open positions; may be negative (shown as 0). */
  currentOrderMargin?: number;
  /** Why the margin is what it is (Tape's broker: the margin table's row and rate). */
  basis?: string;
}

/**
 * Place: one order, one client order key (issue 5, "one submit, one order"). Place, modify and
 * cancel wait for a slot of the order rate limits (issue 19, stores/orderBudget.ts).
 */
export function placeOrder(req: OrderRequest, opts: CallOptions = {}): Promise<Envelope<PlaceResult>> {
  return paced(() => call<PlaceResult>(coreApi, "v2/orders/", { method: "post", json: req, ...opts }));
}

export function modifyOrder(orderNo: string, req: OrderRequest, opts: CallOptions = {}): Promise<Envelope<PlaceResult>> {
  return paced(() => call<PlaceResult>(coreApi, `v2/orders/${encodeURIComponent(orderNo)}`, { method: "put", json: req, ...opts }));
}

export function cancelOrder(id: string, opts: CallOptions = {}): Promise<Envelope<PlaceResult>> {
  return paced(() => call<PlaceResult>(coreApi, `v2/orders/${encodeURIComponent(id)}`, { method: "delete", json: { deviceId: deviceId(), userAgent: userAgent() }, ...opts }));
}

export function cancelAllOrders(opts: CallOptions = {}): Promise<Envelope<PlaceResult>> {
  return paced(() => call<PlaceResult>(coreApi, "v2/orders/cancelAll", { method: "delete", json: { deviceId: deviceId(), userAgent: userAgent() }, ...opts }));
}

export function fetchOrderBook(opts: CallOptions = {}): Promise<Envelope<Order>> {
  return call<Order>(coreApi, "v2/orders/book", { method: "post", json: {}, ...opts });
}

export function fetchTradeBook(): Promise<Envelope<Trade>> {
  return call<Trade>(coreApi, "v2/orders/trades", { method: "post", json: {} });
}

/** Every state the order went through, oldest first. */
export function fetchOrderHistory(id: string): Promise<Envelope<Order>> {
  return call<Order>(coreApi, `v2/orders/${encodeURIComponent(id)}`, { method: "post", json: {} });
}

export function checkMargin(req: MarginCheckRequest): Promise<Envelope<MarginResult>> {
  return call<MarginResult>(coreApi, "v2/preordermargin", { method: "post", json: req });
}

/** Contract info by exchange and token (the app names an instrument by its token as text; the wire's token is the number). */
export async function fetchSecurityInfo(req: { exchange: Exchange; token: string }, opts: CallOptions = {}): Promise<Envelope<ContractInfo>> {
  const env = await call<ContractInfo>(coreApi, "v2/security/info", { method: "post", json: { exchange: req.exchange, token: Number(req.token) }, ...opts });
  // Kept for an outage: a line typed while the broker is down opens from the contract last looked up.
  if (isOk(env)) rememberContracts(env.result);
  return env;
}

interface SearchHit {
  exchange: Exchange;
  token: number;
  tradingSymbol: string;
  symbol: string;
  insType: string;
}

/** The instrument a typed symbol names on an exchange, through the search call (core/search/typedSymbol.ts says which hit). */
export async function findInstrumentToken(exchange: Exchange, typed: string, opts: CallOptions = {}): Promise<string | undefined> {
  const env = await call<SearchHit>(coreApi, "search", { method: "post", json: { searchText: typed, exchange: [exchange], pageSize: 50, currentPage: 1 }, ...opts });
  if (!isOk(env)) return undefined;
  const hit = pickTyped(typed, env.result ?? []);
  return hit ? String(hit.token) : undefined;
}

/** formtoken/getMarketStatus: "GetMarket entries with Exch, ExchType, AMO". */
export async function fetchMarketStatus(): Promise<MarketStatusEntry[]> {
  const env = await call<{ GetMarket?: MarketStatusEntry[] } | MarketStatusEntry>(wrapperApi, "formtoken/getMarketStatus", {
    method: "post",
    json: wrapperBody("GetMarketStatus", {}),
  });
  const out: MarketStatusEntry[] = [];
  for (const r of env.result ?? []) {
    if (r && "GetMarket" in r && Array.isArray(r.GetMarket)) out.push(...r.GetMarket);
    else if (r && "Exch" in r) out.push(r as MarketStatusEntry);
  }
  return out;
}

/** formtoken/saveAsmGsm: the client's answer to the surveillance confirmation. */
export function saveAsmGsm(args: { exchange: Exchange; token: string; accepted: boolean; message: string }): Promise<Envelope<unknown>> {
  const pair = toExchPair(args.exchange);
  return call<unknown>(wrapperApi, "formtoken/saveAsmGsm", {
    method: "post",
    json: wrapperBody("SaveAsmGsm", {
      Scripcode: args.token,
      Exch: pair.Exch,
      ExchType: pair.ExchType,
      ClientResponse: args.accepted ? "Y" : "N",
      MsgContent: args.message,
    }),
  });
}

/** "The charges are in result[0].data." */
export async function fetchCharges(req: ChargesRequest): Promise<{ ok: boolean; message: string; charges: ChargesBreakdown | null }> {
  const env = await call<{ data?: ChargesBreakdown }>(wrapperApi, "formtoken/get/brokerage", { method: "post", json: wrapperBody("GetBrokerage", req) });
  return { ok: isOk(env), message: env.message, charges: env.result?.[0]?.data ?? null };
}
