import type { ErrorCode } from "../errors";

/**
 * Saved strategies (issue 31: "A strategy can be saved by name (broker-side, per user, like
 * baskets) and reopened with today's prices"). Tape's limits, in the baskets' spirit: a name of 1
 * to 40 characters, unique per user without regard to case (saving under a name that is taken
 * replaces that strategy), at most 50 strategies and 20 legs each.
 */
export const STRATEGIES_MAX = 50;
export const STRATEGY_LEGS_MAX = 20;
export const STRATEGY_NAME_MAX = 40;

export type { SavedStrategy, SavedStrategyLeg } from "../wire/strategies";

/** Why a name cannot be saved (its catalogue code), or undefined. */
export function strategyNameProblem(name: string): ErrorCode | undefined {
  const n = name.trim();
  return n.length === 0 || n.length > STRATEGY_NAME_MAX ? "EC967" : undefined;
}

/** Names are compared without case, as basket names are. */
export const sameStrategyName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();
