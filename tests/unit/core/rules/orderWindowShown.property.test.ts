import fc from "fast-check";
import type { TrailUnit } from "../../../../src/core/types/order";
import { describe, expect, it } from "vitest";
import { prefillOf, type OrderDraft } from "../../../../src/commands/grammar/order";
import { ideaOrderPrefill, type Idea } from "../../../../src/core/rules/ideas";
import { buildOrderRequest, windowProblem } from "../../../../src/core/rules/orderRequest";
import { preferenceFor, withPreference, type SavedOrderPreferences } from "../../../../src/core/rules/orderWindow";
import { flipSide, settleWindow, unmetAsks, windowChoices, windowShown, type WindowShown } from "../../../../src/core/rules/orderWindowChoices";
import { initialWindowState } from "../../../../src/core/rules/orderWindowInit";
import type { Exchange, Segment } from "../../../../src/core/types/exchange";
import type { Order, OrderComplexity, OrderType, Product, TransactionType, Validity } from "../../../../src/core/types/order";
import type { OrderPreference, OrderWindowState, OrderWindowType, Pcode, WindowPriceType } from "../../../../src/core/types/orderWindow";

/**
 * Issue 28, "What you see is what is sent": random sequences of order-window openings (a key on a
 * row, a command line, an idea, an exit, a modify, a repeat) over the preferences the earlier
 * placements of the sequence saved, and random clicks in the window. After every opening and every
 * click: every select holds one of the options it offers, nothing the spec disables is chosen, and
 * every field the window shows is the field the request that Enter would send carries.
 *
 * The expected values come from the spec's words, written out here by hand (the product mapping
 * table, the lots rule, the AMO and GTD rules); the code under test only supplies what the window
 * shows and what it would send.
 */

// ---- the contracts: one of each kind of segment and of each product rule ----------------------------

interface Contract {
  exchange: Exchange;
  token: number;
  lotSize: number;
  tickSize: number;
  ltp: number;
  insType: string;
  productLeverage: number;
  bnplQty: number;
  deliveryQty: number;
}

const CONTRACTS: readonly Contract[] = [
  // BNPL leverage 50: "BNPL appears only for NSEEQ with leverage not 0 or 100".
  { exchange: "NSEEQ", token: 1594, lotSize: 1, tickSize: 0.05, ltp: 1100, insType: "EQ", productLeverage: 50, bnplQty: 0, deliveryQty: 0 },
  // No leverage, BNPL holdings: BNPL "also appears when selling with BNPL holdings".
  { exchange: "NSEEQ", token: 5385, lotSize: 1, tickSize: 0.05, ltp: 1700, insType: "EQ", productLeverage: 0, bnplQty: 30, deliveryQty: 0 },
  // A holding of both parts: its sale chooses which part goes.
  { exchange: "NSEEQ", token: 11536, lotSize: 1, tickSize: 0.05, ltp: 3900, insType: "EQ", productLeverage: 50, bnplQty: 20, deliveryQty: 40 },
  { exchange: "BSEEQ", token: 500209, lotSize: 1, tickSize: 0.05, ltp: 1100, insType: "EQ", productLeverage: 50, bnplQty: 0, deliveryQty: 0 },
  { exchange: "NSEFO", token: 45001, lotSize: 75, tickSize: 0.05, ltp: 120, insType: "OPTIDX", productLeverage: 0, bnplQty: 0, deliveryQty: 0 },
  { exchange: "BSEFO", token: 845001, lotSize: 20, tickSize: 0.05, ltp: 300, insType: "OPTIDX", productLeverage: 0, bnplQty: 0, deliveryQty: 0 },
  { exchange: "NSECURR", token: 1001, lotSize: 1000, tickSize: 0.0025, ltp: 83.5, insType: "FUTCUR", productLeverage: 0, bnplQty: 0, deliveryQty: 0 },
  { exchange: "MCXCOMM", token: 2001, lotSize: 1, tickSize: 1, ltp: 71000, insType: "FUTCOM", productLeverage: 0, bnplQty: 0, deliveryQty: 0 },
  { exchange: "NCDEXCOMM", token: 3001, lotSize: 10, tickSize: 1, ltp: 5400, insType: "FUTCOM", productLeverage: 0, bnplQty: 0, deliveryQty: 0 },
];

