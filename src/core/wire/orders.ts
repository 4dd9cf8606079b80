import { ERROR_CATALOGUE } from "../errors";
import { MODIFIABLE_STATUSES, DETAILS_AND_REPEAT_STATUSES } from "../types/orderStatus";
import { ORDER_COMPLEXITIES, ORDER_TYPES, PRODUCTS, TRAIL_UNITS, TRANSACTION_TYPES, VALIDITIES } from "../types/order";
import { defineCall } from "./call";
import { Envelope, Exchange, NoBody, NumberOrText, OneOf, refused, Text, Type, type Static } from "./schema";

/**
 * The order calls of trading-core section 7 under /core (DESIGN.md section 4), the pre-order
 * margin and the span service's margin of a set of legs.
 */

/**
 * The most orders one place request (or legs one span request) may carry. The client sends one
 * at a time; a basket holds at most 20 scrips (access-and-surroundings section 9), so 50 leaves
 * room, while a request of hundreds of thousands is refused before any is read (issue 12).
 */
export const MAX_ORDERS_PER_REQUEST = 50;

/** Over MAX_ORDERS_PER_REQUEST: refused before any order is read (issue 12). */
const tooMany = { code: "EC958", message: `${ERROR_CATALOGUE.EC958}: at most ${MAX_ORDERS_PER_REQUEST} in one request` };

const mustBe = (field: string, what: string) => refused("EC900", `Malformed request: ${field} must be ${what}`);
const amount = (field: string, description?: string) => Type.Optional(NumberOrText({ ...mustBe(field, "a number"), ...(description ? { description } : {}) }));
const text = (field: string, description?: string) => Type.Optional(Type.String({ ...mustBe(field, "text"), ...(description ? { description } : {}) }));

/**
 * A new order (the spec's exact field list is not shown; built from the order fields of section 3),
 * its fields in the order the broker checks them, each refused with its code. Numbers may come as
 * numeric text; optional amounts are 0, validity DAY and orderComplexity REGULAR when not given;
 * `triggerPrice` is another name for `slTriggerPrice`. The rules between fields (lot size, tick,
 * circuits, BO/CO legs, disclosed quantity) are the order's validation (src/core/rules/orderValidation.ts).
 */
export const OrderBody = Type.Object(
  {
    exchange: Exchange(refused("EC901")),
    instrumentId: Type.Union([Text(), Type.Number()], { ...refused("EC900", "Malformed request: instrumentId is missing"), description: 'The instrument\'s token as text ("1594"); a trading symbol ("INFY-EQ") is accepted too' }),
    transactionType: OneOf(TRANSACTION_TYPES, refused("EC929")),
    product: OneOf(PRODUCTS, refused("EC927")),
    orderComplexity: Type.Optional(OneOf(ORDER_COMPLEXITIES, refused("EC930"))),
    orderType: OneOf(ORDER_TYPES, refused("EC926")),
    validity: Type.Optional(OneOf(VALIDITIES, refused("EC928"))),
    quantity: NumberOrText(refused("EC903")),
    price: amount("price"),
    slTriggerPrice: amount("slTriggerPrice", "The trigger of SL and SLM orders and of the CO stop-loss leg"),
    triggerPrice: amount("slTriggerPrice", "Another name for slTriggerPrice"),
    disclosedQuantity: amount("disclosedQuantity"),
    marketProtection: amount("marketProtection", "Percent, 0 to 100"),
    targetPrice: amount("targetPrice", "BO target leg, an absolute price"),
    stopLossPrice: amount("stopLossPrice", "BO stop-loss leg, an absolute price"),
    trailingSlAmount: amount("trailingSlAmount"),
    // Issue 33: a trailing stop on a regular SL or SL-M order (src/core/rules/trail.ts).
    trailValue: amount("trailValue", "SL and SLM: how far the trigger follows the price, in trailUnit; 0 or absent for no trail (EC700, EC701)"),
    trailUnit: Type.Optional(OneOf(TRAIL_UNITS, { ...refused("EC701"), description: "POINTS (the default) or PERCENT of the price" })),
    trailJump: amount("trailJump", "The trigger moves only in whole steps of this many points; 0 for one tick (EC702)"),
    bracket: text("bracket", "Issue 33: a bracket template's name; the broker places its targets and stop as the entry fills (EC721, EC726, EC728)"),
    orderTag: text("orderTag", "At most 50 characters"),
    algoId: text("algoId", "At most 12 characters"),
    gtdValidityDate: text("gtdValidityDate", "YYYY-MM-DD, with validity GTD"),
    clientOrderKey: text("clientOrderKey", "Makes a repeated submit answer the first result and place nothing (one submit, one order)"),
  },
  refused("EC900"),
);
export type OrderBody = Static<typeof OrderBody>;

