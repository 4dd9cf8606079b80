import { numberOnly } from "../../../src/core/rules/inputRestrictions";
import { describe, expect, it } from "vitest";
import {
  amoExchanges,
  availablePcodes,
  availableValidities,
  clampMargin,
  defaultValidityDate,
  disabledPriceTypes,
  effectiveOrderType,
  preferenceAfterPlace,
  preferenceFor,
  withPreference,
  isBnplAvailable,
  isExchangeAmo,
  isIntradayDisabled,
  quantityFromShown,
  quantityShown,
  quantityShownInLots,
  requiredFields,
  type WindowComplexity,
} from "../../../src/core/rules/orderWindow";
import { productToSend } from "../../../src/core/rules/productToSend";
import { roundToTick } from "../../../src/core/rules/tick";
import type { Exchange } from "../../../src/core/types/exchange";
import type { OrderType } from "../../../src/core/types/order";
import type { OrderPreference, Pcode } from "../../../src/core/types/orderWindow";
import type { MarketStatusEntry } from "../../../src/core/wire/wrapper";
import { initialWindowState } from "../../../src/core/rules/orderWindowInit";

const now = new Date("2026-11-22T05:00:00Z");
const contractOn = (exchange: Exchange) => ({ exchange, lotSize: 1, tickSize: 0.05, ltp: 100, insType: exchange === "NSEEQ" ? "EQ" : "FUTCOM", productLeverage: 0, bnplQty: 0, deliveryQty: 0 });
/** A new window opened with a saved preference and nothing else. */
const openedWith = (pref: OrderPreference | undefined, exchange: Exchange = "NSEEQ") =>
  initialWindowState({ mode: "new", transactionType: "BUY", contract: contractOn(exchange), preference: pref, now });

describe("product mapping when sending an order (trading-core section 5 table)", () => {
  // | Chosen | Sent |
  it.each<[Pcode, Exchange, string]>([
    ["NRML", "NSEFO", "NORMAL"],
    ["BO", "NSEEQ", "INTRADAY"],
    ["CO", "NSEEQ", "INTRADAY"],
    ["INTRADAY", "MCXCOMM", "INTRADAY"],
    ["DELIVERY", "NSEEQ", "DELIVERY"],
    ["DELIVERY", "BSEEQ", "DELIVERY"],
    ["DELIVERY", "NSEFO", "NORMAL"],
    ["DELIVERY", "MCXCOMM", "NORMAL"],
    ["DELIVERY", "NSECURR", "NORMAL"],
    ["BNPL", "NSEEQ", "BNPL"],
  ])("%s on %s is sent as %s", (chosen, exchange, sent) => {
    expect(productToSend(chosen, exchange)).toBe(sent);
  });
});

describe("price and trigger fields", () => {
  it.each<[OrderType, WindowComplexity, boolean, boolean, string]>([
    ["MARKET", "Regular", false, false, "MARKET needs neither price nor trigger."],
    ["LIMIT", "Regular", true, false, "LIMIT needs a price."],
    ["SL", "Regular", true, true, "SL needs a price and a trigger."],
    ["SLM", "Regular", false, true, "SLM needs a trigger only."],
    ["LIMIT", "CO", true, true, "In CO, a trigger is always needed, and a price for LIMIT."],
    ["MARKET", "CO", false, true, "In CO, a trigger is always needed, and a price for LIMIT."],
    ["LIMIT", "BO", true, false, "In BO, a price is needed for LIMIT, and a price and trigger for SL."],
    ["SL", "BO", true, true, "In BO, a price is needed for LIMIT, and a price and trigger for SL."],
  ])("%s in %s: price %s trigger %s (%s)", (priceType, complexity, price, trigger) => {
    expect(requiredFields(priceType, complexity)).toEqual({ price, trigger });
  });
});

