/**
 * The option chain's analytics (issue 31), pure: the put/call OI ratio, max pain, and OI build-up
 * per strike from the change of price and open interest over a window.
 */

export interface StrikeOi {
  strike: number;
  callOi: number;
  putOi: number;
}

/** PCR: the expiry's total put open interest over its total call open interest; null with no call OI. */
export function putCallRatio(rows: readonly StrikeOi[]): number | null {
  let calls = 0;
  let puts = 0;
  for (const r of rows) {
    calls += r.callOi;
    puts += r.putOi;
  }
  return calls > 0 ? puts / calls : null;
}

/**
 * Max pain: the listed strike at which, were the underlying to settle there, the option holders of
 * the expiry would be paid the least (every call's OI x (K − strike)+ plus every put's OI x
 * (strike − K)+). Ties take the lower strike. null with no open interest.
 */
export function maxPain(rows: readonly StrikeOi[]): number | null {
  if (rows.every((r) => r.callOi === 0 && r.putOi === 0)) return null;
  let best: { strike: number; pay: number } | undefined;
  for (const k of [...rows].sort((a, b) => a.strike - b.strike)) {
    let pay = 0;
    for (const r of rows) pay += r.callOi * Math.max(0, k.strike - r.strike) + r.putOi * Math.max(0, r.strike - k.strike);
    if (!best || pay < best.pay) best = { strike: k.strike, pay };
  }
  return best!.strike;
}

/** The four readings of a contract's price and OI moving together (the usual F&O desk words). */
export type BuildUp = "Long build-up" | "Short build-up" | "Short covering" | "Long unwinding" | "Neutral";

/**
 * Price up with OI up: new longs (long build-up); price down with OI up: new shorts (short
 * build-up); price up with OI down: shorts closing (short covering); price down with OI down:
 * longs closing (long unwinding). No change in either reads neutral.
 */
export function buildUp(priceChange: number, oiChange: number): BuildUp {
  if (priceChange === 0 || oiChange === 0) return "Neutral";
  if (oiChange > 0) return priceChange > 0 ? "Long build-up" : "Short build-up";
  return priceChange > 0 ? "Short covering" : "Long unwinding";
}

/** The chain cell's short label of each reading; the column's title and the bar's legend spell them out. */
export const BUILD_UP_SHORT: Record<BuildUp, string> = {
  "Long build-up": "LB",
  "Short build-up": "SB",
  "Short covering": "SC",
  "Long unwinding": "LU",
  Neutral: "Flat",
};