/** A modify: any order fields; those left out keep their value. */
export const ModifyBody = Type.Partial(OrderBody, refused("EC900"));
export type ModifyBody = Static<typeof ModifyBody>;

/** One result of a place (the spec: "array of results, each with status and message"), with the order's ids. */
export const PlaceResult = Type.Object({
  status: Type.String({ description: '"Ok", or the refusal\'s EC code' }),
  message: Type.String(),
  orderNo: Type.String({ description: '"" when refused' }),
  brokerOrderId: Type.String(),
  orderStatus: Type.String(),
  clientOrderKey: Type.String({ description: 'The key the order was placed with, "" when none' }),
});
export type PlaceResult = Static<typeof PlaceResult>;

/** An order rate limit's refusal (EC970, EC971) carries when the next slot opens; so does the Retry-After header. */
export const RateRefused = Type.Object({ retryAfterMs: Type.Number() });

export const ORDER_STATUS_VALUES = [...MODIFIABLE_STATUSES, ...DETAILS_AND_REPEAT_STATUSES] as const;

/**
 * An order-book row: the spec's Order (section 3) plus Tape's token (for the feed topic),
 * cancelledQuantity (the order update carries it), orderTime (when the order was placed, ISO; each
 * change carries its own time, in the order's history and as its update's brokerUpdateTime) and
 * clientOrderKey.
 */
export const Order = Type.Object({
  brokerOrderId: Type.String(),
  orderNo: Type.String(),
  status: Type.String({ description: "The display text of the status" }),
  orderStatus: OneOf(ORDER_STATUS_VALUES),
  mainLegOrderId: Type.String({ description: "On BO/CO sub-legs: the main leg's brokerOrderId; \"\" on a main leg" }),
  exchange: Exchange(),
  instrumentId: Type.String(),
  token: Type.String(),
  tradingSymbol: Type.String(),
  quantity: Type.Number(),
  pendingQuantity: Type.Number(),
  filledQuantity: Type.Number(),
  cancelledQuantity: Type.Number(),
  price: Type.Number(),
  triggerPrice: Type.Number({ description: "Same value as slTriggerPrice; both names appear in the spec's field list" }),
  slTriggerPrice: Type.Number(),
  stopLossPrice: Type.Number(),
  targetPrice: Type.Number(),
  trailingSlAmount: Type.Number(),
  trailValue: Type.Optional(Type.Number({ description: "Issue 33: the trail of an SL or SLM order, on an order that trails; triggerPrice is where it stands now" })),
  trailUnit: Type.Optional(OneOf(TRAIL_UNITS)),
  trailJump: Type.Optional(Type.Number({ description: "The step the trigger moves in; 0 is one tick" })),
  bracket: Type.Optional(Type.String({ description: "Issue 33: on a bracket's entry, its template's name; on its legs, the leg: T1, T2, T3 or SL" })),
  disclosedQuantity: Type.Number(),
  averageTradedPrice: Type.Number(),
  marketProtection: Type.Number(),
  orderTag: Type.String(),
  algoId: Type.String(),
  orderComplexity: OneOf(ORDER_COMPLEXITIES),
  product: OneOf(PRODUCTS),
  orderType: OneOf(ORDER_TYPES),
  validity: OneOf(VALIDITIES),
  gtdValidityDate: Type.Optional(Type.String()),
  transactionType: OneOf(TRANSACTION_TYPES),
  rejectionReason: Type.String(),
  orderTime: Type.String({ description: "ISO instant the order was placed; in a history row, the instant of that change" }),
  clientOrderKey: Type.String(),
});
export type Order = Static<typeof Order>;

/** A trade-book row: the spec's Trade (filledQuantity, tradedPrice, instrumentId) plus Tape's fields. */
export const Trade = Type.Object({
  tradeId: Type.String(),
  brokerOrderId: Type.String(),
  orderNo: Type.String(),
  exchange: Exchange(),
  instrumentId: Type.String(),
  token: Type.String(),
  tradingSymbol: Type.String(),
  transactionType: OneOf(TRANSACTION_TYPES),
  product: OneOf(PRODUCTS),
  orderType: OneOf(ORDER_TYPES),
  orderComplexity: OneOf(ORDER_COMPLEXITIES),
  filledQuantity: Type.Number(),
  tradedPrice: Type.Number(),
  tradeTime: Type.String({ description: "ISO instant" }),
  charges: Type.Number({ description: "Charges of this fill (brokerage, taxes and fees), debited from funds" }),
});
export type Trade = Static<typeof Trade>;