const EQUITY: readonly Exchange[] = ["NSEEQ", "BSEEQ"];
const COMMODITY: readonly Exchange[] = ["MCXCOMM", "NCDEXCOMM", "NSECOMM", "BSECOMM"];
const CURRENCY: readonly Exchange[] = ["NSECURR", "BSECURR"];
/** "It is allowed only on NSEEQ, BSEEQ, MCXCOMM, NSECURR and BSECURR." (disclosed quantity) */
const DISCLOSED_OK: readonly Exchange[] = ["NSEEQ", "BSEEQ", "MCXCOMM", "NSECURR", "BSECURR"];
const SEGMENTS: readonly Segment[] = ["equity", "derivatives", "currency", "commodity"];

// ---- what the spec says, by hand -----------------------------------------------------------------

/**
 * The product a shown product sends, the product mapping of trading-core section 5:
 * "NRML -> NORMAL; BO, CO, INTRADAY -> INTRADAY; DELIVERY -> DELIVERY on equity exchanges, otherwise NORMAL; BNPL -> BNPL".
 */
function productSentFor(shown: Pcode, exchange: Exchange): Product | "not a product the window shows" {
  switch (shown) {
    case "NRML":
      return "NORMAL";
    case "INTRADAY":
      return "INTRADAY";
    case "DELIVERY":
      return EQUITY.includes(exchange) ? "DELIVERY" : "NORMAL";
    case "BNPL":
      return "BNPL";
    default:
      // The window's product select lists Delivery, Intraday, NRML and BNPL only.
      return "not a product the window shows";
  }
}

/** "Commodity and currency quantity is shown in lots": currency counts units on the wire, commodity lots on both. */
const unitsSent = (shownQty: number, c: Contract) => (CURRENCY.includes(c.exchange) ? shownQty * c.lotSize : shownQty);

function complexitySentFor(shown: WindowShown): OrderComplexity {
  if (shown.orderType === "BO") return "BO";
  if (shown.orderType === "CO") return "CO";
  return shown.amo ? "AMO" : "REGULAR";
}

/** Every shown field against the request Enter would send. */
function expectShownIsSent(s: OrderWindowState, c: Contract): void {
  const shown = windowShown(s, c);
  const req = buildOrderRequest(s, c);
  expect(req.transactionType).toBe(shown.side);
  expect(req.product).toBe(productSentFor(shown.product, c.exchange));
  expect(req.orderComplexity).toBe(complexitySentFor(shown));
  expect(req.orderType).toBe(shown.priceType);
  expect(req.validity).toBe(shown.validity);
  expect(req.gtdValidityDate).toBe(shown.validTill);
  expect(req.quantity).toBe(unitsSent(shown.quantity, c));
  expect(req.price).toBe(shown.price ?? 0);
  expect(req.slTriggerPrice).toBe(shown.trigger ?? 0);
  expect(req.disclosedQuantity).toBe(unitsSent(shown.disclosedQuantity ?? 0, c));
  expect(req.targetPrice).toBe(shown.target ?? 0);
  expect(req.stopLossPrice).toBe(shown.stopLoss ?? 0);
  expect(req.trailingSlAmount).toBe(shown.trailingStopLoss ?? 0);
  // Issue 33: the trail of a regular stop is sent as shown ("5", "1%"), and nowhere else.
  expect(req.trailValue === undefined ? undefined : `${req.trailValue}${req.trailUnit === "PERCENT" ? "%" : ""}`).toBe(shown.trail);
  expect(req.trailJump ?? 0).toBe(shown.trailJump ?? 0);
}

