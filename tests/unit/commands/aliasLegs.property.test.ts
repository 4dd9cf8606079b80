import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aliasLegOf, type AliasContract } from "../../../src/commands/aliasLegs";
import type { OrderDraft } from "../../../src/commands/grammar/order";
import { legOrderRequest } from "../../../src/core/rules/basketRun";
import type { OrderType, Product, Validity } from "../../../src/core/types/order";
import type { Pcode } from "../../../src/core/types/orderWindow";

/**
 * Issue 28, for an alias's lines: every word of a line either reaches the order the confirmation
 * shows and places, or the line is refused with that word; nothing is dropped on the way. The
 * expected request fields are worked out here from the spec's words, not by the code under test.
 */
const CONTRACTS: AliasContract[] = [
  // INFY: BNPL offered (leverage 50: "not 0 or 100"); TCS: not (leverage 0), but 5 BNPL shares held to sell.
  { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ", lotSize: 1, productLeverage: 50, bnplQty: 0, deliveryQty: 0 },
  { exchange: "NSEEQ", token: 11536, tradingSymbol: "TCS-EQ", lotSize: 1, productLeverage: 0, bnplQty: 5, deliveryQty: 0 },
  { exchange: "NSEFO", token: 45001, tradingSymbol: "NIFTY26D0124800CE", lotSize: 75, productLeverage: 0, bnplQty: 0, deliveryQty: 0 },
  { exchange: "NSECURR", token: 1001, tradingSymbol: "USDINR26DECFUT", lotSize: 1000, productLeverage: 0, bnplQty: 0, deliveryQty: 0 },
  { exchange: "MCXCOMM", token: 2001, tradingSymbol: "GOLDM26DECFUT", lotSize: 1, productLeverage: 0, bnplQty: 0, deliveryQty: 0 },
];

/**
 * What the order window would not place as typed, from the spec's words (trading-core section 5):
 * "INTRADAY is disabled under AMO"; "MARKET and SLM are disabled when the order is AMO"; "BNPL
 * appears only for NSEEQ with leverage not 0 or 100. It also appears when selling with BNPL holdings."
 */
function windowRefuses(d: OrderDraft, c: AliasContract): boolean {
  const pcode = d.pcode ?? "DELIVERY";
  if (d.isAmo && pcode === "INTRADAY") return true;
  if (d.isAmo && (d.priceType === "MARKET" || d.priceType === "SLM")) return true;
  const bnplOffered = c.exchange === "NSEEQ" && ((d.transactionType === "SELL" && c.bnplQty > 0) || (c.productLeverage !== 0 && c.productLeverage !== 100));
  return pcode === "BNPL" && !bnplOffered;
}

/**
 * The product mapping of trading-core section 5, by hand, as the order window reads it: NORMAL,
 * NRML and DELIVERY are one carry-forward product, DELIVERY on equity and NRML (sent NORMAL) elsewhere.
 */
const SENT: Record<"equity" | "other", Record<Exclude<Pcode, "NORMAL">, Product>> = {
  equity: { DELIVERY: "DELIVERY", NRML: "DELIVERY", INTRADAY: "INTRADAY", BO: "INTRADAY", CO: "INTRADAY", BNPL: "BNPL" },
  other: { DELIVERY: "NORMAL", NRML: "NORMAL", INTRADAY: "INTRADAY", BO: "INTRADAY", CO: "INTRADAY", BNPL: "BNPL" },
};

const draft: fc.Arbitrary<OrderDraft> = fc.record(
  {
    transactionType: fc.constantFrom("BUY", "SELL"),
    symbol: fc.constant("X"),
    quantity: fc.integer({ min: 1, max: 50 }),
    orderType: fc.constantFrom<OrderDraft["orderType"]>("Regular", "BO", "CO"),
    priceType: fc.constantFrom<OrderType>("LIMIT", "MARKET", "SL", "SLM"),
    price: fc.integer({ min: 1, max: 100_000 }).map((n) => n / 20),
    triggerPrice: fc.integer({ min: 1, max: 100_000 }).map((n) => n / 20),
    disclosedQuantity: fc.integer({ min: 0, max: 5 }),
    pcode: fc.constantFrom<Pcode>("DELIVERY", "INTRADAY", "NRML", "BNPL"),
    validity: fc.constantFrom<Validity>("DAY", "IOC", "GTD"),
    isAmo: fc.boolean(),
  },
  { requiredKeys: ["transactionType", "symbol", "quantity", "orderType", "priceType", "isAmo"] },
);

describe("an alias's lines are placed as typed or refused (issue 28; issue 30: by the window's own rules)", () => {
  it("every field of the line reaches the request, or the line is refused naming it", () => {
    fc.assert(
      fc.property(draft, fc.constantFrom(...CONTRACTS), (d, c) => {
        const made = aliasLegOf(d, "line", c, 1);
        const asksMore = d.orderType !== "Regular" || (d.validity !== undefined && d.validity !== "DAY") || (d.disclosedQuantity ?? 0) > 0 || windowRefuses(d, c);
        expect(made.ok).toBe(!asksMore);
        if (!made.ok) return;
        const req = legOrderRequest(made.leg, "run", made.leg.amo);
        expect(req.exchange).toBe(c.exchange);
        expect(req.instrumentId).toBe(String(c.token)); // the order names the instrument by its token as text
        expect(req.transactionType).toBe(d.transactionType);
        // "QTY is what the order window's quantity field shows": currency in lots, sent in units.
        expect(req.quantity).toBe(c.exchange === "NSECURR" ? d.quantity * c.lotSize : d.quantity);
        expect(req.product).toBe(SENT[c.exchange === "NSEEQ" ? "equity" : "other"][(d.pcode ?? "DELIVERY") as Exclude<Pcode, "NORMAL">]);
        expect(req.orderType).toBe(d.priceType);
        expect(req.orderComplexity).toBe(d.isAmo ? "AMO" : "REGULAR");
        // "MARKET needs neither price nor trigger. LIMIT needs a price. SL needs a price and a trigger. SLM needs a trigger only."
        expect(req.price).toBe(d.priceType === "LIMIT" || d.priceType === "SL" ? (d.price ?? 0) : 0);
        expect(req.slTriggerPrice).toBe(d.priceType === "SL" || d.priceType === "SLM" ? (d.triggerPrice ?? 0) : 0);
        expect(req.validity).toBe("DAY");
        expect(req.disclosedQuantity).toBe(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe("lines the window would change are refused, not placed (the shrunk counterexamples)", () => {
  const gold = CONTRACTS[4]!;
  const infy = CONTRACTS[0]!;
  it("BNPL on MCX: the old alias placed it; the window offers no BNPL off NSEEQ", () => {
    const made = aliasLegOf({ transactionType: "BUY", symbol: "X", quantity: 1, orderType: "Regular", priceType: "LIMIT", price: 70000, pcode: "BNPL", isAmo: false }, "buy GOLDM 1 @ 70000 bnpl", gold, 1);
    expect(made).toEqual({ ok: false, reason: "buy GOLDM 1 @ 70000 bnpl: the order window would not place it as typed. Product BNPL is not offered here: the window has NRML" });
  });

  it("an INTRADAY AMO: \"INTRADAY is disabled under AMO\"", () => {
    const made = aliasLegOf({ transactionType: "BUY", symbol: "INFY", quantity: 10, orderType: "Regular", priceType: "LIMIT", price: 1500, pcode: "INTRADAY", isAmo: true }, "amo buy INFY 10 @ 1500 intraday", infy, 1);
    expect(made.ok ? "" : made.reason).toBe("amo buy INFY 10 @ 1500 intraday: the order window would not place it as typed. INTRADAY is disabled under AMO: the product is DELIVERY");
  });
});
