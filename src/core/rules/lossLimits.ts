import { ERROR_CATALOGUE } from "../errors";
import { groupIndian } from "../format";

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
  /** The day's P&L: the positions' realised plus unrealised now, less what it was when the day's check began (a loss is negative). */
  pnl: number;
  /** Orders placed today. */
  orders: number;
  positionValue: number;
}

/** The day's state of the check: which day, and whether (and by which limit) it has tripped. */
export interface LimitsDay {
  day: string;
  /** The positions' P&L when the day's check began: the day's P&L is measured from it. */
  baselinePnl: number;
  tripped: LimitName | null;
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

/** The check's state on `today`: a new day starts untripped, measuring from the P&L now. */
export function dayOf(state: LimitsDay | undefined, today: string, pnlNow: number): LimitsDay {
  return state && state.day === today ? state : { day: today, baselinePnl: pnlNow, tripped: null };
}

/**
 * One check: the state after it and the limit that trips now, if one does. A day trips at most
 * once: once tripped, nothing trips again until the next day.
 */
export function checkLimits(l: LossLimits, state: LimitsDay, f: DayFigures): { state: LimitsDay; trips?: LimitName } {
  if (state.tripped !== null) return { state };
  const b = breachedLimit(l, f);
  return b ? { state: { ...state, tripped: b }, trips: b } : { state };
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

/** The sentence of a trip: "Daily loss limit reached (Maximum loss: ₹1,050.00 of ₹1,000.00)". */
export function tripText(name: LimitName, l: LossLimits, f: DayFigures): string {
  const figure = name === "loss" ? `₹${groupIndian(Math.max(0, -f.pnl))} of ₹${groupIndian(l.maxLoss ?? 0)}` : name === "orders" ? `order ${f.orders} of ${l.maxOrders ?? 0}` : `₹${groupIndian(f.positionValue)} of ₹${groupIndian(l.maxPositionValue ?? 0)}`;
  return `${ERROR_CATALOGUE.EC712} (${LIMIT_WORDS[name]}: ${figure})`;
}