/**
 * The flip key by hand (issue 29): "a key flips BUY/SELL", except where the window is locked to its
 * side ("a modify changes an order's price and quantity, an exit closes a position": their side is
 * the order's or the position's). Nothing else the trader set moves, but the product when the new
 * side is not offered it: "BNPL appears only for NSEEQ with leverage not 0 or 100. It also appears
 * when selling with BNPL holdings", so a BNPL sale flipped to a buy without leverage is DELIVERY.
 */
function expectFlipped(before: OrderWindowState, after: OrderWindowState, c: Contract): void {
  const b = windowShown(before, c);
  const a = windowShown(after, c);
  if (before.mode === "modify" || before.mode === "exit") {
    expect(after).toEqual(before);
    return;
  }
  expect(a.side).toBe(b.side === "BUY" ? "SELL" : "BUY");
  const bnplOffered = c.exchange === "NSEEQ" && ((a.side === "SELL" && c.bnplQty > 0) || (c.productLeverage !== 0 && c.productLeverage !== 100));
  expect(a.product).toBe(b.product === "BNPL" && !bnplOffered ? "DELIVERY" : b.product);
  for (const k of ["orderType", "amo", "priceType", "validity", "validTill", "quantity", "price", "trigger", "disclosedQuantity", "target", "stopLoss", "trailingStopLoss"] as const) expect(a[k]).toEqual(b[k]);
  // Flipped back, the window is the one the trader had (the product is the only thing a side can take away).
  if (a.product === b.product) expect(windowShown(flipSide(after, c), c)).toEqual(b);
}

/** Every select's value is one of its options, and no disabled option is chosen. */
function expectSelectsHoldTheirOptions(s: OrderWindowState, c: Contract): void {
  const shown = windowShown(s, c);
  const ch = windowChoices(s, c);
  expect(ch.sides).toContain(shown.side);
  expect(ch.orderTypes).toContain(shown.orderType);
  expect(ch.products).toContain(shown.product);
  expect(ch.priceTypes.filter((o) => o.enabled).map((o) => o.value)).toContain(shown.priceType);
  expect(ch.validities.filter((o) => o.enabled).map((o) => o.value)).toContain(shown.validity);
}

/** Nothing the spec disables is enabled (trading-core section 4 "Order window" and section 5). */
function expectSpecRules(s: OrderWindowState, c: Contract): void {
  const shown = windowShown(s, c);
  const ch = windowChoices(s, c);
  const enabledPriceTypes = ch.priceTypes.filter((o) => o.enabled).map((o) => o.value);
  const enabledValidities = ch.validities.filter((o) => o.enabled).map((o) => o.value);
  // The window names the carry-forward product DELIVERY on equity and NRML elsewhere, and shows no BO/CO/NORMAL pcode.
  expect(["DELIVERY", "INTRADAY", "NRML", "BNPL"]).toContain(shown.product);
  if (EQUITY.includes(c.exchange)) expect(shown.product).not.toBe("NRML");
  else expect(shown.product).not.toBe("DELIVERY");
  // "BNPL is disabled off NSEEQ."
  if (c.exchange !== "NSEEQ") expect(ch.products).not.toContain("BNPL");
  // "MARKET and SLM are disabled when the order is AMO, or when modifying a GTD order."
  if (shown.amo || (s.mode === "modify" && shown.validity === "GTD")) {
    expect(enabledPriceTypes).not.toContain("MARKET");
    expect(enabledPriceTypes).not.toContain("SLM");
  }
  // "INTRADAY is disabled under AMO" (a new order; a modify and an exit keep their order's product).
  if (shown.amo && (s.mode === "new" || s.mode === "repeat")) expect(ch.products).not.toContain("INTRADAY");
  // "Validity IOC is removed when the price type is SL." "IOC is not allowed for AMO."
  if (shown.priceType === "SL" || shown.amo) expect(enabledValidities).not.toContain("IOC");
  // "GTD is offered only for commodity exchanges when the product is not INTRADAY."
  if (enabledValidities.includes("GTD")) {
    expect(COMMODITY).toContain(c.exchange);
    expect(shown.product).not.toBe("INTRADAY");
  }
  // "BO and CO are allowed only with INTRADAY. BO allows only LIMIT or SL. CO allows only LIMIT or MARKET."
  if (shown.orderType !== "Regular") expect(shown.product).toBe("INTRADAY");
  if (shown.orderType === "BO") expect(["LIMIT", "SL"]).toContain(shown.priceType);
  if (shown.orderType === "CO") expect(["LIMIT", "MARKET"]).toContain(shown.priceType);
  // Disclosed quantity "is allowed only on NSEEQ, BSEEQ, MCXCOMM, NSECURR and BSECURR. It must be zero for AMO."
  if (!DISCLOSED_OK.includes(c.exchange) || shown.amo) expect(shown.disclosedQuantity ?? 0).toBe(0);
}

