import { roundToPaisa } from "../money";
import type { BasketLeg } from "../rules/basket";
import type { LegReport } from "../rules/basketRun";
import { productToSend } from "../rules/productToSend";
import { legQuantity, type DeskLeg } from "./legs";

/**
 * Placing a strategy as one (issue 31), pure: each leg as the basket machinery places it
 * (rules/basketRun.ts: its own order under a key derived from the run and the leg, so a second
 * Enter or a retry of the run never places a leg twice), and the order they go in: every BUY leg
 * first, then the SELL legs, so the margin benefit of the hedge applies when the short legs arrive.
 */

/** A leg's number in the run: its place in the pane, from 1. The order key is basketLegKey(runId, this). */
export const legNumber = (index: number): number => index + 1;

/** What a leg is, whatever its row: its contract and side (addLeg keeps that pair unique). Its lots and entry may change; it stays the leg. */
export const legIdentity = (l: Pick<DeskLeg, "exchange" | "token" | "side">): string => `${l.exchange}:${l.token}:${l.side}`;

/**
 * A run's answers under the identity of the leg each was placed for (its number is its place in
 * `legs`, the legs the run placed): the pane's rows can be removed or reordered afterwards, and a
 * row number would then hand one leg's result to another.
 */
export function reportsByLeg(legs: readonly DeskLeg[], reports: readonly LegReport[]): Record<string, LegReport> {
  const out: Record<string, LegReport> = {};
  for (const r of reports) {
    const leg = legs[r.scripId - 1];
    if (leg) out[legIdentity(leg)] = r;
  }
  return out;
}

/**
 * The order a leg places: NORMAL on F&O (carried to expiry, as such a position is held), a share's leg
 * DELIVERY (productToSend: the carried product of each segment), a LIMIT at the
 * entry the trader typed, else MARKET (the entry then is the live price, which is what the payoff
 * was drawn at).
 */
export function deskOrderLeg(leg: DeskLeg, index: number): BasketLeg {
  return {
    scripId: legNumber(index),
    exchange: leg.exchange,
    token: leg.token,
    transType: leg.side,
    qty: legQuantity(leg),
    product: productToSend("DELIVERY", leg.exchange),
    orderType: leg.entry === undefined ? "MARKET" : "LIMIT",
    price: leg.entry ?? 0,
    trigger: 0,
    tradingSymbol: leg.symbol,
  };
}

/** The two waves of a placement, each in the pane's order: the BUY legs, then the SELL legs. */
export function placementWaves(legs: readonly DeskLeg[]): [BasketLeg[], BasketLeg[]] {
  const all = legs.map(deskOrderLeg);
  return [all.filter((l) => l.transType === "BUY"), all.filter((l) => l.transType === "SELL")];
}

/** The hedge benefit: what the legs would need one by one, less what the set needs together. */
export function hedgeBenefit(setMargin: number, legMargins: readonly number[]): number {
  return legMargins.reduce((a, b) => a + b, 0) - setMargin;
}

/**
 * What the confirmation says of the order the legs go in. BUY legs always go first (placementWaves);
 * that this makes "the hedge's margin benefit apply" is said only when the broker's margin shows a
 * benefit (above 0): beside a benefit of ₹0.00 (a straddle of two sells, all buys, or a broker that
 * nets no hedge) the claim was false. `benefit` is undefined while the margin is asked, null when
 * unavailable: then only the order is said, neither claimed nor denied.
 */
export function placementOrderNote(legs: readonly Pick<DeskLeg, "side">[], benefit: number | null | undefined): string {
  const buys = legs.filter((l) => l.side === "BUY").length;
  if (buys === 0 || buys === legs.length) return `Every leg is a ${buys === 0 ? "SELL" : "BUY"}: they go in the order shown.`;
  if (benefit === undefined || benefit === null) return "BUY legs go first, then the SELL legs.";
  // Above 0 as shown (to the paisa): a float's 1e-9 over ₹0.00 is no benefit.
  return roundToPaisa(benefit) > 0 ? "BUY legs go first, then the SELL legs, so the hedge's margin benefit applies." : "BUY legs go first, then the SELL legs; the set has no hedge benefit on its margin.";
}
