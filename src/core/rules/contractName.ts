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
const EXPIRY = `\\d{2}(?:${MONTH}|[1-9OND](?:${DAY}))`;
const CONTRACT = new RegExp(`^(.+?)${EXPIRY}(?:FUT|\\d+(?:\\.\\d+)?(?:CE|PE))$`);

/** The underlying's symbol of a future's or an option's trading symbol; undefined for any other name (a share, an index). */
export function contractUnderlying(tradingSymbol: string): string | undefined {
  return CONTRACT.exec(tradingSymbol.toUpperCase())?.[1];
}
