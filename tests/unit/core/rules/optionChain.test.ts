import { describe, expect, it } from "vitest";
import { atmIndex, chainPriceChars, expiryLabel, findExpiry, inTheMoney, strikeAcrossExpiries, strikeFigures, strikeNotListedLine, strikeToHold, strikeWindow, strikeWindowKeeping } from "../../../../src/core/rules/optionChain";

describe("option chain rules", () => {
  const strikes = [23900, 23950, 24000, 24050, 24100];

  it("the at-the-money strike is the one nearest the spot, the lower of two equally near", () => {
    expect(atmIndex(strikes, 24010)).toBe(2);
    expect(atmIndex(strikes, 24030)).toBe(3);
    expect(atmIndex(strikes, 24025)).toBe(2);
    expect(atmIndex(strikes, 10)).toBe(0);
    expect(atmIndex([], 10)).toBe(-1);
  });

  it("the window of strikes is centred on ATM and stays full at either end", () => {
    // 41 strikes, ATM at 20, 21 shown: 10 either side.
    expect(strikeWindow(41, 20, 21)).toEqual({ from: 10, to: 31 });
    expect(strikeWindow(41, 3, 21)).toEqual({ from: 0, to: 21 });
    expect(strikeWindow(41, 39, 21)).toEqual({ from: 20, to: 41 });
    expect(strikeWindow(5, 2, 21)).toEqual({ from: 0, to: 5 });
  });

  it("calls are in the money below the spot, puts above", () => {
    expect(inTheMoney(23950, 24000, true)).toBe(true);
    expect(inTheMoney(24050, 24000, true)).toBe(false);
    expect(inTheMoney(24050, 24000, false)).toBe(true);
    expect(inTheMoney(24000, 24000, false)).toBe(false);
    expect(inTheMoney(24000, 24000, true)).toBe(false);
  });

  it("reads an expiry as traders write it", () => {
    const expiries = ["2026-11-17", "2026-11-24", "2026-12-01", "2026-12-29"];
    expect(expiryLabel("2026-11-24")).toBe("24NOV");
    expect(expiryLabel("2026-12-01")).toBe("01DEC");
    expect(findExpiry("24nov", expiries)).toBe("2026-11-24");
    expect(findExpiry("1DEC", expiries)).toBe("2026-12-01");
    expect(findExpiry("01 dec", expiries)).toBe("2026-12-01");
    // A month alone is its last listed expiry, the monthly contract.
    expect(findExpiry("DEC", expiries)).toBe("2026-12-29");
    expect(findExpiry("2026-11-17", expiries)).toBe("2026-11-17");
    expect(findExpiry("27NOV", expiries)).toBeNull();
    expect(findExpiry("JAN", expiries)).toBeNull();
  });

  /*
   * S = K = 100, T = 0.25, r = 6.5 %: at 20 % the call is 4.8136 and the put 3.2018
   * (worked in blackScholes.test.ts). A put deep in the money, S = 80, K = 100, T = 0.25, has the
   * European lower bound K e^-rT - S = 98.3881 - 80 = 18.3881; priced at 18.2 no volatility
   * explains it, so it takes the call's.
   */
  it("each side's volatility comes from its own price; a side no volatility explains takes the other's", () => {
    const both = strikeFigures(100, 100, 0.25, 4.813624, 3.201756);
    expect(both.ce.iv).toBeCloseTo(0.2, 5);
    expect(both.pe.iv).toBeCloseTo(0.2, 5);
    expect(both.ce.delta).toBeCloseTo(0.584142, 5);
    expect(both.pe.delta).toBeCloseTo(-0.415858, 5);

    const deep = strikeFigures(80, 100, 0.25, 0.2, 18.2);
    expect(deep.pe.iv).toBeNull();
    expect(deep.ce.iv).not.toBeNull();
    // The put's delta at the call's volatility is the call's delta less one.
    expect(deep.pe.delta).toBeCloseTo(deep.ce.delta! - 1, 10);

    const none = strikeFigures(100, 100, 0.25, null, null);
    expect(none.ce).toEqual({ iv: null });
  });
});

describe("chainPriceChars: the room of the chain's price columns (the widest price at load, raised by a tenth of the spot, at least 8 characters)", () => {
  it("a NIFTY window keeps the 8 characters of \"9,999.95\"", () => {
    // 812.35 + 24,650 / 10 = 3,277.35: "3,277.35" is 8 characters.
    expect(chainPriceChars([812.35, 3.2, 0], 24650, "NSEFO")).toBe(8);
  });
  it("a deep in-the-money call of BOSCHLTD needs 9", () => {
    // 10,235.95 + 37,115 / 10 = 13,947.45: "13,947.45" is 9 characters.
    expect(chainPriceChars([10235.95, 14.3], 37115, "NSEFO")).toBe(9);
  });
  it("a price that may cross 10,000 in the day is given the room at load", () => {
    // 9,200 + 3,711.50 = 12,911.50: "12,911.50", 9 characters, though "9,200.00" is 8.
    expect(chainPriceChars([9200], 37115, "NSEFO")).toBe(9);
    // MCX GOLD: 2,000 + 1,18,000 / 10 = 13,800: "13,800.00".
    expect(chainPriceChars([2000], 118000, "MCXCOMM")).toBe(9);
  });
  it("a lakh price in Indian grouping", () => {
    // 95,000 + 12,908.50 = 1,07,908.50: 11 characters.
    expect(chainPriceChars([95000], 129085, "NSEFO")).toBe(11);
  });
  it("no prices, no spot, or a currency option's four decimals: the 8 characters", () => {
    expect(chainPriceChars([], 0, "NSEFO")).toBe(8);
    // 0.5 + 8.85 = 9.35: "9.3500", 6 characters.
    expect(chainPriceChars([0.5], 88.5, "NSECURR")).toBe(8);
  });
});

