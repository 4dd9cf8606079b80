import { describe, expect, it } from "vitest";
import { readContractWords, resolveContract, type ListedContract } from "../../../src/core/rules/contractWords";
import { parseOrderCommand } from "../../../src/commands/grammar/order";

/**
 * Issue 19: "`buy NIFTY ATM CE 75`, `sell BANKNIFTY ATM+2 PE 30 @ 120`, `buy NIFTY 27NOV 24500 CE 75`,
 * `buy NIFTY FUT 75` resolve to contracts from the live spot (ATM is the nearest listed strike of the
 * nearest expiry unless one is given; ATM±n steps strikes)."
 */
const opt = (expiry: string, strikePrice: number, optionType: "CE" | "PE"): ListedContract => ({
  token: `${expiry}-${strikePrice}-${optionType}`, tradingSymbol: `NIFTY${expiry}${strikePrice}${optionType}`, expiry, strikePrice, optionType, insType: "OPTIDX",
});
const fut = (expiry: string): ListedContract => ({ token: `F${expiry}`, tradingSymbol: `NIFTY${expiry}FUT`, expiry, strikePrice: 0, optionType: "", insType: "FUTIDX" });

// Two expiries: 24 Nov (nearest) lists 24400..24600 in steps of 50; 27 Nov lists 24000..25000 in steps of 100.
const chain: ListedContract[] = [
  ...[24400, 24450, 24500, 24550, 24600].flatMap((k) => [opt("2026-11-24", k, "CE"), opt("2026-11-24", k, "PE")]),
  ...[24000, 24100, 24200, 24300, 24400, 24500, 24600, 24700, 24800, 24900, 25000].map((k) => opt("2026-11-27", k, "CE")),
  // An expired weekly must never be picked.
  opt("2026-11-17", 24500, "CE"),
  fut("2026-11-24"),
  fut("2026-12-29"),
];
const TODAY = "2026-11-23";
const words = (line: string) => {
  const w = line.split(" ");
  const r = readContractWords(w, 0);
  if (!r?.ok) throw new Error(`not contract words: ${line}`);
  return r.contract;
};
const strikeOf = (line: string, spot: number) => {
  const r = resolveContract("NIFTY", words(line), chain, spot, TODAY, "NSEFO");
  return r.ok ? [r.contract.expiry, r.contract.strikePrice, r.contract.optionType] : r.reason;
};

