import { priceDecimals } from "./types/exchange";
import type { Exchange } from "./types/exchange";
import { roundToPaisa } from "./money";
import { INDIA_UTC_OFFSET_MS } from "./time";

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

/**
 * A figure the trader typed (an alert's level, a spot read back), grouped the Indian way with its
 * own decimals, up to 4, none added: "2,550", "1,145.7", "83.4125".
 */
export function groupAsTyped(value: number): string {
  for (let d = 0; d < 4; d++) if (Math.abs(value * 10 ** d - Math.round(value * 10 ** d)) < 1e-6) return groupIndian(value, d);
  return groupIndian(value, 4);
}

export function formatPrice(value: number, exchange: Exchange): string {
  return groupIndian(value, priceDecimals(exchange));
}

/**
 * A price as a price field holds it: the exchange's decimals ("Price decimals: 4 for currency
 * exchanges, 2 otherwise"), not grouped, since the field reads its text back as a number: "26135.70",
 * never "26135.7". A price with more decimals than that (off the tick) keeps them all: the field
 * shows what would be sent, and the tick check under it says what is wrong. No price: empty.
 */
export function priceFieldText(value: number, exchange: Exchange): string {
  if (!value || !Number.isFinite(value)) return "";
  const fixed = value.toFixed(priceDecimals(exchange));
  return Number(fixed) === value ? fixed : String(value);
}

/** "Percent decimals: 2"; "An infinite percentage is shown as 0 or --": Tape shows --. */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value)) return "--";
  return groupIndian(value, 2);
}

/**
 * A count (contracts, shares, open interest and its change): a whole number, never paise, below
 * 1,000 ("750"); from there abbreviated by the spec's tiers ("75.00K", "1.25L"), as every other
 * large figure is, so a column never mixes "90,090" with "12.93L".
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return "--";
  const n = Math.round(value);
  return Math.abs(n) < 1_000 ? groupIndian(n, 0) : abbreviate(n);
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

/*
 * Dates on screen, one way everywhere (issue 29: the SIP dialog wrote 11/23/2026, the status bar
 * 23/11/2026): DD/MM/YYYY, the order an Indian trader reads on contract notes, the exchanges'
 * circulars and Kite, and the one the date picker's field is typed in, digits only. A date that
 * is read and a date that is typed then look the same.
 */

/** A calendar date "YYYY-MM-DD" as "DD/MM/YYYY"; "" for anything else. */
export function formatDate(dateKey: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateKey);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
}

/**
 * An instant (an ISO timestamp or ms since the epoch) as India date and time "DD/MM/YYYY HH:MM:SS";
 * a text that is not a timestamp (a broker's own "09:20:01") as it is, "" for none.
 */
export function formatDateTime(at: string | number | undefined): string {
  const t = typeof at === "number" ? at : at ? Date.parse(at) : NaN;
  if (Number.isNaN(t)) return typeof at === "string" ? at : "";
  const ist = new Date(t + INDIA_UTC_OFFSET_MS).toISOString();
  return `${formatDate(ist.slice(0, 10))} ${ist.slice(11, 19)}`;
}

/**
 * A product as the trader reads it, the one word on every screen and toast (the product shown is the
 * product sent): the spec's "Chosen" word of the product mapping (trading-core section 5), so the
 * carry-forward product NORMAL that the broker returns reads NRML, as the order window offers it.
 * DELIVERY, INTRADAY, BNPL, BO and CO are their own names, in capitals as the spec writes them.
 */
// Decided: the order window, a basket leg's editor and Settings wrote "Delivery"/"Intraday" where the books wrote DELIVERY/INTRADAY; the spec writes DELIVERY, INTRADAY.
export function productLabel(product: string): string {
  return product === "NORMAL" ? "NRML" : product;
}

/** An order type as the trader reads it: the spec's SLM is written SL-M, as order screens write it. */
export function orderTypeLabel(orderType: string): string {
  return orderType === "SLM" ? "SL-M" : orderType;
}

/** The status bar's age of the newest frame, short: "0.4s", "12s", "3m"; before any frame, said in words (a "--" read as a figure missing). */
export function formatFrameAge(ms: number | null): string {
  if (ms === null) return "no frame yet";
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)}s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)}s`;
  return `${Math.round(ms / 60_000)}m`;
}