function expectAll(s: OrderWindowState, c: Contract): void {
  expectSelectsHoldTheirOptions(s, c);
  expectSpecRules(s, c);
  // What Enter would send: only a window Enter sends (the client rules pass) is held to its request.
  if (windowProblem(s, c) === undefined) expectShownIsSent(s, c);
  // Settled means settled: once more changes nothing.
  expect(settleWindow(s, c)).toEqual(s);
}

// ---- generators ---------------------------------------------------------------------------------

const side = fc.constantFrom<TransactionType>("BUY", "SELL");
const windowType = fc.constantFrom<OrderWindowType>("Regular", "BO", "CO", "GTT");
const pcode = fc.constantFrom<Pcode>("DELIVERY", "INTRADAY", "BNPL", "NORMAL", "NRML", "BO", "CO");
const priceType = fc.constantFrom<WindowPriceType>("LIMIT", "MARKET", "SL", "SLM", "SINGLE", "OCO");
const orderPriceType = fc.constantFrom<OrderType>("LIMIT", "MARKET", "SL", "SLM");
const validity = fc.constantFrom<Validity>("DAY", "IOC", "GTD");
/** Preferences as placements save them, and some no placement would (an old app version's, a hand-edited store). */
const preference: fc.Arbitrary<OrderPreference> = fc.record({ priceType, orderType: windowType, pcode, validity });
/** A price on or off the tick of the contract (an off-tick one is refused before sending, never rounded). */
const price = (c: Contract) =>
  fc.oneof(
    fc.integer({ min: 1, max: 4000 }).map((n) => Math.round(n * c.tickSize * 10_000) / 10_000),
    // As a field or the command line takes one: at most 6 digits after the dot.
    fc.tuple(fc.integer({ min: 1, max: 5_000_000_000 }), fc.integer({ min: 0, max: 6 })).map(([n, d]) => Number((n / 10 ** d).toFixed(d))),
  );

/** A command line's draft (the grammar's outcome), its fields as the grammar can set them. */
const draft = (c: Contract): fc.Arbitrary<OrderDraft> =>
  fc.record(
    {
      transactionType: side,
      symbol: fc.constant("X"),
      quantity: fc.integer({ min: 1, max: 500 }),
      orderType: fc.constantFrom<OrderDraft["orderType"]>("Regular", "BO", "CO"),
      priceType: orderPriceType,
      price: price(c),
      triggerPrice: price(c),
      targetPrice: price(c),
      stopLossPrice: price(c),
      trailingStopLoss: price(c),
      trail: fc.record({ value: price(c), unit: fc.constantFrom<TrailUnit>("POINTS", "PERCENT") }),
      trailJump: price(c),
      disclosedQuantity: fc.integer({ min: 0, max: 50 }),
      pcode: fc.constantFrom<Pcode>("DELIVERY", "INTRADAY", "NRML", "BNPL"),
      validity,
      gtdValidityDate: fc.constant("2026-12-04"),
      isAmo: fc.boolean(),
    },
    { requiredKeys: ["transactionType", "symbol", "quantity", "orderType", "priceType", "isAmo"] },
  );

