import type { Exchange } from "../types/exchange";

/**
 * The words a contract is found by and the words of a query, read the same way: lower case,
 * letters, digits and `.&-` kept, anything else a separator.
 */
export function normalizeQuery(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.&\- ]+/g, " ")
    .split(/\s+/)
    .filter((w) => w !== "");
}

/** Words of a piece of text (a company name, a description): as a query reads it, with `.,()` separating too. */
export function textWords(text: string): string[] {
  return normalizeQuery(text.replace(/[.,()]/g, " "));
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** An expiry "2026-11-24" is typed as "26nov" (year and month), "24nov" (day and month), "nov" or "2026". */
export function expiryWords(expiry: string): string[] {
  const [yyyy = "", mm = "1", dd = ""] = expiry.split("-");
  const mon = MONTHS[Number(mm) - 1] ?? "";
  return [`${yyyy.slice(2)}${mon}`, `${dd}${mon}`, mon, yyyy];
}

export const EXCHANGE_WORDS: Record<Exchange, readonly string[]> = {
  NSEEQ: ["nse", "nseeq"],
  BSEEQ: ["bse", "bseeq"],
  NSEFO: ["nse", "nsefo", "fo"],
  BSEFO: ["bse", "bsefo", "fo"],
  NSECURR: ["nse", "nsecurr", "cds", "currency"],
  BSECURR: ["bse", "bsecurr", "currency"],
  MCXCOMM: ["mcx", "mcxcomm"],
  NCDEXCOMM: ["ncdex", "ncdexcomm"],
  NSECOMM: ["nse", "nsecomm"],
  BSECOMM: ["bse", "bsecomm"],
};
