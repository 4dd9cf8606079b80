import { priceDecimals } from "./types/exchange";
import type { Exchange } from "./types/exchange";
import { roundToPaisa } from "./money";

/** "Price decimals: 4 for currency exchanges, 2 otherwise": defined once, in exchanges.ts. */
export { priceDecimals };

/**
 * Indian digit grouping: the last three digits, then groups of two (1,23,45,678.90).
 * Rounding goes through toFixed on a value nudged by a tiny epsilon, so 1.005 shows 1.01.
 */
export function groupIndian(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return "--";
  const negative = value < 0;
  const abs = Math.abs(value);
  const fixed = (abs + abs * Number.EPSILON * 4).toFixed(decimals);
  const [int = "0", frac] = fixed.split(".");
  let grouped = int;
  if (int.length > 3) {
    const head = int.slice(0, -3);
    grouped = `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${int.slice(-3)}`;
  }
  const text = frac !== undefined ? `${grouped}.${frac}` : grouped;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

export function formatPrice(value: number, exchange: Exchange): string {
  return groupIndian(value, priceDecimals(exchange));
}

/** "Percent decimals: 2"; "An infinite percentage is shown as 0 or --": Tape shows --. */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value)) return "--";
  return groupIndian(value, 2);
}

/**
 * A count (contracts, shares, open interest and its change): a whole number, never paise, grouped
 * the Indian way below 1,00,000 ("75,000"), abbreviated from there ("1.25L").
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return "--";
  return Math.abs(value) < 100_000 ? groupIndian(Math.round(value), 0) : abbreviate(value);
}

const TIERS: readonly [number, string][] = [
  [1e7, "Cr"],
  [1e5, "L"],
  [1e3, "K"],
];

/**
 * "Large-number abbreviations: K at 1e3, L at 1e5, Cr at 1e7", two decimals. A value that rounds
 * up to the next tier takes it (99,999 is 1.00L, not 100.00K).
 */
export function abbreviate(value: number): string {
  if (!Number.isFinite(value)) return "--";
  const abs = Math.abs(value);
  const sign = value < 0 ? "-" : "";
  const tier = TIERS.findIndex(([unit]) => abs >= unit);
  if (tier < 0) return groupIndian(value, 2);
  const [unit, suffix] = TIERS[tier]!;
  // Hundredths of the unit (a crore, a lakh), by the paisa's rule.
  const scaled = roundToPaisa(abs / unit);
  const higher = TIERS[tier - 1];
  if (higher && scaled >= higher[0] / unit) return `${sign}${groupIndian(scaled / (higher[0] / unit), 2)}${higher[1]}`;
  return `${sign}${groupIndian(scaled, 2)}${suffix}`;
}