/** A product the broker lets exist on the contract's exchange: "DELIVERY and BNPL are allowed only on NSEEQ or BSEEQ"; BNPL only on NSEEQ. */
function productOn(p: Product, c: Contract): Product {
  if (p === "BNPL" && c.exchange === "NSEEQ") return p;
  if (p === "BNPL" || p === "DELIVERY") return EQUITY.includes(c.exchange) ? "DELIVERY" : "NORMAL";
  return p;
}

/** An order the broker holds (so it obeys the server's rules: BO/CO INTRADAY, no INTRADAY AMO, DELIVERY and BNPL on equity). */
const order = (c: Contract): fc.Arbitrary<Order> =>
  fc
    .record({
      transactionType: side,
      orderComplexity: fc.constantFrom<OrderComplexity>("REGULAR", "AMO", "BO", "CO"),
      product: fc.constantFrom<Product>("NORMAL", "INTRADAY", "DELIVERY", "BNPL"),
      orderType: orderPriceType,
      validity,
      quantity: fc.integer({ min: 1, max: 20 }).map((n) => n * c.lotSize),
      price: price(c),
      slTriggerPrice: price(c),
      disclosedQuantity: fc.constant(0),
    })
    .map((o) => {
      const bracket = o.orderComplexity === "BO" || o.orderComplexity === "CO";
      let product: Product = bracket ? "INTRADAY" : productOn(o.product, c);
      if (o.orderComplexity === "AMO" && product === "INTRADAY") product = EQUITY.includes(c.exchange) ? "DELIVERY" : "NORMAL";
      let orderType = o.orderType;
      if (o.orderComplexity === "BO" && orderType !== "SL") orderType = "LIMIT";
      if (o.orderComplexity === "CO" && orderType !== "MARKET") orderType = "LIMIT";
      if (o.orderComplexity === "AMO" && (orderType === "MARKET" || orderType === "SLM")) orderType = orderType === "MARKET" ? "LIMIT" : "SL";
      const gtd = o.validity === "GTD" && COMMODITY.includes(c.exchange) && product !== "INTRADAY" && !bracket;
      const v: Validity = gtd ? "GTD" : o.validity === "IOC" && orderType !== "SL" && o.orderComplexity === "REGULAR" ? "IOC" : "DAY";
      return {
        ...o,
        product,
        orderType,
        validity: v,
        ...(v === "GTD" ? { gtdValidityDate: "2026-12-04" } : {}),
        triggerPrice: o.slTriggerPrice,
        targetPrice: 0,
        stopLossPrice: 0,
        trailingSlAmount: 0,
      } as unknown as Order;
    });

/** An idea of the contract's exchange (ideas are on NSE/BSE equity and F&O and on MCX). */
const idea = (c: Contract): fc.Arbitrary<Idea> =>
  fc.record({ horizon: fc.constantFrom("short_term", "long_term", "intraday"), from: price(c), to: price(c) }).map(
    (x) =>
      ({
        idea_id: 1,
        broker_code: Number(c.token),
        broker_exchange: c.exchange === "MCXCOMM" ? "M" : c.exchange.startsWith("BSE") ? "B" : "N",
        broker_exchange_type: c.exchange === "MCXCOMM" ? "X" : c.exchange.endsWith("FO") ? "D" : "C",
        symbol: "X",
        transaction: "BUY",
        horizon: x.horizon,
        status: "OPEN",
        entry_price: { from: x.from, to: x.to },
        target_price: 0,
        stoploss_price: 0,
        required_margin: 0,
        lot_size: c.lotSize,
        validity: 20261231,
        closed_date: null,
      }) as unknown as Idea,
  );

/** How the window was opened. */
type Opening =
  | { kind: "key"; side: TransactionType }
  | { kind: "line"; draft: OrderDraft }
  | { kind: "idea"; idea: Idea; side: TransactionType; quantity: number }
  | { kind: "exit"; side: TransactionType; quantity: number; product: Product }
  | { kind: "modify" | "repeat"; order: Order };

const ideaContracts = CONTRACTS.filter((c) => ["NSEEQ", "BSEEQ", "NSEFO", "BSEFO", "MCXCOMM"].includes(c.exchange));

