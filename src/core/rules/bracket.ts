import { ruleError, type RuleError } from "../errors";
import type { TransactionType } from "../types/order";
import { fromTicks, roundToTick, toTicks } from "./tick";

/**
 * Bracket templates (issue 33): an entry plus up to three targets, each a share of the quantity
 * (scale-out), a stop, and an optional break-even move. The broker follows the entry's fills with
 * this rule; the rule says how much each leg should hold and where the stop stands, and the broker
 * makes its orders so.
 *
 * The rules, as the issue gives them:
 *  - the shares sum to 100 %; each target's quantity is its share rounded down to whole lots, the
 *    rest on the last target (splitShares);
 *  - a partly filled entry is covered target by target, nearest first (coverage): the first
 *    shares bought are the first taken off, so what a target holds never shrinks as more fills;
 *  - the stop always covers what is held (entry filled − exits filled): a target's fill reduces
 *    the stop's quantity (OCO);
 *  - the stop's first fill cancels the targets' rest; from then the stop alone covers what is held;
 *  - never more exit quantity than the entry filled;
 *  - break-even: after N ticks in favour of the entry price, or after the first target fills, the
 *    stop moves to the entry's average price (on the tick), once, and never back.
 */

export type BreakEven = { after: "ticks"; ticks: number } | { after: "target" };

export interface BracketTarget {
  /** Points from the entry price, in favour. */
  points: number;
  /** Percent of the quantity. */
  share: number;
}

export interface BracketTemplate {
  name: string;
  targets: BracketTarget[];
  /** Points from the entry price, against. */
  stopPoints: number;
  breakEven?: BreakEven;
}

export const MAX_TARGETS = 3;
export const MAX_TEMPLATES = 30;

/** A template's name: a word the command line can say after `with`. */
export const TEMPLATE_NAME = /^[a-z][a-z0-9_-]{0,23}$/;

/** The template's problem with its catalogue code: EC722 name, EC723 shares, EC724 prices, EC725 break-even. */
export function templateProblem(t: BracketTemplate): RuleError | undefined {
  if (!TEMPLATE_NAME.test(t.name)) return ruleError("EC722", "a letter, then up to 23 letters, digits, - or _");
  if (t.targets.length < 1 || t.targets.length > MAX_TARGETS) return ruleError("EC723", `1 to ${MAX_TARGETS} targets`);
  if (t.targets.some((x) => !(Number.isFinite(x.share) && x.share > 0))) return ruleError("EC723", "each share is above 0");
  const total = t.targets.reduce((s, x) => s + x.share, 0);
  if (Math.abs(total - 100) > 1e-9) return ruleError("EC723", `the shares sum to ${total} %, not 100 %`);
  if (t.targets.some((x) => !(Number.isFinite(x.points) && x.points > 0))) return ruleError("EC724", "each target is a positive number of points");
  for (let i = 1; i < t.targets.length; i++) if (!(t.targets[i]!.points > t.targets[i - 1]!.points)) return ruleError("EC724", "each target is further than the one before");
  if (!(Number.isFinite(t.stopPoints) && t.stopPoints > 0)) return ruleError("EC724", "the stop is a positive number of points");
  if (t.breakEven?.after === "ticks" && !(Number.isInteger(t.breakEven.ticks) && t.breakEven.ticks > 0)) return ruleError("EC725", "a whole number of ticks above 0");
  return undefined;
}

/** Each target's share of `quantity`, rounded down to whole steps (lots), the rest on the last target. */
export function splitShares(quantity: number, step: number, shares: readonly number[]): number[] {
  const lot = step > 0 ? step : 1;
  const lots = Math.floor(quantity / lot);
  const out = shares.map((s) => Math.floor((lots * s) / 100 + 1e-9) * lot);
  const given = out.slice(0, -1).reduce((a, b) => a + b, 0);
  out[out.length - 1] = quantity - given;
  return out;
}

/** What each target covers when `filled` of the entry has filled: target by target, nearest first, each up to its plan. */
export function coverage(plan: readonly number[], filled: number): number[] {
  let left = filled;
  return plan.map((p) => {
    const q = Math.min(p, Math.max(0, left));
    left -= q;
    return q;
  });
}

export interface LegState {
  /** What the leg has held in all (filled plus still open); 0 while it is not placed. */
  quantity: number;
  filled: number;
}

export interface BracketState {
  side: TransactionType;
  /** The entry's whole quantity, what has filled, and the value filled (for the average). */
  entryQuantity: number;
  entryFilled: number;
  entryValue: number;
  /** False once the entry is complete or its rest is cancelled. */
  entryOpen: boolean;
  /** The price targets and stop are measured from: the entry's limit, or its first fill's price. */
  reference: number;
  plan: number[];
  targets: LegState[];
  stop: LegState;
  stopTrigger: number;
  /** The stop has filled: the targets' rest is cancelled. */
  stopped: boolean;
  brokeEven: boolean;
}