describe("validity", () => {
  // "Validity IOC is removed when the price type is SL."
  it("IOC is removed for SL", () => {
    expect(availableValidities("SL", "NSEEQ", "DELIVERY")).toEqual(["DAY"]);
    expect(availableValidities("LIMIT", "NSEEQ", "DELIVERY")).toEqual(["DAY", "IOC"]);
  });

  // "GTD is offered only for commodity exchanges when the product is not INTRADAY. Otherwise it is unavailable."
  it.each<[Exchange, Pcode, boolean]>([
    ["MCXCOMM", "NRML", true],
    ["NCDEXCOMM", "DELIVERY", true],
    ["NSECOMM", "NRML", true],
    ["MCXCOMM", "INTRADAY", false],
    ["MCXCOMM", "CO", false],
    ["NSEEQ", "DELIVERY", false],
    ["NSEFO", "NRML", false],
    ["NSECURR", "NRML", false],
  ])("GTD on %s with %s: %s", (exchange, pcode, offered) => {
    expect(availableValidities("LIMIT", exchange, pcode).includes("GTD")).toBe(offered);
  });

  // "Default validity date: tomorrow"
  it("defaults the validity date to tomorrow in India time", () => {
    expect(defaultValidityDate(new Date("2026-03-10T05:00:00Z"))).toBe("2026-03-11");
    // 23:00 IST on 10 March is 17:30 UTC: still 10 March in India, so tomorrow is 11 March.
    expect(defaultValidityDate(new Date("2026-03-10T17:30:00Z"))).toBe("2026-03-11");
    // 00:30 IST on 11 March is 19:00 UTC on 10 March: tomorrow in India is 12 March.
    expect(defaultValidityDate(new Date("2026-03-10T19:00:00Z"))).toBe("2026-03-12");
    expect(defaultValidityDate(new Date("2026-12-31T06:00:00Z"))).toBe("2027-01-01");
    // Monday 23 November 2026: the 24th is an exchange holiday, the picker's first allowed day is the 25th; Friday's next is Monday.
    expect(defaultValidityDate(new Date("2026-11-23T05:00:00Z"))).toBe("2026-11-25");
    expect(defaultValidityDate(new Date("2026-11-27T05:00:00Z"))).toBe("2026-11-30");
  });
});

describe("BNPL", () => {
  // "BNPL appears only for NSEEQ with leverage not 0 or 100. It also appears when selling with BNPL holdings."
  it.each<[Exchange, number, boolean, number, boolean]>([
    ["NSEEQ", 50, false, 0, true],
    ["NSEEQ", 0, false, 0, false],
    ["NSEEQ", 100, false, 0, false],
    ["NSEEQ", 0, true, 10, true],
    ["NSEEQ", 100, true, 0, false],
    ["BSEEQ", 50, false, 0, false],
    ["BSEEQ", 50, true, 10, false],
    ["NSEFO", 50, false, 0, false],
  ])("%s leverage %i selling %s bnpl holding %i: %s", (exchange, productLeverage, selling, bnplHoldingQty, shown) => {
    expect(isBnplAvailable({ exchange, productLeverage, selling, bnplHoldingQty })).toBe(shown);
  });
});

describe("AMO and GTD restrictions", () => {
  // "MARKET and SLM are disabled when the order is AMO, or when modifying a GTD order."
  it.each([
    [true, false, ["MARKET", "SLM"]],
    [false, true, ["MARKET", "SLM"]],
    [false, false, []],
  ])("AMO %s, modifying GTD %s disables %j", (isAmo, modifyingGtd, disabled) => {
    expect(disabledPriceTypes({ isAmo, modifyingGtd })).toEqual(disabled);
  });

  // "INTRADAY is disabled under AMO."
  it("INTRADAY is disabled under AMO", () => {
    expect(isIntradayDisabled(true)).toBe(true);
    expect(isIntradayDisabled(false)).toBe(false);
    expect(availablePcodes({ exchange: "NSEEQ", isAmo: true, productLeverage: 50, selling: false, bnplHoldingQty: 0 })).toEqual(["DELIVERY", "BNPL"]);
    expect(availablePcodes({ exchange: "NSEFO", isAmo: false, productLeverage: 0, selling: false, bnplHoldingQty: 0 })).toEqual(["NRML", "INTRADAY"]);
  });

  // "The market-status answer marks an exchange as AMO when its entry has AMO = Y."
  it("market status AMO = Y marks the exchange AMO", () => {
    // AMO is Y while the exchange's session is closed (src/core/wire/wrapper.ts MarketStatusEntry).
    const entry = (Exch: string, ExchType: string, AMO: "Y" | "N", exchange: Exchange): MarketStatusEntry => ({ Exch, ExchType, AMO, exchange, MarketStatus: AMO === "Y" ? "Closed" : "Open" });
    const entries = [
      entry("N", "C", "Y", "NSEEQ"),
      entry("B", "C", "N", "BSEEQ"),
      entry("M", "D", "Y", "MCXCOMM"),
      // Letters no exchange has are ignored: the spec's entry names its exchange by Exch and ExchType.
      entry("Q", "Q", "Y", "BSEFO"),
    ];
    expect([...amoExchanges(entries)].sort()).toEqual(["MCXCOMM", "NSEEQ"]);
    expect(isExchangeAmo(entries, "BSEEQ")).toBe(false);
  });
});

