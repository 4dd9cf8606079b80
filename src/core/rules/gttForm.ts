import type { GttTriggerType } from "../types/gtt";
import type { TrailUnit, TransactionType } from "../types/order";
import { gttDefaultPrices, gttPercentFromPrice, gttPriceFromPercent, type GttLegKind } from "./gtt";
import { trailedLeg, trailGttLeg } from "./gttTrail";

/**
 * The GTT form's numbers, kept consistent by one reducer: a leg's trigger and its percentage
 * from the last price stay in step ("stop-loss and target percentages kept in step with prices"),
 * and a leg's limit price follows its trigger until the trader types a price of their own.
 */
export interface GttFormLeg {
  trigger: number;
  price: number;
  percent: number;
  /** The trader typed this leg's price: it no longer follows the trigger. */
  priceTyped: boolean;
}

export interface GttFormValues {
  transactionType: TransactionType;
  triggerType: GttTriggerType;
  quantity: number;
  /** SINGLE trigger or OCO target. */
  leg1: GttFormLeg;
  /** OCO stop-loss; kept while SINGLE is shown so that switching back loses nothing. */
  leg2: GttFormLeg;
  /** Issue 33: the stop leg's trail (the SINGLE's leg, the OCO's stop-loss); value 0 for none. */
  trail: GttFormTrail;
  /** Which OCO leg the SINGLE trigger stands for: a stop (a GTT protecting a position) goes to the stop-loss leg and back. */
  singleIs: GttLegKind;
}

export interface GttFormTrail {
  value: number;
  unit: TrailUnit;
  jump: number;
}

export const NO_GTT_TRAIL: GttFormTrail = { value: 0, unit: "POINTS", jump: 0 };

export interface GttMarketRef {
  ltp: number;
  tickSize: number;
}

/** Leg1 is on the target side, Leg2 on the stop-loss side. */
const KIND: Record<"leg1" | "leg2", GttLegKind> = { leg1: "target", leg2: "stop-loss" };

function legFrom(ref: GttMarketRef, side: TransactionType, kind: GttLegKind, trigger: number, price: number | undefined): GttFormLeg {
  return { trigger, price: price ?? trigger, percent: gttPercentFromPrice(ref.ltp, trigger, side, kind), priceTyped: price !== undefined && price !== trigger };
}

/** "GTT default prices are 5 percent from the last price. The stop-loss side is opposite to the target side." */
export function initialGttForm(
  ref: GttMarketRef,
  init: { transactionType: TransactionType; triggerType?: GttTriggerType; quantity?: number; leg1?: { trigger: number; price?: number }; leg2?: { trigger: number; price?: number }; trail?: GttFormTrail; singleOn?: GttLegKind },
  lotSize: number,
): GttFormValues {
  const side = init.transactionType;
  const d = gttDefaultPrices(ref.ltp, side, ref.tickSize);
  // A GTT protecting a position (rules/gttPosition.ts) opens its SINGLE trigger where a stop is: the stop-loss side.
  if (!init.leg1 && init.singleOn === "stop-loss") init = { ...init, leg1: { trigger: d.stopLossTriggerPrice } };
  return {
    transactionType: side,
    triggerType: init.triggerType ?? "SINGLE",
    quantity: init.quantity ?? lotSize,
    leg1: init.leg1 ? legFrom(ref, side, "target", init.leg1.trigger, init.leg1.price) : { trigger: d.targetTriggerPrice, price: d.targetTriggerPrice, percent: d.targetPercent, priceTyped: false },
    leg2: init.leg2 ? legFrom(ref, side, "stop-loss", init.leg2.trigger, init.leg2.price) : { trigger: d.stopLossTriggerPrice, price: d.stopLossTriggerPrice, percent: d.stopLossPercent, priceTyped: false },
    trail: init.trail ?? NO_GTT_TRAIL,
    singleIs: init.singleOn ?? "target",
  };
}

export type GttFormAction =
  | { type: "side"; value: TransactionType }
  | { type: "triggerType"; value: GttTriggerType }
  | { type: "quantity"; value: number }
  | { type: "trigger"; leg: "leg1" | "leg2"; value: number }
  | { type: "percent"; leg: "leg1" | "leg2"; value: number }
  | { type: "price"; leg: "leg1" | "leg2"; value: number }
  | { type: "trail"; value: Partial<GttFormTrail> }
  /** The live LTP moved (`ref.ltp` is the new one); `hold` is the leg whose % field the trader is typing in. */
  | { type: "ltp"; hold?: "leg1" | "leg2" | undefined };

export function gttFormReducer(ref: GttMarketRef, s: GttFormValues, a: GttFormAction): GttFormValues {
  switch (a.type) {
    case "side": {
      if (a.value === s.transactionType) return s;
      // The legs keep their distances and move to the new side's directions.
      const move = (leg: "leg1" | "leg2"): GttFormLeg => {
        const trigger = gttPriceFromPercent(ref.ltp, s[leg].percent, a.value, KIND[leg], ref.tickSize);
        return { ...s[leg], trigger, price: s[leg].priceTyped ? s[leg].price : trigger };
      };
      return { ...s, transactionType: a.value, leg1: move("leg1"), leg2: move("leg2") };
    }
    case "triggerType":
      return a.value === s.triggerType ? s : a.value === "OCO" ? toOco(ref, s) : toSingle(ref, s);
    case "quantity":
      return { ...s, quantity: a.value };
    case "trigger": {
      const l = s[a.leg];
      const percent = gttPercentFromPrice(ref.ltp, a.value, s.transactionType, KIND[a.leg]);
      return { ...s, [a.leg]: { ...l, trigger: a.value, percent, price: l.priceTyped ? l.price : a.value } };
    }
    case "percent": {
      const l = s[a.leg];
      const trigger = gttPriceFromPercent(ref.ltp, a.value, s.transactionType, KIND[a.leg], ref.tickSize);
      return { ...s, [a.leg]: { ...l, percent: a.value, trigger, price: l.priceTyped ? l.price : trigger } };
    }
    case "price":
      return { ...s, [a.leg]: { ...s[a.leg], price: a.value, priceTyped: true } };
    case "trail":
      return { ...s, trail: { ...s.trail, ...a.value } };
    case "ltp":
      return followLtp(ref, s, a.hold);
  }
}