export type BracketEvent =
  | { kind: "entryFill"; quantity: number; price: number }
  | { kind: "targetFill"; index: number; quantity: number }
  | { kind: "stopFill"; quantity: number }
  | { kind: "price"; ltp: number }
  | { kind: "cancel" };

export interface BracketArgs {
  template: BracketTemplate;
  side: TransactionType;
  quantity: number;
  /** The entry's limit price, or 0 for a market entry (then the first fill's price is the reference). */
  limitPrice: number;
  step: number;
  tickSize: number;
}

export function newBracket(a: BracketArgs): BracketState {
  return {
    side: a.side,
    entryQuantity: a.quantity,
    entryFilled: 0,
    entryValue: 0,
    entryOpen: true,
    reference: a.limitPrice > 0 ? roundToTick(a.limitPrice, a.tickSize) : 0,
    plan: splitShares(a.quantity, a.step, a.template.targets.map((t) => t.share)),
    targets: a.template.targets.map(() => ({ quantity: 0, filled: 0 })),
    stop: { quantity: 0, filled: 0 },
    stopTrigger: 0,
    stopped: false,
    brokeEven: false,
  };
}

/** What is held now: the entry filled less every exit filled. */
export const held = (s: BracketState): number => s.entryFilled - s.stop.filled - s.targets.reduce((a, t) => a + t.filled, 0);
/** A leg's open quantity. */
export const openOf = (l: LegState): number => l.quantity - l.filled;
/** The entry's average fill price on the tick (the break-even stop). */
export const entryPrice = (s: BracketState, tickSize: number): number => (s.entryFilled > 0 ? roundToTick(s.entryValue / s.entryFilled, tickSize) : 0);

/** A target's price: the reference moved its points in favour, on the tick. */
export function targetPrice(s: Pick<BracketState, "side" | "reference">, t: BracketTarget, tickSize: number): number {
  const sign = s.side === "BUY" ? 1 : -1;
  return onTick(s.reference + sign * t.points, tickSize);
}

function onTick(price: number, tickSize: number): number {
  return fromTicks(Math.max(1, toTicks(roundToTick(price, tickSize), tickSize) ?? 1), tickSize);
}

/** The state after one event. Events the state cannot take (more than is open) are clamped to what is. */
export function bracketStep(s: BracketState, e: BracketEvent, template: BracketTemplate, tickSize: number): BracketState {
  const n: BracketState = { ...s, plan: [...s.plan], targets: s.targets.map((t) => ({ ...t })), stop: { ...s.stop } };
  const sign = n.side === "BUY" ? 1 : -1;
  switch (e.kind) {
    case "entryFill": {
      if (!n.entryOpen) break;
      const q = Math.min(Math.max(0, e.quantity), n.entryQuantity - n.entryFilled);
      if (q === 0) break;
      if (n.reference === 0) n.reference = roundToTick(e.price, tickSize);
      if (n.stopTrigger === 0) n.stopTrigger = onTick(n.reference - sign * template.stopPoints, tickSize);
      n.entryFilled += q;
      n.entryValue += q * e.price;
      // A stop already at break-even follows the average as more of the entry fills.
      if (n.brokeEven) n.stopTrigger = entryPrice(n, tickSize);
      if (n.entryFilled === n.entryQuantity) n.entryOpen = false;
      break;
    }
    case "targetFill": {
      const t = n.targets[e.index];
      if (!t || n.stopped) break;
      t.filled += Math.min(Math.max(0, e.quantity), openOf(t));
      if (template.breakEven?.after === "target" && t.filled > 0) moveToEntry(n, tickSize);
      break;
    }
    case "stopFill": {
      const q = Math.min(Math.max(0, e.quantity), openOf(n.stop));
      if (q === 0) break;
      n.stop.filled += q;
      n.stopped = true;
      break;
    }
    case "price": {
      const be = template.breakEven;
      if (be?.after === "ticks" && n.entryFilled > 0 && !n.stopped) {
        const gained = ((toTicks(roundToTick(e.ltp, tickSize), tickSize) ?? 0) - (toTicks(n.reference, tickSize) ?? 0)) * sign;
        if (gained >= be.ticks) moveToEntry(n, tickSize);
      }
      break;
    }
    case "cancel":
      n.entryOpen = false;
      break;
  }
  settle(n);
  return n;
}

/** Break-even: the stop to the entry's average price, once; never further from the price than it stood. */
function moveToEntry(n: BracketState, tickSize: number): void {
  if (n.brokeEven) return;
  n.brokeEven = true;
  n.stopTrigger = entryPrice(n, tickSize);
}

/** Each leg's quantity from what has filled: targets cover the entry nearest first, the stop covers what is held. */
function settle(n: BracketState): void {
  const cover = coverage(n.plan, n.entryFilled);
  n.targets.forEach((t, i) => (t.quantity = n.stopped ? t.filled : Math.max(t.filled, cover[i]!)));
  n.stop.quantity = n.stop.filled + held(n);
}

/** The bracket is over: nothing held, nothing more can fill. */
export const bracketDone = (s: BracketState): boolean => !s.entryOpen && held(s) === 0;
