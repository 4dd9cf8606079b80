import type { OrderRequest } from "../types/order";
import { basketLegKey, legNeeds, type BasketLeg } from "./basket";
import { plainOrder } from "./plainOrder";

/**
 * Firing a basket (issue 13): every leg is placed on its own, under its own clientOrderKey derived
 * from the run, and a leg that fails does not stop the others. One report line per leg.
 */
export type LegReport =
  | { scripId: number; placed: true; orderNo: string }
  | { scripId: number; placed: false; code: string; message: string };

/** What the place call answers for one order: the envelope's status and message and the result's order number. */
export interface PlaceAnswer {
  status: string;
  message: string;
  orderNo?: string;
}

/** The order a leg places in run `runId`; `amo` while the market is closed. */
export function legOrderRequest(leg: BasketLeg, runId: string, amo = false): OrderRequest {
  return plainOrder({
    exchange: leg.exchange,
    instrumentId: String(leg.token),
    transactionType: leg.transType,
    quantity: leg.qty,
    product: leg.product,
    orderComplexity: amo ? "AMO" : "REGULAR",
    orderType: leg.orderType,
    price: legNeeds(leg.orderType).price ? leg.price : 0,
    slTriggerPrice: legNeeds(leg.orderType).trigger ? leg.trigger : 0,
    clientOrderKey: basketLegKey(runId, leg.scripId),
  });
}

/**
 * Places every leg at once and answers one report line per leg, in the basket's order. A call that
 * throws (a timeout, the network) reports that leg as not placed; firing the same run again
 * places only what the broker has not got, as each key answers its first result. `amoFor` says
 * which legs go as after-market orders (their exchange is closed).
 */
export async function fireLegs(
  legs: readonly BasketLeg[],
  runId: string,
  place: (req: OrderRequest) => Promise<PlaceAnswer>,
  amoFor: (leg: BasketLeg) => boolean = () => false,
): Promise<LegReport[]> {
  return Promise.all(
    legs.map(async (leg): Promise<LegReport> => {
      try {
        const a = await place(legOrderRequest(leg, runId, amoFor(leg)));
        return a.status === "Ok" && a.orderNo ? { scripId: leg.scripId, placed: true, orderNo: a.orderNo } : { scripId: leg.scripId, placed: false, code: a.status, message: a.message };
      } catch (e) {
        return { scripId: leg.scripId, placed: false, code: "", message: e instanceof Error && e.message ? e.message : "No answer from the broker" };
      }
    }),
  );
}
