import type { ErrorCode } from "../errors";
import type { GttTriggerType } from "../types/gtt";
import type { TransactionType } from "../types/order";
import { limitWithTrigger } from "./stopLimit";
import { isOnTick } from "./tick";
import { MAX_TRAIL_PERCENT, trailedTrigger, type StopTrail } from "./trail";

/**
 * A trail on a GTT (issue 33): the GTT's stop leg follows the price as a trailing stop-loss does,
 * by the one rule of src/core/rules/trail.ts (in favour only, whole jumps, never back, never to the
 * price). A GTT has one stop leg at most: a SINGLE that protects a position (a sell triggering below
 * the last price, a buy above it), or an OCO's stop-loss leg (Leg2). A SINGLE on the other side is a
 * target or an entry, which a trail would only push away, so it is refused (EC733). The leg's limit
 * price moves with its trigger by the same amount, so the gap the trader chose stays (stopLimit.ts).
 */

/** Which leg trails: the SINGLE's only leg, or the OCO's stop-loss. */
export const trailedLeg = (t: GttTriggerType): 1 | 2 => (t === "OCO" ? 2 : 1);

/** The side of the stop the leg is: a sell GTT's stop sells a long (it ratchets up), a buy GTT's buys back a short. */
const stopSide = (side: "B" | "S"): TransactionType => (side === "S" ? "SELL" : "BUY");

export interface GttTrailSubject {
  side: "B" | "S";
  triggerType: GttTriggerType;
  /** The trailed leg's trigger and limit price. */
  trigger: number;
  price: number;
}

/** Why a GTT may not carry this trail at this last price, or undefined. */
export function gttTrailProblem(g: GttTrailSubject, trail: StopTrail, ltp: number, tickSize: number): { code: ErrorCode; detail: string } | undefined {
  if (!(trail.value > 0) && !(trail.jump > 0)) return undefined;
  if (!(Number.isFinite(trail.value) && trail.value > 0)) return { code: "EC734", detail: "the trail must be above 0" };
  if (trail.unit === "PERCENT") {
    if (!(trail.value <= MAX_TRAIL_PERCENT)) return { code: "EC734", detail: `a percent trail is at most ${MAX_TRAIL_PERCENT}` };
  } else if (!isOnTick(trail.value, tickSize)) return { code: "EC734", detail: `${trail.value} is not on the tick size ${tickSize}` };
  if (!(Number.isFinite(trail.jump) && trail.jump >= 0) || (trail.jump > 0 && !isOnTick(trail.jump, tickSize))) return { code: "EC734", detail: `the jump must be 0 or on the tick size ${tickSize}` };
  if (g.triggerType === "SINGLE") {
    const protects = g.side === "S" ? g.trigger < ltp : g.trigger > ltp;
    if (!protects) return { code: "EC733", detail: g.side === "S" ? `a sell triggering at ${g.trigger} is above the last price ${ltp}: a target, not a stop` : `a buy triggering at ${g.trigger} is below the last price ${ltp}: an entry, not a stop` };
  }
  return undefined;
}

/** The trailed leg after a tick at `ltp`: its new trigger and limit price, or undefined when it stays. */
export function trailGttLeg(g: GttTrailSubject, trail: StopTrail, ltp: number, tickSize: number): { trigger: number; price: number } | undefined {
  const next = trailedTrigger({ side: stopSide(g.side), trigger: g.trigger, ltp, trail, tickSize });
  if (next === g.trigger) return undefined;
  return { trigger: next, price: limitWithTrigger(g.price, g.trigger, next, tickSize) };
}

/**
 * What the broker says on the client's order topic when a trail moves a GTT's leg: the app reloads
 * its GTT book, so the trigger shown is where the trail has put it. No toast: a GTT is not an order
 * yet, its moves are many, and the book (and the GTT's own row) says where it stands.
 */
export const GTT_TRAIL_MESSAGE_KIND = "gttTrail";

export interface GttTrailMessage {
  messageKind: typeof GTT_TRAIL_MESSAGE_KIND;
  gttId: string;
  leg: 1 | 2;
  trigger: number;
  previousTrigger: number;
}

export function isGttTrailMessage(raw: unknown): raw is GttTrailMessage {
  return typeof raw === "object" && raw !== null && (raw as Record<string, unknown>).messageKind === GTT_TRAIL_MESSAGE_KIND && typeof (raw as Record<string, unknown>).gttId === "string";
}