const orderId = Type.String({ description: "The order's orderNo (its brokerOrderId)" });

export const placeOrder = defineCall({
  method: "POST",
  service: "core",
  path: "v2/orders/",
  tag: "orders",
  summary: "Places one order, or a list of them",
  description:
    "result[] has one result per order, in order; the envelope is \"Ok\" when every order was accepted, else the first refusal's code. " +
    "The order rate limits (ORDER_RATE_LIMIT) refuse with EC970, result[0].retryAfterMs and a Retry-After header.",
  body: Type.Union([OrderBody, Type.Array(OrderBody, { minItems: 1, maxItems: MAX_ORDERS_PER_REQUEST })], {
    ...refused("EC900", undefined, { maxItems: tooMany }),
    description: `One order, or at most ${MAX_ORDERS_PER_REQUEST} (EC958)`,
  }),
  answer: Envelope(Type.Union([PlaceResult, RateRefused])),
});

/** The same call without the trailing slash. */
export const placeOrderNoSlash = defineCall({ ...placeOrder, path: "v2/orders", summary: "Places one order, or a list of them (v2/orders/ without its slash)" });

const orderChanged = Envelope(Type.Union([Type.Object({ orderNo: Type.String(), orderStatus: Type.String() }), RateRefused]));

export const modifyOrder = defineCall({
  method: "PUT",
  service: "core",
  path: "v2/orders/:orderNo",
  tag: "orders",
  summary: "Modifies a working order: the fields sent; the rest keep their value",
  params: Type.Object({ orderNo: orderId }),
  body: ModifyBody,
  answer: orderChanged,
});

/** The cancel calls' body: accepted, not needed. */
const CancelBody = Type.Object({ deviceId: Type.Optional(Type.String()), userAgent: Type.Optional(Type.String()) });

export const cancelOrder = defineCall({
  method: "DELETE",
  service: "core",
  path: "v2/orders/:id",
  tag: "orders",
  summary: "Cancels a working order",
  params: Type.Object({ id: orderId }),
  body: CancelBody,
  answer: orderChanged,
});

export const cancelAllOrders = defineCall({
  method: "DELETE",
  service: "core",
  path: "v2/orders/cancelAll",
  tag: "orders",
  summary: "Cancels every working order (EC938 when there is none)",
  body: CancelBody,
  answer: Envelope(Type.Union([Type.Object({ orderNo: Type.String() }), RateRefused])),
});

export const WindowBudget = Type.Object({
  unit: OneOf(["s", "min", "day"]),
  limit: Type.Number(),
  left: Type.Number(),
  nextSlotMs: Type.Number({ description: "0 when a slot is free now" }),
});

export const RateBudget = Type.Object({
  enabled: Type.Boolean({ description: "False when the broker runs with ORDER_RATE_LIMIT=off" }),
  windows: Type.Array(WindowBudget),
  sentAgoMs: Type.Array(Type.Number(), { description: "How long ago each counted send was, so a client can pace itself" }),
});
export type RateBudget = Static<typeof RateBudget>;

export const rateBudget = defineCall({
  method: "POST",
  service: "core",
  path: "v2/orders/rateBudget",
  tag: "orders",
  summary: "The user's order rate budget (Tape's, issue 19)",
  body: NoBody,
  answer: Envelope(RateBudget),
});

export const orderBook = defineCall({
  method: "POST",
  service: "core",
  path: "v2/orders/book",
  tag: "orders",
  summary: "Today's orders and every still-working order, newest first (EC916 when none)",
  body: NoBody,
  answer: Envelope(Order),
});

export const tradeBook = defineCall({
  method: "POST",
  service: "core",
  path: "v2/orders/trades",
  tag: "orders",
  summary: "Today's trades, newest first",
  body: NoBody,
  answer: Envelope(Trade),
});

export const orderHistory = defineCall({
  method: "POST",
  service: "core",
  path: "v2/orders/:id",
  tag: "orders",
  summary: "An order's history: its row after each change, oldest first (EC941 for an order not the user's)",
  params: Type.Object({ id: orderId }),
  body: NoBody,
  answer: Envelope(Order),
});

