import { describe, expect, it } from "vitest";
import { atmIndex, chainPriceChars, expiryLabel, findExpiry, inTheMoney, strikeFigures, strikeWindow } from "../../../../src/core/rules/optionChain";

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
