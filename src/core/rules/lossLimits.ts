import { ERROR_CATALOGUE } from "../errors";
import { groupIndian } from "../format";
import { roundToPaisa } from "../money";
import { positionsDayPnl, type DayPnlFields } from "./positions";

/**
 * Daily loss limits (issue 33): the trader sets, per day, a maximum loss (realised plus
 * unrealised), a maximum number of orders and a maximum position value. The broker checks them on
 * every fill and tick; the first one reached trips, once a day: open orders are cancelled, every
 * segment's kill switch is on for the rest of the day, and the positions are squared off when the
 * trader chose so.
 */

export const LIMIT_NAMES = ["loss", "orders", "positionValue"] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** The trader's limits; null is "no limit". */
export interface LossLimits {
  /** Rupees: the day's loss at which trading stops. */
  maxLoss: number | null;
  /** Orders placed in the day; one more is refused and trips. */
  maxOrders: number | null;
  /** Rupees: the value of the open positions (|net quantity| x last price x multiplier). */
  maxPositionValue: number | null;
  squareOff: boolean;
}

export const NO_LIMITS: LossLimits = { maxLoss: null, maxOrders: null, maxPositionValue: null, squareOff: false };

/** What the limits are measured against at one moment. */
export interface DayFigures {
  /** The day's P&L, realised plus unrealised, from the day's start (positions.ts positionsDayPnl; a loss is negative). */
  pnl: number;
  /** Orders placed today. */
  orders: number;
  positionValue: number;
}

/** The figures a limit tripped at, and that limit as it was set then. */
export interface TripFigures extends DayFigures {
  limit: number;
}

/** The day's state of the check: which day, and whether (and by which limit, at which figures) it has tripped. */
export interface LimitsDay {
  day: string;
  tripped: LimitName | null;
  /** The figures when it tripped; absent on a day tripped before they were kept. */
  at?: TripFigures;
}


/** The day's figures of the positions and the orders placed today: the one measure the check, the trip and the dialog use. */
export function dayFigures(positions: readonly DayPnlFields[], orders: number): DayFigures {
  let positionValue = 0;
  for (const p of positions) positionValue += Math.abs(p.netQuantity) * p.ltp * (p.multiplier || 1);
  return { pnl: positionsDayPnl(positions), orders, positionValue: roundToPaisa(positionValue) };
}

/** Why limits are refused (EC713), or undefined: each one absent or a positive number; orders a whole number. */
export function lossLimitsProblem(l: LossLimits): string | undefined {
  for (const [name, v] of [["maximum loss", l.maxLoss], ["maximum position value", l.maxPositionValue]] as const) {
    if (v !== null && !(Number.isFinite(v) && v > 0 && v <= 1e11)) return `${name} must be a positive number of rupees`;
  }
  if (l.maxOrders !== null && !(Number.isInteger(l.maxOrders) && l.maxOrders > 0 && l.maxOrders <= 100_000)) return "maximum number of orders must be a whole number from 1 to 100000";
  return undefined;
}

/** The first limit `f` reaches, in the order loss, orders, position value; undefined when none. */
export function breachedLimit(l: LossLimits, f: DayFigures): LimitName | undefined {
  if (l.maxLoss !== null && -f.pnl >= l.maxLoss) return "loss";
  // The count reaches the maximum only by an order beyond it: the broker refuses that one and trips.
  if (l.maxOrders !== null && f.orders > l.maxOrders) return "orders";
  if (l.maxPositionValue !== null && f.positionValue > l.maxPositionValue) return "positionValue";
  return undefined;
}

/** The check's state on `today`: a new day starts untripped. */
export function dayOf(state: LimitsDay | undefined, today: string): LimitsDay {
  return state && state.day === today ? state : { day: today, tripped: null };
}

/** A limit's figure as set (0 for none). */
export function limitOf(l: LossLimits, name: LimitName): number {
  return (name === "loss" ? l.maxLoss : name === "orders" ? l.maxOrders : l.maxPositionValue) ?? 0;
}

/**
 * One check: the state after it and the limit that trips now, if one does. A day trips at most
 * once: once tripped, nothing trips again until the next day. The state keeps the figures it
 * tripped at, which the day shows from then on (shownFigures).
 */
export function checkLimits(l: LossLimits, state: LimitsDay, f: DayFigures): { state: LimitsDay; trips?: LimitName } {
  if (state.tripped !== null) return { state };
  const b = breachedLimit(l, f);
  return b ? { state: { ...state, tripped: b, at: { ...f, limit: limitOf(l, b) } }, trips: b } : { state };
}

/**
 * The figures the day shows on `today`: once it has tripped, those it tripped at, so that the
 * trip's sentence, the limits call's used and left and the dialog say one amount (they said
 * ₹2,647.50 tripped, then "used 1,617.50, left 382.50" and "Today ₹233.75" as the price moved on);
 * before, those of now.
 */
export function shownFigures(state: LimitsDay | undefined, today: string, now: DayFigures): DayFigures {
  const at = state?.day === today && state.tripped !== null ? state.at : undefined;
  return at ? { pnl: at.pnl, orders: at.orders, positionValue: at.positionValue } : now;
}

