/**
 * The option chain's analytics (issue 31), pure: the put/call OI ratio, max pain, and OI build-up
 * per strike from the change of price and open interest over a window.
 */

export interface StrikeOi {
  strike: number;
  /** undefined: the strike lists no call (no such contract). */
  callOi: number | undefined;
  putOi: number | undefined;
}

/** What the chain's header shows of the expiry's OI: the figures, or that the OI they need is not there. */
export type ChainOiReadings = { kind: "figures"; pcr: number | null; maxPain: number | null } | { kind: "no OI"; withOi: number; contracts: number };

/**
 * PCR and max pain, shown only when the OI they are built from is there (FINDINGS-29 §4). In a replay
 * a contract the day has no ticks of is priced by the model with no trades, "volume and OI 0" (README,
 * Market replay): its 0 is OI not known, not OI of zero, and a ratio or a max pain over the few
 * recorded contracts reads as the day's (PCR 0.09, max pain 24,000 off one call's OI). So in a replay
 * the figures need OI on every listed contract of the expiry (calls and puts counted apart); any one
 * at 0 and the header says there is no OI instead. Live, a 0 is the exchange's own and the figures
 * stand (null where there is no OI at all, as before).
 */
export function chainOiReadings(rows: readonly StrikeOi[], replay: boolean): ChainOiReadings {
  const listed = rows.flatMap((r) => [r.callOi, r.putOi]).filter((oi): oi is number => oi !== undefined);
  const withOi = listed.filter((oi) => !oiNotKnown(oi, replay)).length;
  if (replay && withOi < listed.length) return { kind: "no OI", withOi, contracts: listed.length };
  return { kind: "figures", pcr: putCallRatio(rows), maxPain: maxPain(rows) };
}

/**
 * A contract's OI is not known: in a replay, a 0 is a contract the day has no OI of, priced by the
 * model with no trades (above). Its OI, OI change and build-up are shown as not known, never as
 * 0, +0 and Flat, which read as an OI that stood still. Live, a 0 is the exchange's own.
 */
export function oiNotKnown(oi: number, replay: boolean): boolean {
  return replay && oi === 0;
}

/** PCR: the expiry's total put open interest over its total call open interest; null with no call OI. */
export function putCallRatio(rows: readonly StrikeOi[]): number | null {
  let calls = 0;
  let puts = 0;
  for (const r of rows) {
    calls += r.callOi ?? 0;
    puts += r.putOi ?? 0;
  }
  return calls > 0 ? puts / calls : null;
}

/**
 * Max pain: the listed strike at which, were the underlying to settle there, the option holders of
 * the expiry would be paid the least (every call's OI x (K − strike)+ plus every put's OI x
 * (strike − K)+). Ties take the lower strike. null with no open interest.
 */
export function maxPain(rows: readonly StrikeOi[]): number | null {
  if (rows.every((r) => !r.callOi && !r.putOi)) return null;
  let best: { strike: number; pay: number } | undefined;
  for (const k of [...rows].sort((a, b) => a.strike - b.strike)) {
    let pay = 0;
    for (const r of rows) pay += (r.callOi ?? 0) * Math.max(0, k.strike - r.strike) + (r.putOi ?? 0) * Math.max(0, r.strike - k.strike);
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
