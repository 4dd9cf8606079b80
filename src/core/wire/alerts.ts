import { ERROR_CATALOGUE } from "../errors";
import { ALERT_CONDITIONS } from "../rules/alerts";
import { SIP_FREQUENCIES } from "../rules/sip";
import { ORDER_TYPES, PRODUCTS, TRANSACTION_TYPES } from "../types/order";
import { defineCall } from "./call";
import { Envelope, Exchange, NumberOrText, OneOf, refused, Type, WholeOrText, type Static } from "./schema";

/**
 * Price alerts and SIPs under /core/v2 (Tape's paths; the spec names their dialogs, not their
 * calls): POST creates, GET lists the user's, DELETE /:id cancels an active one.
 */

const unknownInstrument = refused("EC902");
const badAlert = (detail: string) => refused("EC990", `${ERROR_CATALOGUE.EC990}: ${detail}`);

const badOrder = (detail: string) => refused("EC732", `${ERROR_CATALOGUE.EC732}: ${detail}`);

/** The one order an alert places when it fires (issue 33): a basket leg's fields, resolved by the app from the line typed. */
export const AlertOrderLeg = Type.Object(
  {
    exchange: Exchange(badOrder("exchange")),
    token: Type.Integer({ ...badOrder("token must be a whole number"), minimum: 1 }),
    tradingSymbol: Type.String(badOrder("tradingSymbol")),
    transType: OneOf(TRANSACTION_TYPES, badOrder("transType is BUY or SELL")),
    qty: Type.Integer({ ...badOrder("qty must be a whole number above 0"), minimum: 1 }),
    product: OneOf(PRODUCTS, badOrder("product")),
    orderType: OneOf(ORDER_TYPES, badOrder("orderType is LIMIT, MARKET, SL or SLM")),
    price: Type.Number({ ...badOrder("price must be a number"), minimum: 0 }),
    trigger: Type.Number({ ...badOrder("trigger must be a number"), minimum: 0 }),
    line: Type.String({ ...badOrder("line"), maxLength: 200, description: "The order line as typed, shown on the alert" }),
  },
  { ...badOrder("the order is not a plain order line"), description: "Placed once when the alert fires, under the key ato-<alertId> (EC732 when it is not an order the broker would take as a plain DAY order)" },
);

/** What an alert waits for and what it places: the terms a create sets and a modify replaces. */
const alertTerms = {
  condition: OneOf(ALERT_CONDITIONS, {
    ...badAlert(`condition is one of ${ALERT_CONDITIONS.join(", ")}`),
    description:
      "ABOVE or BELOW a price; CHANGE of at least a percentage from the previous close, either way; CHANGE_ABOVE or CHANGE_BELOW a signed percentage; DAY_HIGH or DAY_LOW: crosses the day's high or low as it stands when the alert is made; VOLUME_ABOVE a day's volume; OI_ABOVE an open interest (a future or an option only, EC730) (src/core/rules/alertCondition.ts)",
  }),
  value: Type.Optional(
    NumberOrText({ ...badAlert("value must be a number"), description: "A price for ABOVE and BELOW; a percentage (below 100) for CHANGE, above 0; a signed percentage for CHANGE_ABOVE and CHANGE_BELOW; a whole quantity for VOLUME_ABOVE and OI_ABOVE. Left out for DAY_HIGH and DAY_LOW: the broker takes the day's high or low (EC731 when there is none yet)" }),
  ),
  thenOrder: Type.Optional(AlertOrderLeg),
  thenBasketId: Type.Optional(WholeOrText({ ...refused("EC714", `${ERROR_CATALOGUE.EC714}: thenBasketId must be a basket id`), description: "Alert triggers orders (issue 33): the user's basket placed once when the alert fires (EC714 when it is not theirs)" })),
};

/** An alert to create: one instrument, one condition, fires once (src/core/rules/alerts.ts). */
export const AlertBody = Type.Object({
  exchange: Exchange(unknownInstrument),
  token: WholeOrText(unknownInstrument),
  ...alertTerms,
});
export type AlertBody = Static<typeof AlertBody>;

/**
 * An active alert's new terms: its condition and value, and what it places; the
 * instrument stays. The terms are replaced whole: a link left out is removed.
 */
export const AlertModifyBody = Type.Object(alertTerms);
export type AlertModifyBody = Static<typeof AlertModifyBody>;

export const Alert = Type.Object({
  alertId: Type.Number(),
  exchange: Exchange(),
  token: Type.Number(),
  condition: OneOf(ALERT_CONDITIONS),
  value: Type.Number(),
  tradingSymbol: Type.String(),
  status: OneOf(["ACTIVE", "TRIGGERED", "CANCELLED"]),
  createdAt: Type.String({ description: "ISO instant" }),
  triggeredAt: Type.Union([Type.String(), Type.Null()]),
  triggeredPrice: Type.Union([Type.Number(), Type.Null()], { description: "The last price that fired it" }),
  thenBasketId: Type.Union([Type.Number(), Type.Null()], { description: "The basket it places when it fires (issue 33), null for none" }),
  thenOrder: Type.Union([AlertOrderLeg, Type.Null()], { description: "The one order it places when it fires (issue 33), null for none" }),
  ordersNote: Type.String({ description: 'What its basket\'s orders became when it fired: "" before, or none linked' }),
});
export type Alert = Static<typeof Alert>;