/** How far one limit is from tripping, as the app shows it. */
export interface Headroom {
  name: LimitName;
  limit: number | null;
  used: number;
  /** What is left before it trips; null without a limit. */
  left: number | null;
}

export function headroom(l: LossLimits, f: DayFigures): Headroom[] {
  const loss = Math.max(0, -f.pnl);
  const row = (name: LimitName, limit: number | null, used: number): Headroom => ({ name, limit, used, left: limit === null ? null : Math.max(0, limit - used) });
  return [row("loss", l.maxLoss, loss), row("orders", l.maxOrders, f.orders), row("positionValue", l.maxPositionValue, f.positionValue)];
}

export const LIMIT_WORDS: Readonly<Record<LimitName, string>> = { loss: "Maximum loss", orders: "Maximum orders", positionValue: "Maximum position value" };

/** A limit's figures as the trip says them: "Maximum loss: ₹1,050.00 of ₹1,000.00" (the same amount headroom's used is). */
export function tripFigure(name: LimitName, limit: number, f: DayFigures): string {
  const figure = name === "loss" ? `₹${groupIndian(Math.max(0, -f.pnl))} of ₹${groupIndian(limit)}` : name === "orders" ? `order ${f.orders} of ${limit}` : `₹${groupIndian(f.positionValue)} of ₹${groupIndian(limit)}`;
  return `${LIMIT_WORDS[name]}: ${figure}`;
}

/** The sentence of a trip: "Daily loss limit reached … (Maximum loss: ₹1,050.00 of ₹1,000.00)". */
export function tripText(name: LimitName, l: LossLimits, f: DayFigures): string {
  return `${ERROR_CATALOGUE.EC712} (${tripFigure(name, limitOf(l, name), f)})`;
}

/** "Within reach": the day has used this share of a limit or more (the dialog warns before saving it). */
export const WITHIN_REACH = 0.8;

/**
 * What the dialog says before limits are saved, by today's figures: `tripsNow` when saving trips
 * a limit at once (the broker checks on save), which cancels the open orders and stops the day
 * and cannot be undone, so the dialog asks again; otherwise a limit within reach, or undefined.
 */
export function limitsWarning(l: LossLimits, f: DayFigures, openOrders: number): { tripsNow: boolean; text: string } | undefined {
  const consequence = `cancels ${openOrders} open ${openOrders === 1 ? "order" : "orders"}${l.squareOff ? ", squares off every position" : ""} and stops trading for the day`;
  const now = breachedLimit(l, f);
  if (now) return { tripsNow: true, text: `${pastText(now, l, f)}: saving trips the limit now: ${consequence}` };
  const loss = Math.max(0, -f.pnl);
  if (l.maxLoss !== null && loss >= l.maxLoss * WITHIN_REACH) {
    return { tripsNow: false, text: `Today's loss ₹${groupIndian(loss)} is within ₹${groupIndian(l.maxLoss - loss)} of ₹${groupIndian(l.maxLoss)}: a small move trips the limit, which ${consequence}` };
  }
  if (l.maxOrders !== null && f.orders >= l.maxOrders) return { tripsNow: false, text: `${f.orders} orders placed today: the next order is refused and trips the limit, which ${consequence}` };
  if (l.maxPositionValue !== null && f.positionValue >= l.maxPositionValue * WITHIN_REACH) {
    return { tripsNow: false, text: `The positions' value ₹${groupIndian(f.positionValue)} is within ₹${groupIndian(l.maxPositionValue - f.positionValue)} of ₹${groupIndian(l.maxPositionValue)}: a small move trips the limit, which ${consequence}` };
  }
  return undefined;
}

function pastText(name: LimitName, l: LossLimits, f: DayFigures): string {
  const limit = limitOf(l, name);
  if (name === "loss") return `Today's loss ₹${groupIndian(Math.max(0, -f.pnl))} is already past ₹${groupIndian(limit)}`;
  if (name === "orders") return `${f.orders} orders placed today are already past the maximum of ${limit}`;
  return `The positions' value ₹${groupIndian(f.positionValue)} is already past ₹${groupIndian(limit)}`;
}

/**
 * What saving the limits says (a toast): the dialog closed without a word, where every other risk-desk
 * action confirms. "Loss limits saved: Maximum loss ₹20,000.00, Maximum orders 50; positions squared
 * off on a trip"; with none set, "Loss limits cleared: no limit today".
 */
export function limitsSavedText(l: LossLimits): string {
  const set = [
    l.maxLoss !== null ? `${LIMIT_WORDS.loss} ₹${groupIndian(l.maxLoss)}` : "",
    l.maxOrders !== null ? `${LIMIT_WORDS.orders} ${l.maxOrders}` : "",
    l.maxPositionValue !== null ? `${LIMIT_WORDS.positionValue} ₹${groupIndian(l.maxPositionValue)}` : "",
  ].filter((s) => s !== "");
  if (set.length === 0) return "Loss limits cleared: no limit today";
  return `Loss limits saved: ${set.join(", ")}${l.squareOff ? "; positions squared off on a trip" : ""}`;
}
