/**
 * The underlying a derivative's trading symbol names, read from the name alone (a group's
 * instrument carries no more than its exchange, token and trading symbol). Every form the
 * broker's master makes (server/market/instruments/derivatives.ts contractNames) is the
 * underlying's symbol, then the expiry, then the strike and CE or PE, or FUT:
 * - monthly (futures, stock, index, MCX, NCDEX and currency options): the year's two digits and the
 *   month's three letters, "NIFTY26DEC24500CE", "GOLD26FEBFUT", "USDINR26DEC88.25CE";
 * - weekly index options: the year's two digits, the month as one character (1 to 9, O, N, D) and
 *   the day's two digits, "NIFTY26D0824500CE" (8 December 2026), "NIFTY2610624500PE" (6 January).
 * A symbol may hold digits, & and - ("NIFTYNXT50", "GUARSEED10", "M&M", "BAJAJ-AUTO"): the name is
 * read as the shortest symbol the rest of the name is an expiry and a strike after, which is the
 * master's own split for every name it makes (no underlying with weeklies ends in a digit).
 */
const MONTH = "JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC";
const DAY = "0[1-9]|[12]\\d|3[01]";
// The underlying, the year, then the month's letters (a monthly) or its character and the day (a weekly), then what the contract is.
const CONTRACT = new RegExp(`^(.+?)(\\d{2})(?:(${MONTH})|([1-9OND])(${DAY}))(FUT|\\d+(?:\\.\\d+)?(?:CE|PE))$`);
/** A weekly's month character: 1 to 9 for January to September, O, N and D for October to December. */
const WEEKLY_MONTH = "123456789OND";

/** The underlying's symbol of a future's or an option's trading symbol; undefined for any other name (a share, an index). */
export function contractUnderlying(tradingSymbol: string): string | undefined {
  return CONTRACT.exec(tradingSymbol.toUpperCase())?.[1];
}

/**
 * The expiry an option's name carries: a weekly's date, "2026-12-08" for "NIFTY26D0824500CE"; a
 * monthly's month alone, "2026-12" for "NIFTY26DEC24500CE" (its day is not in the name: it is the
 * month's last expiry of the underlying, optionChain.ts listedExpiry). Undefined for a future or
 * any other name.
 */
export function optionExpiry(tradingSymbol: string): string | undefined {
  const m = CONTRACT.exec(tradingSymbol.toUpperCase());
  if (!m || m[6] === "FUT") return undefined;
  const [, , yy, mon, weeklyMonth, dd] = m;
  const month = mon ? MONTH.split("|").indexOf(mon) + 1 : WEEKLY_MONTH.indexOf(weeklyMonth!) + 1;
  const yearMonth = `20${yy}-${String(month).padStart(2, "0")}`;
  return dd ? `${yearMonth}-${dd}` : yearMonth;
}