export const alerts = defineCall({ method: "GET", service: "core", path: "v2/alerts", tag: "alerts", summary: "The user's active and recently fired alerts", answer: Envelope(Alert) });

export const createAlert = defineCall({
  method: "POST",
  service: "core",
  path: "v2/alerts",
  tag: "alerts",
  summary: "Creates a price alert (EC902 for an unknown instrument, EC990 for a bad condition or value, or past 100 active alerts; EC730 an OI alert without open interest; EC731 no day's high or low yet; EC732 a bad order line; EC714 a basket not the user's)",
  body: AlertBody,
  answer: Envelope(Alert),
});

export const modifyAlert = defineCall({
  method: "PUT",
  service: "core",
  path: "v2/alerts/:alertId",
  tag: "alerts",
  summary:
    "Modifies an active alert's condition, value and linked basket or order line, checked as a create is (EC978 when there is none of the user's; EC735 when it has fired or was cancelled; EC990, EC730, EC731, EC732, EC714 as for a create)",
  params: Type.Object({ alertId: WholeOrText(refused("EC978")) }),
  body: AlertModifyBody,
  answer: Envelope(Alert),
});

export const cancelAlert = defineCall({
  method: "DELETE",
  service: "core",
  path: "v2/alerts/:alertId",
  tag: "alerts",
  summary: "Cancels an active alert (EC978 when there is none)",
  params: Type.Object({ alertId: WholeOrText(refused("EC978")) }),
  answer: Envelope(Type.Object({ alertId: Type.Number() })),
});

const badSip = (detail: string) => refused("EC991", `${ERROR_CATALOGUE.EC991}: ${detail}`);

/** A SIP to create: a quantity or an amount per instalment, a frequency, a first date and a count (src/core/rules/sip.ts). */
export const SipBody = Type.Object({
  exchange: Exchange(unknownInstrument),
  token: WholeOrText(unknownInstrument),
  quantity: Type.Optional(NumberOrText({ ...badSip("quantity must be a number"), description: "Shares per instalment; or give amount" })),
  amount: Type.Optional(NumberOrText({ ...badSip("amount must be a number"), description: "Rupees per instalment; or give quantity" })),
  frequency: OneOf(SIP_FREQUENCIES, badSip("frequency is DAILY, WEEKLY or MONTHLY")),
  startDate: Type.String({ ...badSip("startDate must be YYYY-MM-DD"), description: "The first instalment's date, YYYY-MM-DD" }),
  count: NumberOrText({ ...badSip("count must be a number"), description: "How many instalments (at most 120)" }),
});
export type SipBody = Static<typeof SipBody>;

export const Sip = Type.Object({
  sipId: Type.Number(),
  exchange: Exchange(),
  token: Type.Number(),
  quantity: Type.Number(),
  amount: Type.Number(),
  frequency: OneOf(SIP_FREQUENCIES),
  startDate: Type.String(),
  count: Type.Number(),
  tradingSymbol: Type.String(),
  status: OneOf(["ACTIVE", "COMPLETED", "CANCELLED"]),
  done: Type.Number({ description: "Instalments placed (or skipped) so far" }),
  nextDate: Type.String({ description: 'The next instalment\'s date; "" once none is left' }),
  createdAt: Type.String(),
  lastResult: Type.String({ description: "What became of the last instalment: an order number, or why none was placed" }),
});
export type Sip = Static<typeof Sip>;

/** EC876 ("opens the beta-access dialog") names the beta feature the account is not let into yet. */
export const BetaRefused = Type.Object({ feature: Type.String() });

export const sips = defineCall({ method: "GET", service: "core", path: "v2/sips", tag: "sips", summary: "The user's SIPs: active, completed, and those cancelled today (marked CANCELLED)", answer: Envelope(Sip) });

export const createSip = defineCall({
  method: "POST",
  service: "core",
  path: "v2/sips",
  tag: "sips",
  summary: "Creates a SIP (a beta feature: an account BETA_LOCKED out of sip gets EC876)",
  body: SipBody,
  answer: Envelope(Type.Union([Sip, BetaRefused])),
});

export const cancelSip = defineCall({
  method: "DELETE",
  service: "core",
  path: "v2/sips/:sipId",
  tag: "sips",
  summary: "Cancels a SIP (EC979 when there is none)",
  params: Type.Object({ sipId: WholeOrText(refused("EC979")) }),
  answer: Envelope(Type.Object({ sipId: Type.Number() })),
});