/*
 * The rule (README, keys: the cursor "holds its row"): stepping the expiry keeps the
 * cursor on its strike when the new expiry lists it; else the listed strike nearest it, of two
 * equally near the one nearer the spot, of two equally near that too the lower.
 */
describe("strikeAcrossExpiries: the row the chain's cursor takes in another expiry", () => {
  // 15DEC listed in steps of 50 around 24,500; a later expiry in steps of 100.
  const fifty = [24300, 24350, 24400, 24450, 24500, 24550, 24600, 24650, 24700];
  const hundred = [24200, 24300, 24400, 24500, 24600];

  it("a strike the expiry lists: its own row", () => {
    // 24,350 is the second of `fifty`; 24,700 the ninth.
    expect(strikeAcrossExpiries(fifty, 24350, 24482.67)).toEqual({ at: 1, listed: true });
    expect(strikeAcrossExpiries(fifty, 24700, 24482.67)).toEqual({ at: 8, listed: true });
    // Far from the money is no matter: 24,300 is the first row though the spot is near 24,500.
    expect(strikeAcrossExpiries(fifty, 24300, 24482.67)).toEqual({ at: 0, listed: true });
  });

  it("a strike not listed: the nearest listed one", () => {
    // 24,320: 24,300 is 20 away, 24,400 is 80: 24,300 (index 1), though 24,400 is nearer the spot.
    expect(strikeAcrossExpiries(hundred, 24320, 24482.67)).toEqual({ at: 1, listed: false });
    // Beyond either end: the end strike (24,600 is index 4; 24,200 is index 0).
    expect(strikeAcrossExpiries(hundred, 25000, 24482.67)).toEqual({ at: 4, listed: false });
    expect(strikeAcrossExpiries(hundred, 23000, 24482.67)).toEqual({ at: 0, listed: false });
  });

  it("two equally near: the one nearer the spot, and of two equally near that too, the lower", () => {
    // 24,350 lies 50 from 24,300 and from 24,400. Spot 24,482.67: 24,400 is 82.67 from it, 24,300 is 182.67: 24,400 (index 2).
    expect(strikeAcrossExpiries(hundred, 24350, 24482.67)).toEqual({ at: 2, listed: false });
    // Spot 24,120: 24,300 is 180 from it, 24,400 is 280: 24,300 (index 1).
    expect(strikeAcrossExpiries(hundred, 24350, 24120)).toEqual({ at: 1, listed: false });
    // Spot 24,350 itself: both 50 from it: the lower, 24,300 (index 1).
    expect(strikeAcrossExpiries(hundred, 24350, 24350)).toEqual({ at: 1, listed: false });
  });

  it("a chain of no strikes has no row", () => {
    expect(strikeAcrossExpiries([], 24350, 24482.67)).toEqual({ at: -1, listed: false });
  });

  it("the window keeps the row the cursor takes in view", () => {
    // 81 strikes, the money at 40, 21 shown: 30..50. A carried strike at index 60 is outside it:
    // the window is centred on it instead, 60 - 10 = 50 to 71.
    expect(strikeWindowKeeping(81, 40, 21, 60)).toEqual({ from: 50, to: 71 });
    // One inside (index 45): the window stays on the money.
    expect(strikeWindowKeeping(81, 40, 21, 45)).toEqual({ from: 30, to: 51 });
  });

  it("the status line names both strikes and the expiry as the chain's bar writes it", () => {
    expect(strikeNotListedLine(24350, "2026-12-15", 24400, "NSEFO")).toBe("24,350 is not listed for 15DEC: cursor on 24,400");
    // A currency strike keeps its paise.
    expect(strikeNotListedLine(88.25, "2026-12-29", 88.5, "NSECURR")).toBe("88.2500 is not listed for 29DEC: cursor on 88.5000");
  });
});

/*
 * The rule: another expiry or strike count of the same underlying holds the strike under the cursor;
 * the same chain again holds what it kept (the window does not slide after the cursor); a new
 * underlying, or no cursor, holds none (the cursor starts at the money).
 */
describe("strikeToHold: the strike a chain pane's cursor holds as the chain shown changes", () => {
  const dec08 = { symbol: "NIFTY", expiry: "2026-12-08", count: 21 };
  const dec15 = { symbol: "NIFTY", expiry: "2026-12-15", count: 21 };

  it("] or [ (another expiry) and + or - (another count): the strike under the cursor", () => {
    expect(strikeToHold(dec08, dec15, 24350)).toBe(24350);
    expect(strikeToHold({ ...dec15, keep: 24700 }, dec08, 24350)).toBe(24350);
    expect(strikeToHold(dec08, { ...dec08, count: 31 }, 24350)).toBe(24350);
  });

  it("the same chain drawn again: the strike it kept, not the one the trader has moved to since", () => {
    expect(strikeToHold({ ...dec15, keep: 24350 }, dec15, 24400)).toBe(24350);
    // Centred on the money, it kept none: it stays on the money.
    expect(strikeToHold(dec15, dec15, 24400)).toBeUndefined();
  });

  it("a new underlying, a first chain, or no cursor: none (the money)", () => {
    expect(strikeToHold(dec15, { symbol: "BANKNIFTY", expiry: "2026-12-29", count: 21 }, 24350)).toBeUndefined();
    expect(strikeToHold(undefined, dec15, 24350)).toBeUndefined();
    expect(strikeToHold(dec08, dec15, undefined)).toBeUndefined();
  });
});
