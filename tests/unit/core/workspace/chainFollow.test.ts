import { describe, expect, it } from "vitest";
import { optionExpiry } from "../../../../src/core/rules/contractName";
import { listedExpiry, strikeWindowKeeping } from "../../../../src/core/rules/optionChain";
import { chainFollow } from "../../../../src/core/workspace/follow";

/*
 * A linked option chain given an option opens on the option's own expiry (the brief: the trader
 * picked a contract of 15DEC and the chain showed its underlying's nearest, 08DEC). Worked by hand
 * from the master's names (contractName.ts): a weekly is the year's two digits, the month as one
 * character (1 to 9, O, N, D) and the day; a monthly the year and the month's three letters.
 */
describe("an option's expiry from its name", () => {
  it("a weekly names its date: 26, D (December), 08 is 2026-12-08; 26, 1 (January), 06 is 2026-01-06; O is October", () => {
    expect(optionExpiry("NIFTY26D0824500CE")).toBe("2026-12-08");
    expect(optionExpiry("NIFTY2610624500PE")).toBe("2026-01-06");
    expect(optionExpiry("BANKNIFTY26O2753200CE")).toBe("2026-10-27");
    // The underlying may end in a digit; the strike may have paise.
    expect(optionExpiry("NIFTYNXT5026D1571000CE")).toBe("2026-12-15");
  });

  it("a monthly names its month only: 26DEC is 2026-12, 27FEB is 2027-02", () => {
    expect(optionExpiry("NIFTY26DEC24500CE")).toBe("2026-12");
    expect(optionExpiry("USDINR26DEC88.25PE")).toBe("2026-12");
    expect(optionExpiry("GOLD27FEB117900CE")).toBe("2027-02");
  });

  it("a future, a share or an index carries no option's expiry", () => {
    expect(optionExpiry("NIFTY26DECFUT")).toBeUndefined();
    expect(optionExpiry("INFY-EQ")).toBeUndefined();
    expect(optionExpiry("NIFTY")).toBeUndefined();
  });
});

describe("the listed expiry an option's name means", () => {
  // NIFTY's: four Tuesday weeklies and the monthly, the month's last Tuesday (29 December).
  const expiries = ["2026-12-08", "2026-12-15", "2026-12-22", "2026-12-29", "2027-01-26"];

  it("a weekly's date when listed; a monthly's month is that month's last listed (the monthly contract)", () => {
    expect(listedExpiry("2026-12-15", expiries)).toBe("2026-12-15");
    expect(listedExpiry("2026-12", expiries)).toBe("2026-12-29");
    expect(listedExpiry("2027-01", expiries)).toBe("2027-01-26");
  });

  it("none listed: null (a date passed, a month not traded)", () => {
    expect(listedExpiry("2026-12-01", expiries)).toBeNull();
    expect(listedExpiry("2027-02", expiries)).toBeNull();
  });
});

describe("the chain a linked option chain shows for its group's instrument", () => {
  const own = { symbol: "NIFTY", expiry: "2026-12-08" };

  it("an option of 15DEC opens its underlying's chain on 15DEC, not the nearest (08DEC)", () => {
    expect(chainFollow(own, { tradingSymbol: "NIFTY26D1524500CE" }, false)).toEqual({ symbol: "NIFTY", expiry: "2026-12-15" });
    expect(chainFollow({ symbol: "INFY" }, { tradingSymbol: "BANKNIFTY26D1553200PE" }, false)).toEqual({ symbol: "BANKNIFTY", expiry: "2026-12-15" });
  });

  it("a monthly's day comes from the underlying's listed expiries when the pane has them, else its month goes to the loader", () => {
    const listed = ["2026-12-08", "2026-12-15", "2026-12-22", "2026-12-29"];
    expect(chainFollow(own, { tradingSymbol: "NIFTY26DEC24500CE" }, false, listed)).toEqual({ symbol: "NIFTY", expiry: "2026-12-29" });
    expect(chainFollow(own, { tradingSymbol: "NIFTY26DEC24500CE" }, false)).toEqual({ symbol: "NIFTY", expiry: "2026-12" });
  });

  it("once taken, the pane's own expiry stands: `]` stepped it to 22DEC with the 15DEC option still the group's", () => {
    expect(chainFollow({ symbol: "NIFTY", expiry: "2026-12-22" }, { tradingSymbol: "NIFTY26D1524500CE" }, true)).toEqual({ symbol: "NIFTY", expiry: "2026-12-22" });
  });

  it("a share or a future: its underlying's nearest expiry, or the pane's own on its own underlying (as before)", () => {
    expect(chainFollow(own, { tradingSymbol: "INFY-EQ" }, false)).toEqual({ symbol: "INFY" });
    expect(chainFollow(own, { tradingSymbol: "NIFTY26DECFUT" }, false)).toEqual(own);
    expect(chainFollow(own, undefined, false)).toEqual(own);
  });
});

describe("the strikes shown keep the group's option", () => {
  it("centred on the money (41 strikes, ATM 20, 21 shown: 10 to 30) while the option's strike is in it; else centred on the option's", () => {
    expect(strikeWindowKeeping(41, 20, 21, 25)).toEqual({ from: 10, to: 31 });
    expect(strikeWindowKeeping(41, 20, 21, -1)).toEqual({ from: 10, to: 31 });
    // Strike 36 is outside 10 to 30: centred on it, 26 to 46 shifted in to stay full, 20 to 40.
    expect(strikeWindowKeeping(41, 20, 21, 36)).toEqual({ from: 20, to: 41 });
    expect(strikeWindowKeeping(41, 20, 21, 3)).toEqual({ from: 0, to: 21 });
  });
});