const opening = (c: Contract): fc.Arbitrary<Opening> =>
  fc.oneof(
    side.map((s) => ({ kind: "key" as const, side: s })),
    draft(c).map((d) => ({ kind: "line" as const, draft: d })),
    ...(ideaContracts.includes(c) ? [fc.record({ idea: idea(c), side, quantity: fc.integer({ min: 1, max: 100 }) }).map((x) => ({ kind: "idea" as const, ...x }))] : []),
    fc.record({ side, quantity: fc.integer({ min: 1, max: 50 }), product: fc.constantFrom<Product>("NORMAL", "INTRADAY", "DELIVERY", "BNPL") }).map((x) => ({ kind: "exit" as const, ...x, product: productOn(x.product, c) })),
    fc.record({ kind: fc.constantFrom<"modify" | "repeat">("modify", "repeat"), order: order(c) }),
  );

/** A click or a keystroke in the window: only on a control that is open, choosing only what it offers. */
type Click = (s: OrderWindowState, c: Contract) => Partial<OrderWindowState> | undefined;

/** The flip key (Alt+B, issue 29): not a patch of one field but the window's own step, checked against the model below. */
const FLIP = "flip key (Alt+B)";

const click: fc.Arbitrary<{ name: string; run: Click }> = fc.oneof(
  fc.constant({ name: FLIP, run: (() => undefined) as Click }),
  fc.constant({ name: "switch side", run: ((s, c) => (windowChoices(s, c).sides.length > 1 ? { transactionType: s.transactionType === "BUY" ? "SELL" : "BUY" } : undefined)) as Click }),
  fc.constantFrom<OrderWindowType>("Regular", "BO", "CO").map((t) => ({ name: `type ${t}`, run: ((s, c) => (windowChoices(s, c).orderTypes.includes(t as "Regular") ? { orderType: t } : undefined)) as Click })),
  fc.boolean().map((on) => ({ name: `AMO ${on}`, run: ((s, c) => (windowChoices(s, c).amo.enabled ? { isAmo: on } : undefined)) as Click })),
  fc.nat(5).map((i) => ({ name: `product #${i}`, run: ((s, c) => { const p = windowChoices(s, c).products; return { pcode: p[i % p.length]! }; }) as Click })),
  fc.nat(5).map((i) => ({ name: `price type #${i}`, run: ((s, c) => { const p = windowChoices(s, c).priceTypes.filter((o) => o.enabled); return p.length ? { priceType: p[i % p.length]!.value } : undefined; }) as Click })),
  fc.nat(5).map((i) => ({ name: `validity #${i}`, run: ((s, c) => { const v = windowChoices(s, c).validities.filter((o) => o.enabled); return v.length ? { validity: v[i % v.length]!.value } : undefined; }) as Click })),
  fc.integer({ min: 0, max: 40 }).map((n) => ({ name: `disclosed ${n}`, run: ((s, c) => (windowChoices(s, c).disclosedQuantity ? { disclosedQuantity: n } : undefined)) as Click })),
  fc.integer({ min: 1, max: 4000 }).map((n) => ({ name: `price ${n} ticks`, run: ((_s, c) => ({ price: Math.round(n * c.tickSize * 10_000) / 10_000 })) as Click })),
  fc.integer({ min: 1, max: 4000 }).map((n) => ({ name: `trigger ${n} ticks`, run: ((_s, c) => ({ triggerPrice: Math.round(n * c.tickSize * 10_000) / 10_000 })) as Click })),
);

const step = fc.nat(CONTRACTS.length - 1).chain((i) => {
  const c = CONTRACTS[i]!;
  return fc.record({ contract: fc.constant(c), opening: opening(c), clicks: fc.array(click, { maxLength: 6 }), enter: fc.boolean() });
});

// ---- the window as the app opens it --------------------------------------------------------------

const NOW = new Date("2026-11-23T05:00:00Z");