describe("GTT fallback", () => {
  // "A GTT type falls back to Regular for commodity segments."
  it.each<[Exchange, string]>([
    ["MCXCOMM", "Regular"],
    ["NCDEXCOMM", "Regular"],
    ["NSECOMM", "Regular"],
    ["BSECOMM", "Regular"],
    ["NSEEQ", "GTT"],
    ["NSEFO", "GTT"],
  ])("GTT on %s becomes %s", (exchange, type) => {
    expect(effectiveOrderType("GTT", exchange)).toBe(type);
  });
  it("other types are untouched", () => {
    expect(effectiveOrderType("BO", "MCXCOMM")).toBe("BO");
  });
});

describe("quantity input", () => {
  // "Quantity input accepts digits only."
  it.each([
    ["12a3", "123"],
    ["-5", "5"],
    ["1.5", "15"],
    ["1e3", "13"],
    [" 42 ", "42"],
  ])("%j keeps %j", (input, kept) => {
    expect(numberOnly(input)).toBe(kept);
  });

  // "Commodity and currency quantity is shown in lots."
  it("commodity and currency quantities are shown in lots", () => {
    expect(quantityShownInLots("MCXCOMM")).toBe(true);
    expect(quantityShownInLots("NSECURR")).toBe(true);
    expect(quantityShownInLots("NSEEQ")).toBe(false);
    expect(quantityShown("NSECURR", 3000, 1000)).toBe(3);
    expect(quantityFromShown("NSECURR", 3, 1000)).toBe(3000);
    expect(quantityShown("MCXCOMM", 2, 100)).toBe(2); // commodity quantity counts lots already
    expect(quantityShown("NSEFO", 75, 75)).toBe(75);
  });
});

describe("margin and prices", () => {
  // "A negative currentOrderMargin is clamped to 0."
  it.each([
    [-120.5, 0],
    [0, 0],
    [3050.25, 3050.25],
    [Number.NaN, 0],
  ])("margin %f shows %f", (m, shown) => {
    expect(clampMargin(m)).toBe(shown);
  });

  // "Prices are rounded to the tickSize."
  it("prices are rounded to the tick size", () => {
    expect(roundToTick(1234.57, 0.05)).toBe(1234.55);
  });
});

describe("defaults from orderPreference", () => {
  // "On opening, defaults come from the saved orderPreference."
  it("applies the saved preference, then the instrument's rules", () => {
    const s = openedWith({ priceType: "MARKET", orderType: "Regular", pcode: "INTRADAY", validity: "IOC" });
    expect([s.priceType, s.orderType, s.pcode, s.validity]).toEqual(["MARKET", "Regular", "INTRADAY", "IOC"]);
  });
  it("a GTT preference on a commodity falls back to Regular with LIMIT", () => {
    const s = openedWith({ priceType: "SINGLE", orderType: "GTT", pcode: "DELIVERY", validity: "DAY" }, "MCXCOMM");
    expect([s.orderType, s.priceType, s.pcode]).toEqual(["Regular", "LIMIT", "NRML"]);
  });
  it("an SL preference drops IOC", () => {
    const s = openedWith({ priceType: "SL", orderType: "Regular", pcode: "DELIVERY", validity: "IOC" });
    expect(s.validity).toBe("DAY");
  });
  it("BO and CO are allowed only with INTRADAY; a Regular window over a BO or CO pcode trades it as INTRADAY (BO, CO, INTRADAY -> INTRADAY)", () => {
    const bo = openedWith({ priceType: "LIMIT", orderType: "BO", pcode: "DELIVERY", validity: "DAY" });
    expect([bo.orderType, bo.pcode]).toEqual(["BO", "INTRADAY"]);
    const regular = openedWith({ priceType: "LIMIT", orderType: "Regular", pcode: "CO", validity: "DAY" });
    expect([regular.orderType, regular.pcode]).toEqual(["Regular", "INTRADAY"]);
  });
  it("no preference keeps the blank defaults (bracket price default LIMIT)", () => {
    expect(openedWith(undefined).priceType).toBe("LIMIT");
  });
});