describe("contract words resolve from the live spot", () => {
  it("ATM: the nearest listed strike of the nearest expiry, spot between strikes", () => {
    // 24512.3 is 12.3 from 24500 and 37.7 from 24550.
    expect(strikeOf("ATM CE", 24_512.3)).toEqual(["2026-11-24", 24500, "CE"]);
    // 24530 is 30 from 24500 and 20 from 24550.
    expect(strikeOf("ATM PE", 24_530)).toEqual(["2026-11-24", 24550, "PE"]);
  });

  it("ATM on an exact strike is that strike; midway keeps the lower one", () => {
    expect(strikeOf("ATM CE", 24_450)).toEqual(["2026-11-24", 24450, "CE"]);
    expect(strikeOf("ATM CE", 24_475)).toEqual(["2026-11-24", 24450, "CE"]);
  });

  it("ATM+n and ATM-n step listed strikes; past the chain's end is refused with the reason", () => {
    // ATM 24500 on 24 Nov; +2 is 24600, -2 is 24400.
    expect(strikeOf("ATM+2 CE", 24_510)).toEqual(["2026-11-24", 24600, "CE"]);
    expect(strikeOf("ATM-2 PE", 24_510)).toEqual(["2026-11-24", 24400, "PE"]);
    expect(strikeOf("ATM+3 CE", 24_510)).toBe("ATM+3 is past the end of the NIFTY 24/11/2026 chain: it lists 2 strikes above the ATM 24,500");
    expect(strikeOf("ATM-3 CE", 24_510)).toBe("ATM-3 is past the end of the NIFTY 24/11/2026 chain: it lists 2 strikes below the ATM 24,500");
    // A spot beyond the last strike: ATM is the last strike, and nothing is above it.
    expect(strikeOf("ATM CE", 30_000)).toEqual(["2026-11-24", 24600, "CE"]);
    expect(strikeOf("ATM+1 CE", 30_000)).toBe("ATM+1 is past the end of the NIFTY 24/11/2026 chain: it lists 0 strikes above the ATM 24,600");
  });

  it("an expiry and a strike given name that contract; an unlisted one is refused", () => {
    expect(strikeOf("27NOV 24800 CE", 24_510)).toEqual(["2026-11-27", 24800, "CE"]);
    expect(strikeOf("27NOV ATM CE", 24_510)).toEqual(["2026-11-27", 24500, "CE"]);
    expect(strikeOf("24550 CE", 24_510)).toEqual(["2026-11-24", 24550, "CE"]);
    expect(strikeOf("27NOV 24550 CE", 24_510)).toBe("NIFTY 27/11/2026 lists no 24,550 CE");
    expect(strikeOf("17NOV 24500 CE", 24_510)).toBe("NIFTY has no CE options expiring 17NOV");
  });

  it("a refusal writes the strike as the chain does, in the app's price format, however it was typed", () => {
    // The chain writes a strike grouped the Indian way, its paise only when it has some (optionChain.ts strikeText):
    // 24550 typed as 24550.000000 is "24,550"; a currency strike keeps the exchange's 4 decimals ("Price decimals:
    // 4 for currency exchanges, 2 otherwise", trading-core section 9), as its chain shows it: 83.2500.
    expect(strikeOf("27NOV 24550.000000 CE", 24_510)).toBe("NIFTY 27/11/2026 lists no 24,550 CE");
    const usd = [82.75, 83, 83.25].map((k): ListedContract => ({ token: `U${k}`, tradingSymbol: `USDINR26NOV${k}CE`, expiry: "2026-11-24", strikePrice: k, optionType: "CE", insType: "OPTCUR" }));
    const r = resolveContract("USDINR", words("ATM+1 CE"), usd, 83.2, TODAY, "NSECURR");
    expect(r.ok ? "" : r.reason).toBe("ATM+1 is past the end of the USDINR 24/11/2026 chain: it lists 0 strikes above the ATM 83.2500");
  });

  it("FUT is the nearest future; with a month, that one", () => {
    expect(strikeOf("FUT", 24_510)).toEqual(["2026-11-24", 0, ""]);
    expect(strikeOf("29DEC FUT", 24_510)).toEqual(["2026-12-29", 0, ""]);
  });

  it("the order line reads contract words between the underlying and the quantity", () => {
    const a = parseOrderCommand("sell BANKNIFTY ATM+2 PE 30 @ 120");
    expect(a.ok && [a.draft.symbol, a.draft.contract, a.draft.quantity, a.draft.price, a.draft.priceType]).toEqual(["BANKNIFTY", { kind: "OPT", optionType: "PE", atmSteps: 2 }, 30, 120, "LIMIT"]);
    const b = parseOrderCommand("buy NIFTY 27NOV 24500 CE 75");
    expect(b.ok && b.draft.contract).toEqual({ kind: "OPT", optionType: "CE", strike: 24500, expiry: { day: 27, month: 11, text: "27NOV" } });
    const c = parseOrderCommand("buy NIFTY FUT 75");
    expect(c.ok && [c.draft.contract, c.draft.quantity]).toEqual([{ kind: "FUT" }, 75]);
    // Plain lines are untouched.
    const d = parseOrderCommand("buy INFY 10 @ 1500");
    expect(d.ok && d.draft.contract).toBeUndefined();
    const e = parseOrderCommand("buy NIFTY ATM XE 75");
    expect(e.ok ? "" : e.message).toBe("Type CE or PE after ATM");
  });
});
