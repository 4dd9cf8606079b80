import { isErrorStatus } from "../../core/errors";
import { positionsFromResponse } from "../../core/rules/positions";
import type { FundsLimit, Holding, OrderRequest, Position } from "../../core/types";
import * as wire from "../../core/wire/portfolio";
import { isOk, type CallOptions, type Envelope } from "./http";
import { orderResult, placeOrder } from "./orders";
import { send } from "./send";

/**
 * The portfolio calls of trading-core section 7, on the core markets service:
 *   POST v2/positions (empty)  -> status, message, result[]
 *   PUT  v2/positions (convert) -> status, message ("Success" expected)
 *   POST v2/holdings (empty)   -> message, result[]
 *   POST limits (empty)        -> result array by segment (CASH, FO, OVERALL)
 * Business errors come back as envelopes; the caller decides which toast the spec wants.
 */

/** What a list call gives the panes: the rows, or why there are none (EC920 "no positions"). */
export interface ListAnswer<T> {
  rows: T[];
  /** The EC status when the broker answered an error code (then rows is empty). */
  errorStatus?: string;
  message: string;
}

/**
 * "For positions, a response whose status is itself an error code is treated as empty"
 * (positionsFromResponse); holdings and limits answer the same way. The status is kept so that
 * the pane can say EC920 "no positions" / EC922 "no holdings" rather than show a blank.
 */
export function listAnswer<T>(e: Envelope<T>): ListAnswer<T> {
  const rows = positionsFromResponse<T>(e);
  return isErrorStatus(e.status) ? { rows, errorStatus: e.status, message: e.message } : { rows, message: e.message };
}

export async function fetchPositions(): Promise<ListAnswer<Position>> {
  return listAnswer(await send(wire.positions, { body: {} }));
}

export async function fetchHoldings(): Promise<ListAnswer<Holding>> {
  return listAnswer(await send(wire.holdings, { body: {} }));
}

export async function fetchLimits(opts: CallOptions = {}): Promise<ListAnswer<FundsLimit>> {
  return listAnswer(await send(wire.limits, { body: {} }, opts));
}

/**
 * The convert-position payload (the spec names the call, not its fields): the wire's ConvertBody,
 * as the app builds it (the broker also takes the token as a number and the quantity as text).
 */
export type ConvertPositionRequest = Omit<wire.ConvertBody, "instrumentId" | "quantity"> & { instrumentId: string; quantity: number };

export interface CallOutcome {
  ok: boolean;
  status: string;
  message: string;
}

function outcome(e: Envelope<unknown>): CallOutcome {
  return { ok: isOk(e), status: e.status, message: e.message };
}

export async function convertPosition(req: ConvertPositionRequest): Promise<CallOutcome> {
  return outcome(await send(wire.convertPosition, { body: req }));
}

/**
 * POST v2/orders/ answers "an array of results, each with status and message". Exit all sends
 * its orders one by one through here; a single exit goes through the order window instead.
 */
export async function placeExitOrder(req: OrderRequest): Promise<CallOutcome> {
  const e = await placeOrder(req);
  const first = orderResult(e.result?.[0]);
  if (!isOk(e)) return outcome(e);
  if (first && isErrorStatus(first.status)) return { ok: false, status: first.status, message: first.message };
  return outcome(e);
}

/** Add funds (POST v2/funds/add). In paper mode the broker credits the demo account's one cash pool (an intraday payin), every segment's. */
export async function addFunds(amount: number): Promise<CallOutcome> {
  return outcome(await send(wire.addFunds, { body: { amount } }));
}