/**
 * "The margin-check payload has: exchange, instrumentId, transactionType, quantity, product, orderComplexity, orderType, price, validity, marketProtection, slTriggerPrice."
 * Tape adds `orderNo` for a modify's check: checked as a new order, a modify counted its own order's
 * claim on the holding and its held margin against itself (a resting sale of every share held read EC949).
 */
export const MarginCheckBody = Type.Object(
  {
    ...OrderBody.properties,
    orderNo: text(
      "orderNo",
      "A modify's check: the working order the modify changes. Its own claim on the holding and the margin it holds are left out, as the modify leaves them out; " +
        "quantity is the order's new quantity, of which what has filled is not traded again. An order number that is not a working order of the user is refused (EC941).",
    ),
  },
  refused("EC900"),
);
export type MarginCheckBody = Static<typeof MarginCheckBody>;

export const ChargesBreakdown = Type.Object({
  turnover: Type.Number(),
  brokerage: Type.Number(),
  stt: Type.Number(),
  exchangeTransactionCharges: Type.Number(),
  sebiFees: Type.Number(),
  stampDuty: Type.Number(),
  gst: Type.Number(),
  total: Type.Number(),
});
export type ChargesBreakdown = Static<typeof ChargesBreakdown>;

/** The margin an order blocks, split as the funds limits show it (src/core/rules/margin.ts). */
const MarginSplit = {
  span: Type.Number(),
  exposure: Type.Number(),
  premium: Type.Number(),
  cash: Type.Number(),
  total: Type.Number(),
};

/** The pre-order margin answer (the spec's "margin result", shape not shown). */
export const PreOrderMargin = Type.Object({
  ...MarginSplit,
  requiredMargin: Type.Number({ description: "What the order would block" }),
  currentOrderMargin: Type.Number({ description: "What it adds after netting with the open position of the same product (an exit adds nothing); for a modify (orderNo), what the order would hold on its new terms" }),
  basis: Type.String({ description: "Why the margin is what it is: the margin table's row and rate; for an order placing would refuse, why" }),
  refusedWith: Type.Optional(Type.String({ description: "The error code placing this order (or, with orderNo, the modify) would be refused with, known before it is sent (EC949: a sale beyond the holding)" })),
  availableMargin: Type.Number({ description: "The trading limit now; for a modify (orderNo), plus the margin the order holds now, which the modify releases" }),
  shortfall: Type.Number({ description: "What is missing; 0 when it fits" }),
  priceUsed: Type.Number({ description: "The order's price, its trigger, or the last price for MARKET" }),
  charges: ChargesBreakdown,
});
export type PreOrderMargin = Static<typeof PreOrderMargin>;

export const preOrderMargin = defineCall({
  method: "POST",
  service: "core",
  path: "v2/preordermargin",
  tag: "orders",
  summary: "The margin and charges of an order before placing it",
  description: "Checked as an order is (its codes), but without the bracket legs, which the margin payload does not carry.",
  body: MarginCheckBody,
  answer: Envelope(PreOrderMargin),
});

export const SpanLegBody = Type.Object({
  exchange: Exchange(refused("EC901")),
  instrumentId: Type.Union([Text(), Type.Number()], refused("EC902")),
  transactionType: OneOf(TRANSACTION_TYPES, refused("EC929")),
  quantity: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: "^\\s*0*[1-9]\\d{0,14}\\s*$" })], refused("EC903")),
});
export type SpanLegBody = Static<typeof SpanLegBody>;

export const SpanLeg = Type.Object({
  exchange: Exchange(),
  instrumentId: Type.String(),
  transactionType: OneOf(TRANSACTION_TYPES),
  quantity: Type.Number(),
  span: Type.Number(),
  exposure: Type.Number(),
  total: Type.Number(),
});

export const SpanAnswer = Type.Object({
  span: Type.Number(),
  exposure: Type.Number(),
  totalMargin: Type.Number(),
  legs: Type.Array(SpanLeg),
});
export type SpanAnswer = Static<typeof SpanAnswer>;

export const spanExposure = defineCall({
  method: "POST",
  service: "span",
  path: "spanexposure",
  tag: "orders",
  summary: "SPAN and exposure of a list of legs, per leg and in total, at the last price (no hedge benefit is modelled)",
  body: Type.Array(SpanLegBody, { minItems: 1, maxItems: MAX_ORDERS_PER_REQUEST, ...refused("EC900", undefined, { maxItems: tooMany }) }),
  answer: Envelope(SpanAnswer),
});