/**
 * SINGLE to OCO. "The stop-loss side is opposite to the target side": an OCO's target (Leg1) and
 * stop-loss (Leg2) lie on either side of the last price (the broker refuses them on one side). A
 * SINGLE trigger on the stop-loss side (`g` on a position opens one there: below a long, above a
 * short) is a stop, so it becomes the stop-loss leg, trigger and price as they stand, and the target
 * opens at its default, 5 % on the target side. It kept both at the stop's 950 below a long.
 * A SINGLE on the target side stays the target, the stop-loss leg as it was kept.
 */
function toOco(ref: GttMarketRef, s: GttFormValues): GttFormValues {
  if (!(s.leg1.percent < 0)) return { ...s, triggerType: "OCO", singleIs: "target" };
  const target = gttDefaultPrices(ref.ltp, s.transactionType, ref.tickSize).targetTriggerPrice;
  return {
    ...s,
    triggerType: "OCO",
    singleIs: "stop-loss",
    leg1: legFrom(ref, s.transactionType, "target", target, undefined),
    leg2: { ...s.leg1, percent: gttPercentFromPrice(ref.ltp, s.leg1.trigger, s.transactionType, "stop-loss") },
  };
}

/** OCO to SINGLE: a SINGLE that was a stop takes the stop-loss leg back; otherwise it is the target, as it was. */
function toSingle(ref: GttMarketRef, s: GttFormValues): GttFormValues {
  if (s.singleIs !== "stop-loss") return { ...s, triggerType: "SINGLE" };
  return { ...s, triggerType: "SINGLE", leg1: { ...s.leg2, percent: gttPercentFromPrice(ref.ltp, s.leg2.trigger, s.transactionType, "target") } };
}

/**
 * The LTP moved: each leg's "% from LTP" is worked out again from its trigger, so that it says the
 * trigger's distance from the price now (it read 0.05 % beside a trigger the price had reached).
 * Decision: the trigger is held whichever field was typed last, a typed % included: it is the price
 * the broker gets, and the feed never moves a price under the trader's fingers; the % follows.
 * The % field the trader is typing in (`hold`) is left as typed until they leave it.
 */
export function followLtp(ref: GttMarketRef, s: GttFormValues, hold?: "leg1" | "leg2"): GttFormValues {
  const follow = (leg: "leg1" | "leg2"): GttFormLeg => {
    if (leg === hold) return s[leg];
    const percent = gttPercentFromPrice(ref.ltp, s[leg].trigger, s.transactionType, KIND[leg]);
    return percent === s[leg].percent ? s[leg] : { ...s[leg], percent };
  };
  const leg1 = follow("leg1");
  const leg2 = follow("leg2");
  return leg1 === s.leg1 && leg2 === s.leg2 ? s : { ...s, leg1, leg2 };
}

/** What the form refuses before sending; the broker checks the rest (tick, sides, lot) with its Msg. */
export function gttFormProblem(s: GttFormValues, lotSize: number): string | undefined {
  if (!(s.quantity > 0)) return "Enter a quantity";
  if (lotSize > 1 && s.quantity % lotSize !== 0) return `Quantity must be a multiple of the lot size ${lotSize}`;
  const legs = s.triggerType === "OCO" ? (["leg1", "leg2"] as const) : (["leg1"] as const);
  for (const leg of legs) {
    const name = s.triggerType === "SINGLE" ? "trigger" : leg === "leg1" ? "target" : "stop-loss";
    if (!(s[leg].trigger > 0)) return `Enter the ${name} trigger price`;
    if (!(s[leg].price > 0)) return `Enter the ${name} price`;
  }
  return undefined;
}

/**
 * Where the trail puts the stop at once, when it does: a trail shorter than the gap between the last
 * price and the typed stop moves the stop on the broker's next tick (rules/trail.ts: the trigger
 * stays the trail from the price), so an OCO typed at 197.75 with a trail of 2 at a price of 207
 * stands at 205.00 within a second and may trigger soon after. The form says so before Enter.
 */
export function trailMovesAtOnce(s: GttFormValues, ltp: number, tickSize: number): { from: number; to: number } | undefined {
  if (!(s.trail.value > 0) || !(ltp > 0)) return undefined;
  const leg = trailedLeg(s.triggerType) === 2 ? s.leg2 : s.leg1;
  const moved = trailGttLeg({ side: s.transactionType === "BUY" ? "B" : "S", triggerType: s.triggerType, trigger: leg.trigger, price: leg.price }, s.trail, ltp, tickSize);
  return moved ? { from: leg.trigger, to: moved.trigger } : undefined;
}
