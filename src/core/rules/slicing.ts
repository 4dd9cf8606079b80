import { quantityStep } from "./contractValue";
import type { Exchange } from "../types/exchange";
import type { OrderComplexity } from "../types/order";

/**
 * Slicing above the freeze quantity (issue 19). An exchange refuses a single order above a
 * contract's freeze quantity (EC939); an order above it, on a contract whose info says
 * sliceEnable, goes out as slices: as many full slices as fit (the largest multiple of the lot at
 * or below the freeze quantity), then the remainder, so each slice is at most the freeze quantity
 * and a multiple of the lot. Tape sends at most MAX_SLICES for one order (like a basket's bound,
 * a mistyped quantity should not become a hundred orders).
 */
export const MAX_SLICES = 10;

export type SliceVerdict =
  | { kind: "whole" }
  | { kind: "slices"; slices: number[]; sliceSize: number }
  | { kind: "refused"; reason: string };

export interface SliceContract {
  exchange: Exchange;
  lotSize: number;
  freezeQty: number;
  sliceEnable: boolean;
}

export function sliceOrder(quantity: number, contract: SliceContract, complexity: OrderComplexity = "REGULAR"): SliceVerdict {
  const { freezeQty } = contract;
  if (freezeQty <= 0 || quantity <= freezeQty) return { kind: "whole" };
  if (!contract.sliceEnable) return { kind: "refused", reason: `Above the freeze quantity of ${freezeQty}, and this contract does not allow slicing` };
  if (complexity === "BO" || complexity === "CO") return { kind: "refused", reason: `Above the freeze quantity of ${freezeQty}: ${complexity} orders are not sliced (their legs follow one entry)` };
  const step = quantityStep(contract.exchange, contract.lotSize);
  const sliceSize = Math.floor(freezeQty / step) * step;
  if (sliceSize <= 0) return { kind: "refused", reason: `The freeze quantity of ${freezeQty} is below one lot of ${step}` };
  if (quantity % step !== 0) return { kind: "refused", reason: `Quantity must be a multiple of the lot size ${step}` };
  const full = Math.floor(quantity / sliceSize);
  const rest = quantity - full * sliceSize;
  const slices = [...Array<number>(full).fill(sliceSize), ...(rest > 0 ? [rest] : [])];
  if (slices.length > MAX_SLICES) return { kind: "refused", reason: `That is ${slices.length} slices of at most ${sliceSize}; Tape sends at most ${MAX_SLICES}` };
  return { kind: "slices", slices, sliceSize };
}

/** Each slice's own clientOrderKey, made from the order's: a retry of slice i sends the same key, so it is placed once. */
export function sliceKey(orderKey: string, index: number, count: number): string {
  return `${orderKey}-s${index + 1}of${count}`;
}

/**
 * The slice group a clientOrderKey belongs to (the order book shows a group as one line), or undefined.
 * A group of one ("-s1of1": an exit-all order that went out whole under a slice key) is not a sliced
 * order: it is the order itself, a plain line ("▸ GOLD27FEBFUT 1 SLICES" read as if it had been cut up).
 */
export function sliceGroupOf(clientOrderKey: string | undefined): { base: string; index: number; count: number } | undefined {
  const m = clientOrderKey ? /^(.+)-s(\d+)of(\d+)$/.exec(clientOrderKey) : null;
  return m && Number(m[3]) > 1 ? { base: m[1]!, index: Number(m[2]) - 1, count: Number(m[3]) } : undefined;
}