function open(o: Opening, c: Contract, saved: SavedOrderPreferences, defaults: Partial<Record<Segment, Pcode>>): OrderWindowState {
  const base = { contract: c, preference: preferenceFor(saved, c.exchange), defaultProduct: defaults[segmentOfHand(c.exchange)], now: NOW };
  switch (o.kind) {
    case "key":
      return initialWindowState({ ...base, mode: "new", transactionType: o.side });
    case "line":
      return initialWindowState({ ...base, mode: "new", transactionType: o.draft.transactionType, prefill: prefillOf(o.draft) });
    case "idea":
      return initialWindowState({ ...base, mode: "new", transactionType: o.side, prefill: ideaOrderPrefill(o.idea, o.quantity, o.side) });
    case "exit":
      // What the exit commands pre-fill (commands/defs/portfolio.ts openExit): side, open quantity, the position's product.
      return initialWindowState({ ...base, mode: "exit", transactionType: o.side, prefill: { transactionType: o.side, quantity: o.quantity, pcode: o.product } });
    case "modify":
    case "repeat":
      return initialWindowState({ ...base, mode: o.kind, transactionType: o.order.transactionType, order: o.order });
  }
}

function segmentOfHand(e: Exchange): Segment {
  if (EQUITY.includes(e)) return "equity";
  if (CURRENCY.includes(e)) return "currency";
  if (COMMODITY.includes(e)) return "commodity";
  return "derivatives";
}

