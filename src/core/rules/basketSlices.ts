import type { OrderRequest } from "../types/order";
import { basketLegKey, type BasketLeg } from "./basket";
import { sliceGroupOf, sliceKey, sliceOrder, type SliceContract, type SliceVerdict } from "./slicing";

/**
 * A basket leg above its contract's freeze quantity goes out as the order window sends such an
 * order (README: an order above the freeze quantity "goes out as slices"; slicing.ts): each slice
 * its own order, under its own key made from the leg's key in the run (sliceKey), so firing the
 * run again sends each slice under the key it went with and the broker places none twice (a key
 * answers its first result). The leg went when every slice is booked; a leg some of whose slices
 * went is retried whole by `f`, and only the slices the broker has not got are placed.
 */

/** How a leg goes: whole, as slices, or refused (a contract that does not allow slicing, too many slices); whole when its contract is not known (the broker then decides). */
export function legSlicing(leg: Pick<BasketLeg, "qty">, contract: SliceContract | undefined): SliceVerdict {
  return contract ? sliceOrder(leg.qty, contract) : { kind: "whole" };
}

/** The orders a sliced leg places in a run: the leg's own order at each slice's quantity, each under its slice's key. */
export function sliceOrders(whole: OrderRequest, leg: Pick<BasketLeg, "scripId">, runId: string, slices: readonly number[]): OrderRequest[] {
  return slices.map((quantity, i) => ({ ...whole, quantity, clientOrderKey: sliceKey(basketLegKey(runId, leg.scripId), i, slices.length) }));
}

/**
 * The order numbers a leg's key has booked: the order under the key itself, or, for a sliced leg,
 * every slice's ("26120500000012, 26120500000013"), in slice order; undefined while any slice has
 * none (the leg has not gone whole). `booked` lists the user's booked keys that start with the leg's.
 */
export function legOrderNo(legKey: string, booked: ReadonlyArray<{ key: string; orderNo: string }>): string | undefined {
  const own = booked.find((b) => b.key === legKey && b.orderNo !== "");
  if (own) return own.orderNo;
  const slices = booked.flatMap((b) => {
    const g = sliceGroupOf(b.key);
    return g && g.base === legKey && b.orderNo !== "" ? [{ ...g, orderNo: b.orderNo }] : [];
  });
  const count = slices[0]?.count;
  if (count === undefined || slices.some((s) => s.count !== count)) return undefined;
  const byIndex = new Map(slices.map((s) => [s.index, s.orderNo]));
  if (byIndex.size !== count) return undefined;
  return Array.from({ length: count }, (_, i) => byIndex.get(i)!).join(", ");
}

/** How a confirmation names a sliced leg's way out: "goes out as 4 slices (900 + 900 + 900 + 800): above the freeze quantity of 900". */
export function sliceNote(verdict: SliceVerdict, freezeQty: number): string | undefined {
  if (verdict.kind === "slices") return `goes out as ${verdict.slices.length} slices (${verdict.slices.join(" + ")}): above the freeze quantity of ${freezeQty}, each slice its own order`;
  if (verdict.kind === "refused") return `cannot go: ${verdict.reason}`;
  return undefined;
}
