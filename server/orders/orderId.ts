/**
 * An order's number: the IST day it was placed as yyMMdd, then its sequence number, at least seven
 * digits ("2611230000042" is order 42, placed on 2026-11-23). The sequence is the order row's key,
 * so the number leads straight to the row (orderSeqOf) and needs no index of its own (issue 18).
 */
const SEQ_DIGITS = 7;
const DAY_DIGITS = 6;
/** The longest sequence read back: 15 digits is still an exact number (Number.MAX_SAFE_INTEGER has 16). */
const MAX_SEQ_DIGITS = 15;

let prefixDay = "";
let prefix = "";

/** The number of the order `seq` placed on `day` ("2026-11-23"); the day's yyMMdd is worked out once a day. */
export function orderIdOf(day: string, seq: number): string {
  if (day !== prefixDay) {
    prefixDay = day;
    prefix = day.replace(/-/g, "").slice(2);
  }
  return `${prefix}${String(seq).padStart(SEQ_DIGITS, "0")}`;
}

/** The sequence number inside an order number, or undefined when the text is not one. */
export function orderSeqOf(id: string): number | undefined {
  if (id.length < DAY_DIGITS + SEQ_DIGITS || id.length > DAY_DIGITS + MAX_SEQ_DIGITS) return undefined;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
  }
  return Number(id.slice(DAY_DIGITS));
}