describe("orderPreference is kept per segment (issue 11: the product does not carry over from another segment)", () => {
  const intradayFo = { priceType: "LIMIT", orderType: "Regular", pcode: "INTRADAY", validity: "DAY" } as const;
  it("an intraday order on NSEFO is the derivatives preference; an NSEEQ window has none and opens as DELIVERY", () => {
    const saved = withPreference({}, "NSEFO", intradayFo);
    expect(preferenceFor(saved, "NSEFO")).toEqual(intradayFo);
    expect(preferenceFor(saved, "BSEFO")).toEqual(intradayFo);
    expect(preferenceFor(saved, "NSEEQ")).toBeUndefined();
    expect(openedWith(preferenceFor(saved, "NSEEQ")).pcode).toBe("DELIVERY");
  });
  it("saving for one segment keeps the others", () => {
    const equity = { priceType: "MARKET", orderType: "Regular", pcode: "DELIVERY", validity: "IOC" } as const;
    const saved = withPreference(withPreference({}, "NSEEQ", equity), "NSEFO", intradayFo);
    expect(preferenceFor(saved, "BSEEQ")).toEqual(equity);
    expect(preferenceFor(saved, "NSEFO")).toEqual(intradayFo);
    expect(preferenceFor(saved, "MCXCOMM")).toBeUndefined();
  });
});

describe("a BO or CO does not become the saved product of Regular orders (spec: BO, CO, INTRADAY -> INTRADAY only when sending)", () => {
  const nrml = { priceType: "LIMIT", orderType: "Regular", pcode: "NRML", validity: "DAY" } as const;
  const co = { priceType: "LIMIT", orderType: "CO", pcode: "INTRADAY", validity: "DAY" } as const;
  it("after a Regular NRML then a CO, the next Regular commodity window opens on NRML, not INTRADAY", () => {
    // The CO's INTRADAY is forced ("BO and CO are allowed only with INTRADAY"); the product last chosen was NRML.
    const saved = preferenceAfterPlace(nrml, co);
    expect(saved).toEqual({ priceType: "LIMIT", orderType: "CO", pcode: "NRML", validity: "DAY" });
    // `buy MCXCOMM:CRUDEOIL27JANFUT 20 @ 5645`: the command line asks for a Regular order.
    const opened = initialWindowState({ mode: "new", transactionType: "BUY", contract: contractOn("MCXCOMM"), preference: saved, prefill: { orderType: "Regular" }, now });
    expect([opened.orderType, opened.pcode]).toEqual(["Regular", "NRML"]);
  });
  it("a CO as the first order of a segment leaves the carry-forward product (NRML off equity), a BO on equity DELIVERY", () => {
    expect(openedWith(preferenceAfterPlace(undefined, co), "MCXCOMM").pcode).toBe("INTRADAY"); // a CO window stays a CO: INTRADAY only
    expect(initialWindowState({ mode: "new", transactionType: "BUY", contract: contractOn("MCXCOMM"), preference: preferenceAfterPlace(undefined, co), prefill: { orderType: "Regular" }, now }).pcode).toBe("NRML");
    expect(preferenceAfterPlace(undefined, { ...co, orderType: "BO" }).pcode).toBe("DELIVERY");
  });
  it("a Regular order saves the product the trader chose, INTRADAY included", () => {
    expect(preferenceAfterPlace(nrml, { ...nrml, pcode: "INTRADAY" }).pcode).toBe("INTRADAY");
  });
});
