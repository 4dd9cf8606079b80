import type { Envelope } from "../types/envelope";
import type { Order, OrderRequest } from "../types/order";

/**
 * "One submit, one order" (issue 5). Each submit attempt carries one client order key; the
 * broker answers a repeated key with the first result. A place whose answer was lost (timeout,
 * dropped connection) is first looked up in the order book by that key, and only re-sent, with
 * the same key, when the book does not have it: a lost answer never becomes a second order.
 */
export interface PlaceAnswer {
  status: string;
  message: string;
  brokerOrderId?: string;
}

/** A row of a place or modify answer: an order's result, a modify's new status, or (EC970, EC971) when the next slot opens. */
export type PlaceRow = PlaceAnswer | { orderNo: string; orderStatus: string } | { retryAfterMs: number };

export type SubmitOutcome =
  | { kind: "placed"; brokerOrderId: string; reconciled: boolean }
  | { kind: "refused"; status: string; message: string }
  /** No answer, and the book did not show the order: it may or may not be at the broker. */
  | { kind: "lost"; error: unknown };

export interface SubmitDeps {
  place: (req: OrderRequest) => Promise<Envelope<PlaceRow>>;
  orderBook: () => Promise<Order[]>;
  /** True for a failure after which the broker may or may not have the order (timeout, network). */
  isLostAnswer: (err: unknown) => boolean;
}

/** How a place answer reads: the envelope's status, then the first result's (an array of results). */
export function judgePlaceAnswer(env: Envelope<PlaceRow>): SubmitOutcome {
  const row = env.result?.[0];
  const first = row && "status" in row ? row : undefined;
  const status = first?.status && first.status.startsWith("EC") ? first.status : env.status;
  if (status.startsWith("EC")) return { kind: "refused", status, message: first?.message && first.status?.startsWith("EC") ? first.message : env.message };
  return { kind: "placed", brokerOrderId: first?.brokerOrderId ?? "", reconciled: false };
}

export async function submitWithKey(req: OrderRequest, key: string, deps: SubmitDeps, maxAttempts = 2): Promise<SubmitOutcome> {
  const keyed: OrderRequest = { ...req, clientOrderKey: key };
  let lastError: unknown = undefined;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    if (attempt > 0) {
      const found = await findByKey(key, deps).catch(() => undefined);
      if (found) return { kind: "placed", brokerOrderId: found.brokerOrderId, reconciled: true };
    }
    try {
      return judgePlaceAnswer(await deps.place(keyed));
    } catch (err) {
      if (!deps.isLostAnswer(err)) throw err;
      lastError = err;
    }
  }
  const found = await findByKey(key, deps).catch(() => undefined);
  if (found) return { kind: "placed", brokerOrderId: found.brokerOrderId, reconciled: true };
  return { kind: "lost", error: lastError };
}

async function findByKey(key: string, deps: SubmitDeps): Promise<Order | undefined> {
  const book = await deps.orderBook();
  return book.find((o) => o.clientOrderKey === key);
}
