import { describe, expect, it } from "vitest";
import { chainUnderlying } from "../../../../src/core/workspace/links";

/**
 * README, colour link groups: a choice "retargets every … option chain (the instrument's
 * underlying)". The names below are every form the paper broker's master makes, worked out by hand
 * from server/market/instruments/derivatives.ts contractNames: the underlying's symbol, then
 * - a monthly contract: the year's two digits and the month's three letters (`${yy}${mon}`),
 * - a weekly option: the year's two digits, the month as one character (1 to 9, then O, N, D for
 *   October to December) and the day's two digits (`${yy}${monthDigit}${dd}`),
 * then the strike as written by strikeText (no trailing zeros: 88.25, 58.5) and CE or PE, or FUT.
 * Shares are "<symbol>-EQ" on the NSE and the bare symbol on the BSE; an index is its symbol.
 */
describe("the chain of a contract is its underlying's, whatever form its name takes", () => {
  const cases: ReadonlyArray<[name: string, underlying: string, form: string]> = [
    // Weekly index options (NIFTY Tuesdays, SENSEX Thursdays): 2026-12-08 is 26 D 08.
    ["NIFTY26D0824500CE", "NIFTY", "weekly, December (D)"],
    ["NIFTY26D1524550PE", "NIFTY", "weekly, December"],
    ["NIFTY2610624500CE", "NIFTY", "weekly, January (1) the 6th: 26 1 06"],
    ["NIFTY2690124500PE", "NIFTY", "weekly, September (9) the 1st"],
    ["NIFTY26O1324500CE", "NIFTY", "weekly, October (O)"],
    ["SENSEX26N1981000PE", "SENSEX", "weekly, November (N), BSE"],
    // Monthly options: index, share, a share with & or - in its name, a name with digits.
    ["NIFTY26DEC24500CE", "NIFTY", "monthly index option"],
    ["BANKNIFTY26JAN55200PE", "BANKNIFTY", "monthly index option"],
    ["NIFTYNXT5026DEC67000CE", "NIFTYNXT50", "a name ending in digits"],
    ["RELIANCE26DEC1350CE", "RELIANCE", "monthly stock option"],
    ["M&M26DEC3000PE", "M&M", "an & in the name"],
    ["BAJAJ-AUTO26DEC9000CE", "BAJAJ-AUTO", "a - in the name"],
    // Futures: monthly only.
    ["NIFTY26DECFUT", "NIFTY", "index future"],
    ["BANKNIFTY25JANFUT", "BANKNIFTY", "index future"],
    ["INFY26FEBFUT", "INFY", "stock future"],
    // MCX and NCDEX: futures and options on futures, monthly names; NCDEX names with digits.
    ["GOLD26FEBFUT", "GOLD", "MCX future"],
    ["GOLD26FEB118000CE", "GOLD", "MCX option"],
    ["NATURALGAS26DEC260PE", "NATURALGAS", "MCX option"],
    ["CRUDEOIL26JAN5600CE", "CRUDEOIL", "MCX option"],
    ["GUARSEED1026DECFUT", "GUARSEED10", "NCDEX future, a name ending in 10"],
    ["GUARGUM526JANFUT", "GUARGUM5", "NCDEX future, a name ending in 5"],
    // Currency: strikes with decimals (a 0.25 step), futures.
    ["USDINR26DEC88.25CE", "USDINR", "currency option, 88.25"],
    ["JPYINR26JAN58.5PE", "JPYINR", "currency option, 58.5"],
    ["EURINR26DEC100CE", "EURINR", "currency option, a whole strike"],
    ["GBPINR26DECFUT", "GBPINR", "currency future"],
    // Shares and indices: their own chains.
    ["RELIANCE-EQ", "RELIANCE", "NSE share"],
    ["BAJAJ-AUTO-EQ", "BAJAJ-AUTO", "NSE share with a - in its name"],
    ["M&M-EQ", "M&M", "NSE share with an &"],
    ["INFY", "INFY", "BSE share"],
    ["NIFTY", "NIFTY", "index"],
    ["NIFTYNXT50", "NIFTYNXT50", "index whose name ends in digits"],
  ];
  it.each(cases)("%s is %s's (%s)", (name, underlying) => {
    expect(chainUnderlying(name)).toBe(underlying);
  });
});
