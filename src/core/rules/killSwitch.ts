import { ruleError, type RuleError } from "../errors";
import { formatDateTime } from "../format";
import { istDateKeyAfter, istInstant } from "../time";
import { segmentOf, type Exchange, type Segment } from "../types/exchange";

/**
 * The kill switch of a segment (issue 33, after Kite's and Upstox's): turned on, it refuses every
 * new order of that segment until its cooling-off period has passed on the broker's clock. It has
 * no "off": it lifts by itself at `until`, and turning it on again can only lengthen it.
 */

/** The four segments, in the order the positions tabs show them. */
export const SEGMENTS: readonly Segment[] = ["equity", "derivatives", "currency", "commodity"];

/** A segment as the trader reads it (the positions tabs' words). */
export const SEGMENT_NAMES: Readonly<Record<Segment, string>> = { equity: "Equity", derivatives: "F&O", currency: "Currency", commodity: "Commodity" };

export function isSegment(v: unknown): v is Segment {
  return typeof v === "string" && (SEGMENTS as readonly string[]).includes(v);
}

/** "default 12 h" (issue 33). */
export const DEFAULT_COOLING_OFF_HOURS = 12;
/** The periods the dialog offers; the broker takes any whole number of hours from 1 to MAX. */
export const COOLING_OFF_CHOICES = [1, 6, 12, 24, 48, 72] as const;
export const MAX_COOLING_OFF_HOURS = 72;

/** Who turned it on: the trader, or a loss limit that tripped (lossLimits.ts). */
export type KillSwitchReason = "user" | "loss limit";

export interface KillSwitchState {
  segment: Segment;
  /** Broker-clock instants, ms since the epoch. */
  onAt: number;
  until: number;
  reason: KillSwitchReason;
}

/** On while the broker's clock is before `until`; off (lifted) from `until` on. */
export function killSwitchOn(s: KillSwitchState | undefined, now: number): boolean {
  return s !== undefined && now < s.until;
}

/** Why a cooling-off period is refused, or undefined: a whole number of hours, 1 to 72. */
export function coolingOffProblem(hours: number): string | undefined {
  if (!Number.isInteger(hours) || hours < 1 || hours > MAX_COOLING_OFF_HOURS) return `the cooling-off period is a whole number of hours from 1 to ${MAX_COOLING_OFF_HOURS}`;
  return undefined;
}

/**
 * The switch after turning it on at `now` for `hours`: on until now + hours, or until the end it
 * already had when that is later (turning it on again never shortens it, so it cannot be ended early).
 */
export function turnOnKillSwitch(current: KillSwitchState | undefined, segment: Segment, now: number, hours: number, reason: KillSwitchReason = "user"): KillSwitchState | RuleError {
  const problem = coolingOffProblem(hours);
  if (problem) return ruleError("EC711", problem);
  return extendTo(current, segment, now, now + hours * 3_600_000, reason);
}

/** The switch on until `until` (a loss limit's "rest of the day"), kept longer when it already was. */
export function extendTo(current: KillSwitchState | undefined, segment: Segment, now: number, until: number, reason: KillSwitchReason): KillSwitchState {
  if (current && killSwitchOn(current, now)) {
    return current.until >= until ? current : { segment, onAt: current.onAt, until, reason };
  }
  return { segment, onAt: now, until, reason };
}

/** Midnight IST after `now`: the end of "the rest of the day". */
export function endOfIstDay(now: number): number {
  return istInstant(istDateKeyAfter(new Date(now), 1), 0).getTime();
}

/**
 * The refusal of a new order on `exchange` while its segment's switch is on, or undefined: EC710
 * when the trader turned it on, EC712 (the daily loss limit's own code and words) when a tripped
 * loss limit did, so that a trader who never touched the switch is told it was the limit, with
 * the limit's figures (`lossLimitFigure`, "Maximum loss: ₹2,647.50 of ₹2,000.00") when known.
 */
export function killSwitchRefusal(
  switchOf: (segment: Segment) => KillSwitchState | undefined,
  exchange: Exchange,
  now: number,
  lossLimitFigure?: () => string | undefined,
): RuleError | undefined {
  const segment = segmentOf(exchange);
  const s = switchOf(segment);
  if (!killSwitchOn(s, now)) return undefined;
  const until = `${SEGMENT_NAMES[segment]} until ${formatDateTime(s!.until)} IST`;
  if (s!.reason === "loss limit") {
    const figure = lossLimitFigure?.();
    return ruleError("EC712", figure ? `${figure}; ${until}` : until);
  }
  return ruleError("EC710", until);
}

/**
 * A modify while the switch is on may only keep or lower the quantity still to fill (a BO/CO leg
 * re-priced, an order made smaller): it never adds exposure. `undefined` when allowed.
 */
export function killSwitchModifyRefusal(
  switchOf: (segment: Segment) => KillSwitchState | undefined,
  exchange: Exchange,
  now: number,
  pendingBefore: number,
  pendingAfter: number,
  lossLimitFigure?: () => string | undefined,
): RuleError | undefined {
  if (pendingAfter <= pendingBefore) return undefined;
  return killSwitchRefusal(switchOf, exchange, now, lossLimitFigure);
}
