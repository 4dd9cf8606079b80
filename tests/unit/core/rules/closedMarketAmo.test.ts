import { describe, expect, it } from "vitest";
import { parseOrderCommand, prefillOf } from "../../../../src/commands/grammar/order";
import { initialWindowState } from "../../../../src/core/rules/orderWindowInit";
import { settleWindow, unmetAsks, windowChoices } from "../../../../src/core/rules/orderWindowChoices";
import type { WindowMarket } from "../../../../src/core/rules/orderWindow";

/**
 * FINDINGS-30 4: after the close, `buy TCS 1 @ 2200 intraday` opened as INTRADAY at 20 % margin with
 * the AMO box unticked, and only a question after Enter made it the DELIVERY AMO that was sent.
 * trading-core §4: "The market-status answer marks an exchange as AMO when its entry has AMO = Y";
 * "INTRADAY is disabled under AMO"; "MARKET and SLM are disabled when the order is AMO".
 */

/** TCS as the broker describes it, last traded at 2,210. */
const TCS = { exchange: "NSEEQ" as const, lotSize: 1, tickSize: 0.05, ltp: 2210, insType: "EQ", productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
const NOW = new Date("2026-12-07T15:35:00+05:30");
/** NSEEQ's market-status entry says AMO = Y: closed. */
const CLOSED: WindowMarket = { inAmo: true, open: false };
const OPEN: WindowMarket = { inAmo: false, open: true };

function opened(line: string, market: WindowMarket | undefined) {
  const r = parseOrderCommand(line);
  if (!r.ok) throw new Error(r.message);
  const asked = prefillOf(r.draft);
  const s = initialWindowState({ mode: "new", transactionType: r.draft.transactionType, contract: TCS, preference: undefined, prefill: asked, now: NOW, ...(market ? { market } : {}) });
  return { s, said: unmetAsks(asked, s, "NSEEQ") };
}

describe("an order window on an exchange whose market status says AMO = Y", () => {
  it("\"The market-status answer marks an exchange as AMO when its entry has AMO = Y\": a new regular order opens as an AMO, and \"INTRADAY is disabled under AMO\" makes it DELIVERY", () => {
    const { s } = opened("buy TCS 1 @ 2200 intraday", CLOSED);
    expect(s).toMatchObject({ isAmo: true, pcode: "DELIVERY", priceType: "LIMIT", price: 2200, quantity: 1 });
  });

  it("the AMO box is ticked and cannot be unticked (the broker takes no other order while closed, EC946), and INTRADAY is shown disabled with its reason", () => {
    const { s } = opened("buy TCS 1 @ 2200", CLOSED);
    const c = windowChoices(s, TCS, CLOSED);
    expect(c.amo).toEqual({ shown: true, enabled: false, why: "NSEEQ is closed (its market status says AMO = Y): the broker takes only after-market orders until the open" });
    expect(c.products).toEqual(["DELIVERY"]);
    expect(c.withheldProducts).toEqual([{ value: "INTRADAY", why: "INTRADAY is disabled under AMO" }]);
    // "MARKET and SLM are disabled when the order is AMO."
    expect(c.priceTypes).toEqual([
      { value: "LIMIT", enabled: true },
      { value: "MARKET", enabled: false },
      { value: "SL", enabled: true },
      { value: "SLM", enabled: false },
    ]);
  });

  it("unticking AMO while closed leaves it ticked: a settle keeps the order an AMO", () => {
    const { s } = opened("buy TCS 1 @ 2200", CLOSED);
    expect(settleWindow({ ...s, isAmo: false, pcode: "INTRADAY" }, TCS, CLOSED)).toMatchObject({ isAmo: true, pcode: "DELIVERY" });
    // A BO is never an AMO; back to Regular, the closed market makes it one again.
    const bo = settleWindow({ ...s, orderType: "BO" }, TCS, CLOSED);
    expect(bo.isAmo).toBe(false);
    expect(settleWindow({ ...bo, orderType: "Regular" }, TCS, CLOSED).isAmo).toBe(true);
  });

  it("a typed `intraday` is said, not dropped: the market closed is why the order is an AMO", () => {
    expect(opened("buy TCS 1 @ 2200 intraday", CLOSED).said).toEqual([
      "INTRADAY is not possible now: NSEEQ is closed, so this order goes as an AMO (after-market order), and INTRADAY is disabled under AMO: the product is DELIVERY",
    ]);
  });

  it("a typed `mkt` after the close: a LIMIT at the last price, said with the spec's rule", () => {
    const { s, said } = opened("buy TCS 1 mkt", CLOSED);
    expect(s).toMatchObject({ isAmo: true, priceType: "LIMIT", price: 2210 });
    expect(said).toEqual(["An AMO is a LIMIT order at the exchange: MARKET is not offered for AMO; the price is filled from the last price 2,210.00: check it"]);
  });

  it("a modify keeps its order's complexity, whatever the market", () => {
    const s = initialWindowState({ mode: "modify", transactionType: "BUY", contract: TCS, preference: undefined, prefill: { pcode: "INTRADAY", isAmo: false }, now: NOW, market: CLOSED });
    expect(s.isAmo).toBe(false);
  });

  it("open, or not heard: INTRADAY stays offered and the box is the trader's", () => {
    expect(opened("buy TCS 1 @ 2200 intraday", OPEN).s).toMatchObject({ isAmo: false, pcode: "INTRADAY" });
    expect(opened("buy TCS 1 @ 2200 intraday", undefined).s).toMatchObject({ isAmo: false, pcode: "INTRADAY" });
    const { s } = opened("buy TCS 1 @ 2200 intraday", undefined);
    expect(windowChoices(s, TCS).amo).toEqual({ shown: true, enabled: true });
    expect(windowChoices(s, TCS).withheldProducts).toEqual([]);
  });
});