describe("the order window shows what it sends (issue 28), over any sequence of openings and preferences", () => {
  it("every select holds one of its options and every shown field is the field sent", () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 12 }),
        fc.dictionary(fc.constantFrom(...SEGMENTS), fc.constantFrom<Pcode>("DELIVERY", "INTRADAY", "NRML")),
        fc.dictionary(fc.constantFrom(...SEGMENTS), preference),
        (steps, defaults, seeded) => {
          let saved: SavedOrderPreferences = seeded;
          for (const st of steps) {
            const c = st.contract;
            let s = open(st.opening, c, saved, defaults);
            expectAll(s, c);
            for (const k of st.clicks) {
              if (k.name === FLIP) {
                // What the command orderWindow.flipSide runs (commands/orderWindow.ts flipWindowSide).
                const flipped = flipSide(s, c);
                expectFlipped(s, flipped, c);
                s = flipped;
                expectAll(s, c);
                continue;
              }
              const patch = k.run(s, c);
              if (!patch) continue;
              // What updateWindow does with a click (commands/orderWindow.ts).
              s = settleWindow({ ...s, ...patch }, c);
              expectAll(s, c);
            }
            // Enter on a window the client rules let through places it; a placement saves the preference of its segment.
            if (st.enter && windowProblem(s, c) === undefined && s.mode !== "modify") {
              saved = withPreference(saved, c.exchange, { priceType: s.priceType, orderType: s.orderType, pcode: s.pcode, validity: s.validity });
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("the user's sequence: a BO on INFY, then `buy INFY 1 @ 1100` shows and sends the same product", () => {
    const infy = CONTRACTS[0]!;
    // `bo buy INFY 1 @ 1100 tgt 1150 sl 1050`, Enter, Enter: placed, the equity preference saved from that window.
    const bo = open({ kind: "line", draft: { transactionType: "BUY", symbol: "INFY", quantity: 1, orderType: "BO", priceType: "LIMIT", price: 1100, targetPrice: 1150, stopLossPrice: 1050, isAmo: false } }, infy, {}, {});
    expect(windowProblem(bo, infy)).toBeUndefined();
    const saved = withPreference({}, "NSEEQ", { priceType: bo.priceType, orderType: bo.orderType, pcode: bo.pcode, validity: bo.validity });
    // Then `buy INFY 1 @ 1100`: a Regular order. "BO, CO, INTRADAY -> INTRADAY": the window shows Intraday and sends INTRADAY.
    const next = open({ kind: "line", draft: { transactionType: "BUY", symbol: "INFY", quantity: 1, orderType: "Regular", priceType: "LIMIT", price: 1100, isAmo: false } }, infy, saved, {});
    expect(windowShown(next, infy).product).toBe("INTRADAY");
    expect(buildOrderRequest(next, infy).product).toBe("INTRADAY");
    expect(windowChoices(next, infy).products).toContain("INTRADAY");
  });

  it("a line's word the window cannot offer is said: `buy INFY 10 @ 1500 sl 1490 ioc` (Validity IOC is removed when the price type is SL)", () => {
    const infy = CONTRACTS[0]!;
    const asked = prefillOf({ transactionType: "BUY", symbol: "INFY", quantity: 10, orderType: "Regular", priceType: "SL", price: 1500, triggerPrice: 1490, validity: "IOC", isAmo: false });
    const s = initialWindowState({ mode: "new", transactionType: "BUY", contract: infy, preference: undefined, prefill: asked, now: NOW });
    expect(windowShown(s, infy).validity).toBe("DAY");
    expect(unmetAsks(asked, s, "NSEEQ")).toEqual(["Validity IOC is removed when the price type is SL: the validity is DAY"]);
    // "INTRADAY is disabled under AMO": `amo buy INFY 10 @ 1500 intraday` opens as an AMO for delivery, and says so.
    const amo = prefillOf({ transactionType: "BUY", symbol: "INFY", quantity: 10, orderType: "Regular", priceType: "LIMIT", price: 1500, pcode: "INTRADAY", isAmo: true });
    const a = initialWindowState({ mode: "new", transactionType: "BUY", contract: infy, preference: undefined, prefill: amo, now: NOW });
    expect(unmetAsks(amo, a, "NSEEQ")).toEqual(["INTRADAY is disabled under AMO: the product is DELIVERY"]);
  });

  it("an exit sells what it exits: an intraday position's exit stays INTRADAY; a holding's sale chooses between its delivery and BNPL parts", () => {
    const mixed = CONTRACTS.find((c) => c.bnplQty > 0 && c.deliveryQty > 0)!;
    const exit = (product: Product) => initialWindowState({ mode: "exit", transactionType: "SELL", contract: mixed, preference: undefined, prefill: { transactionType: "SELL", quantity: 10, pcode: product }, now: NOW });
    expect(windowChoices(exit("INTRADAY"), mixed).products).toEqual(["INTRADAY"]);
    expect(windowChoices(exit("DELIVERY"), mixed).products).toEqual(["DELIVERY", "BNPL"]);
    expect(windowChoices(exit("DELIVERY"), mixed).sides).toEqual(["SELL"]);
    expect(windowChoices(exit("DELIVERY"), mixed).orderTypes).toEqual(["Regular"]);
  });

  it("the flip key on a BNPL sale (no leverage, BNPL holdings) buys for delivery, and shows it (the shrunken case of flipping without settling)", () => {
    const heldBnpl = CONTRACTS[1]!; // NSEEQ 5385: leverage 0, 30 BNPL shares held
    const sale = initialWindowState({ mode: "new", transactionType: "SELL", contract: heldBnpl, preference: undefined, prefill: { pcode: "BNPL", quantity: 1 }, now: NOW });
    expect(windowShown(sale, heldBnpl).product).toBe("BNPL");
    const flipped = flipSide(sale, heldBnpl);
    // "BNPL appears only for NSEEQ with leverage not 0 or 100. It also appears when selling with BNPL holdings."
    expect(windowShown(flipped, heldBnpl).side).toBe("BUY");
    expect(windowShown(flipped, heldBnpl).product).toBe("DELIVERY");
    const sent = buildOrderRequest(flipped, { ...heldBnpl, token: Number(heldBnpl.token) });
    expect(sent.product).toBe("DELIVERY");
    expect(sent.transactionType).toBe("BUY");
    // A modify keeps its side: the flip key changes nothing.
    const modify = initialWindowState({ mode: "modify", transactionType: "SELL", contract: heldBnpl, preference: undefined, prefill: { quantity: 1 }, now: NOW });
    expect(flipSide(modify, heldBnpl)).toEqual(modify);
  });
});
