import type { Exchange } from "../../core/types/exchange";
import type { ChargesBreakdown, ChargesRequest, ContractInfo, MarginCheckRequest, MarketStatusEntry, OrderRequest } from "../../core/types";
import type { ResultOf } from "../../core/wire/call";
import * as wire from "../../core/wire/orders";
import { search, securityInfo } from "../../core/wire/market";
import { brokerage, marketStatus, saveAsmGsm as saveAsmGsmCall } from "../../core/wire/wrapper";
import { deviceId, userAgent } from "../deviceId";
import { toExchPair } from "../../core/types/exchange";
import { isOk, type CallOptions, type Envelope } from "./http";
import { send } from "./send";
import { wrapperBody } from "./wrapperHead";
import { paced } from "../stores/orderBudget";
import { rememberContracts } from "../stores/knownContracts";
import { CONTRACT_EXCHANGES, looksAcross, pickContractAcross, pickTyped, type TypedInstrument } from "../../core/search/typedSymbol";

/**
 * The order calls of trading-core section 7 with the spec's paths, under /core and /wrapper
 * (DESIGN.md section 4; schemas in src/core/wire/orders.ts). Each returns the envelope: business
 * errors (EC codes) are the caller's to toast, HTTP failures were already judged and told by `call`.
 */

/** "array of results, each with status and message"; Tape's broker adds the order's ids (or, refused by the rate limit, when to retry). */
export type { PlaceResult } from "../../core/wire/orders";

/** An order's own result in a place answer's row; undefined for a rate limit's refusal, whose row carries only when to retry. */
export function orderResult(row: ResultOf<typeof wire.placeOrder> | undefined): wire.PlaceResult | undefined {
  return row && "status" in row ? row : undefined;
}
export type { PreOrderMargin as MarginResult } from "../../core/wire/orders";

/**
 * Place: one order, one client order key (issue 5, "one submit, one order"). Place, modify and
 * cancel wait for a slot of the order rate limits (issue 19, stores/orderBudget.ts).
 */
export function placeOrder(req: OrderRequest, opts: CallOptions = {}) {
  return paced(() => send(wire.placeOrder, { body: req }, opts));
}

/** A modify sends what changes (the wire's ModifyBody: fields left out keep their value); the order window sends the whole order. */
export function modifyOrder(orderNo: string, req: OrderRequest | wire.ModifyBody, opts: CallOptions = {}) {
  return paced(() => send(wire.modifyOrder, { params: { orderNo }, body: req }, opts));
}

export function cancelOrder(id: string, opts: CallOptions = {}) {
  return paced(() => send(wire.cancelOrder, { params: { id }, body: { deviceId: deviceId(), userAgent: userAgent() } }, opts));
}

export function cancelAllOrders(opts: CallOptions = {}) {
  return paced(() => send(wire.cancelAllOrders, { body: { deviceId: deviceId(), userAgent: userAgent() } }, opts));
}

export function fetchOrderBook(opts: CallOptions = {}) {
  return send(wire.orderBook, { body: {} }, opts);
}

export function fetchTradeBook() {
  return send(wire.tradeBook, { body: {} });
}

/** Every state the order went through, oldest first. */
export function fetchOrderHistory(id: string) {
  return send(wire.orderHistory, { params: { id }, body: {} });
}

export function checkMargin(req: MarginCheckRequest, opts: CallOptions = {}) {
  return send(wire.preOrderMargin, { body: req }, opts);
}

/** Contract info by exchange and token (the app names an instrument by its token as text; the wire's token is the number). */
export async function fetchSecurityInfo(req: { exchange: Exchange; token: string }, opts: CallOptions = {}): Promise<Envelope<ContractInfo>> {
  const env = await send(securityInfo, { body: { exchange: req.exchange, token: Number(req.token) } }, opts);
  // Kept for an outage: a line typed while the broker is down opens from the contract last looked up.
  if (isOk(env)) rememberContracts(env.result);
  return env;
}

/** The instrument a typed symbol names on an exchange, through the search call (core/search/typedSymbol.ts says which hit). */
export async function findInstrumentToken(exchange: Exchange, typed: string, opts: CallOptions = {}): Promise<string | undefined> {
  const env = await send(search, { body: { searchText: typed, exchange: [exchange], pageSize: 50, currentPage: 1 } }, opts);
  if (!isOk(env)) return undefined;
  const hit = pickTyped(typed, env.result ?? []);
  return hit ? String(hit.token) : undefined;
}

/**
 * A bare contract symbol ("GOLD27FEBFUT"): one search over every exchange that lists contracts, and
 * the contract on whichever lists it (core/search/typedSymbol.ts pickContractAcross), with the note the window shows.
 */
export async function findContractToken(typed: string, inferred: Exchange, opts: CallOptions = {}): Promise<{ token: string; exchange: Exchange; note?: string } | undefined> {
  const env = await send(search, { body: { searchText: typed, exchange: [...CONTRACT_EXCHANGES], pageSize: 50, currentPage: 1 } }, opts);
  if (!isOk(env)) return undefined;
  const picked = pickContractAcross(typed, env.result ?? [], inferred);
  return picked ? { token: String(picked.hit.token), exchange: picked.hit.exchange, ...(picked.note ? { note: picked.note } : {}) } : undefined;
}

/**
 * The instrument a typed word names, the one way every place that reads a typed instrument finds it:
 * a bare contract symbol on whichever exchange lists it (findContractToken), else on its exchange.
 */
export async function findTypedInstrument(word: TypedInstrument, opts: CallOptions = {}): Promise<{ token: string; exchange: Exchange; note?: string } | undefined> {
  if (looksAcross(word)) return findContractToken(word.symbol, word.exchange, opts);
  const token = await findInstrumentToken(word.exchange, word.symbol, opts);
  return token ? { token, exchange: word.exchange } : undefined;
}

/** formtoken/getMarketStatus: "GetMarket entries with Exch, ExchType, AMO". */
export async function fetchMarketStatus(): Promise<MarketStatusEntry[]> {
  const env = await send(marketStatus, { body: wrapperBody("GetMarketStatus", {}) });
  return env.result?.flatMap((r) => r.GetMarket) ?? [];
}

/** formtoken/saveAsmGsm: the client's answer to the surveillance confirmation. */
export function saveAsmGsm(args: { exchange: Exchange; token: string; accepted: boolean; message: string }) {
  const pair = toExchPair(args.exchange);
  return send(saveAsmGsmCall, {
    body: wrapperBody("SaveAsmGsm", {
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
  const env = await send(brokerage, { body: wrapperBody("GetBrokerage", req) });
  return { ok: isOk(env), message: env.message, charges: env.result?.[0]?.data ?? null };
}
