import { describe, expect, it } from "vitest";
import { addUtilisation, availableMargin, fundsAvailable, fundsLimits, fundsSegmentOf, NO_UTILISATION, type FundsLedger } from "../../../src/core/rules/funds";
import { FUNDS_LIMIT_FIELDS } from "../../../src/core/types/portfolio";

const ledger: FundsLedger = {
  openingCashLimit: 500000, intradayPayin: 20000, intradayPayout: 5000, adhocMargin: 0, realizedMTOM: -1200.5, creditForCashSell: 0,
  stockCollatateral: 100000, otherCollateral: 0, upfrontSellMargin: 0,
};

describe("funds limits by segment CASH, FO and OVERALL (trading-core section 3)", () => {
  it("every row has every field of the spec", () => {
    const rows = fundsLimits(ledger, { CASH: NO_UTILISATION, FO: NO_UTILISATION });
    expect(rows.map((r) => r.segment)).toEqual(["CASH", "FO", "OVERALL"]);
    for (const r of rows) for (const f of FUNDS_LIMIT_FIELDS) expect(typeof r[f]).toBe("number");
    expect(FUNDS_LIMIT_FIELDS).toHaveLength(18);
  });

  it("margin blocked by orders moves the limits, worked by hand", () => {
    // cash 500,000 + 20,000 - 5,000 - 1,200.50 = 513,799.50; collateral 100,000
    // CASH: a delivery buy blocks 15,000 cash; FO: a NIFTY future blocks 158,625 span + 52,875 exposure
    const cash = addUtilisation(NO_UTILISATION, { span: 0, exposure: 0, premium: 0, cash: 15000, total: 15000 });
    const fo = addUtilisation(NO_UTILISATION, { span: 158625, exposure: 52875, premium: 0, cash: 0, total: 211500 });
    const [c, f, o] = fundsLimits(ledger, { CASH: cash, FO: fo });
    expect(c).toMatchObject({ cashAvailable: 513799.5, collateralAvailable: 100000, utilisedTotalMargin: 15000, utilisedCashMargin: 15000 });
    expect(f).toMatchObject({ utilisedTotalMargin: 211500, utilisedSpanMargin: 158625, utilisedExposureMargin: 52875 });
    // trading limit 513,799.50 + 100,000 - 226,500 = 387,299.50 on every row
    expect(o).toMatchObject({ utilisedTotalMargin: 226500, tradingLimit: 387299.5 });
    expect(c!.tradingLimit).toBe(387299.5);
    expect(availableMargin(ledger, { CASH: cash, FO: fo })).toBe(387299.5);
  });

  it("the margin an order may use is the trading limit, never below zero", () => {
    // cash 513,799.50 + collateral 100,000 = 613,799.50; a future blocking 700,000 leaves -86,200.50: nothing to use.
    const fo = addUtilisation(NO_UTILISATION, { span: 500000, exposure: 200000, premium: 0, cash: 0, total: 700000 });
    expect(fundsLimits(ledger, { CASH: NO_UTILISATION, FO: fo })[2]!.tradingLimit).toBe(-86200.5);
    expect(availableMargin(ledger, { CASH: NO_UTILISATION, FO: fo })).toBe(0);
  });

  it("released margin (sign -1) gives the funds back", () => {
    const m = { span: 0, exposure: 0, premium: 0, cash: 15000, total: 15000 };
    expect(addUtilisation(addUtilisation(NO_UTILISATION, m), m, -1)).toEqual(NO_UTILISATION);
  });
});

describe("which funds segment an exchange trades against", () => {
  // Section 3's segments CASH and FO: equity cash on CASH; equity derivatives, currency and commodity on FO.
  it.each([
    ["NSEEQ", "CASH"],
    ["BSEEQ", "CASH"],
    ["NSEFO", "FO"],
    ["BSECURR", "FO"],
    ["MCXCOMM", "FO"],
  ] as const)("%s -> %s", (exchange, segment) => {
    expect(fundsSegmentOf(exchange)).toBe(segment);
  });
});

describe("Available in the order window when its margin check refuses", () => {
  // "Every row shows the same pool, so tradingLimit is the same on all three": OVERALL's is the one shown.
  it("the trading limit as last read, whether or not this order's margin could be worked out", () => {
    const rows = [
      { segment: "CASH" as const, tradingLimit: 1717833.32 },
      { segment: "FO" as const, tradingLimit: 1717833.32 },
      { segment: "OVERALL" as const, tradingLimit: 1717833.32 },
    ];
    expect(fundsAvailable(rows)).toBe(1717833.32);
  });
  it("unknown while the funds were never read", () => {
    expect(fundsAvailable([])).toBeUndefined();
  });
});
