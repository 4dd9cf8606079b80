import { ERROR_CATALOGUE } from "../errors";
import { MAX_COOLING_OFF_HOURS, SEGMENTS } from "../rules/killSwitch";
import { LIMIT_NAMES } from "../rules/lossLimits";
import { defineCall } from "./call";
import { AmountOrText, Envelope, NoBody, OneOf, refused, Type, WholeOrText, type Static } from "./schema";

/**
 * The risk desk (issue 33): Tape's own calls under /core/v2/risk. The kill switch of a segment
 * (src/core/rules/killSwitch.ts) is turned on here and lifts by itself; there is no call to turn it off.
 */

const [firstSegment, ...otherSegments] = SEGMENTS;
const SEGMENT_VALUES = [firstSegment!, ...otherSegments] as const;
const badSwitch = (detail: string) => refused("EC711", `${ERROR_CATALOGUE.EC711}: ${detail}`);

export const KillSwitchRow = Type.Object({
  segment: OneOf(SEGMENT_VALUES),
  on: Type.Boolean({ description: "On at the broker's clock now" }),
  onAt: Type.Union([Type.String(), Type.Null()], { description: "ISO instant it was last turned on; null when never" }),
  until: Type.Union([Type.String(), Type.Null()], { description: "ISO instant the cooling-off period ends (it lifts by itself then)" }),
  reason: OneOf(["user", "loss limit", ""], { description: '"user", "loss limit" (a daily limit tripped), "" when never on' }),
  cancelled: Type.Array(Type.String(), { description: "Orders this call cancelled (empty when listing)" }),
});
export type KillSwitchRow = Static<typeof KillSwitchRow>;

export const killSwitches = defineCall({
  method: "POST",
  service: "core",
  path: "v2/risk/killswitch",
  tag: "risk",
  summary: "The user's kill switch of each segment (equity, derivatives, currency, commodity)",
  body: NoBody,
  answer: Envelope(KillSwitchRow),
});

export const turnOnKillSwitch = defineCall({
  method: "POST",
  service: "core",
  path: "v2/risk/killswitch/on",
  tag: "risk",
  summary: "Turns a segment's kill switch on: cancels its open orders, refuses new ones (EC710) until the cooling-off period has passed (EC711 for a bad segment or period)",
  description: "Turning it on again only lengthens it; it cannot be turned off early. BO/CO legs stay working: they only close a position.",
  body: Type.Object({
    segment: OneOf(SEGMENT_VALUES, badSwitch("segment is equity, derivatives, currency or commodity")),
    hours: Type.Optional(WholeOrText({ ...badSwitch(`the cooling-off period is a whole number of hours from 1 to ${MAX_COOLING_OFF_HOURS}`), description: "Cooling-off period in hours, 12 when left out" })),
  }),
  answer: Envelope(KillSwitchRow),
});

const badLimits = (detail: string) => refused("EC713", `${ERROR_CATALOGUE.EC713}: ${detail}`);

/** One limit's distance from tripping (src/core/rules/lossLimits.ts headroom). */
export const LimitHeadroom = Type.Object({
  name: OneOf(LIMIT_NAMES),
  limit: Type.Number({ description: "0: no limit" }),
  used: Type.Number({ description: "The day's loss in rupees, orders placed, or the open positions' value in rupees" }),
  left: Type.Number({ description: "What is left before it trips (0 without a limit)" }),
});

export const LimitsRow = Type.Object({
  maxLoss: Type.Number({ description: "Rupees; 0: no limit" }),
  maxOrders: Type.Number({ description: "0: no limit" }),
  maxPositionValue: Type.Number({ description: "Rupees; 0: no limit" }),
  squareOff: Type.Boolean({ description: "Square off the positions when a limit trips" }),
  day: Type.String({ description: "The broker's IST date, YYYY-MM-DD" }),
  dayPnl: Type.Number({ description: "The day's P&L (realised plus unrealised) from the day's start: today's trades from their prices, carried positions from the previous close; once a limit has tripped, the figure it tripped at" }),
  tripped: OneOf([...LIMIT_NAMES, ""], { description: 'The limit that tripped today, "" when none' }),
  trippedAt: Type.String({ description: 'ISO instant, "" when not tripped today' }),
  trippedText: Type.String(),
  headroom: Type.Array(LimitHeadroom, { description: "Once a limit has tripped, at the figures it tripped at (the trip's sentence says the same amount)" }),
  openOrders: Type.Number({ description: "Open orders a trip would cancel now (BO/CO legs stay)" }),
});
export type LimitsRow = Static<typeof LimitsRow>;

export const lossLimits = defineCall({
  method: "POST",
  service: "core",
  path: "v2/risk/limits",
  tag: "risk",
  summary: "The user's daily loss limits, the day's figures and how far each limit is from tripping",
  body: NoBody,
  answer: Envelope(LimitsRow),
});

const limitField = (what: string) => Type.Optional(AmountOrText({ ...badLimits(`${what} must be a number`), description: `${what}; 0 or left out: no limit` }));

export const setLossLimits = defineCall({
  method: "POST",
  service: "core",
  path: "v2/risk/limits/set",
  tag: "risk",
  summary: "Sets the daily loss limits (EC713 when one is not a positive number); answers them as /limits does",
  description: "A limit reached trips once a day: open orders cancelled, every segment's kill switch on until midnight IST, positions squared off when squareOff is true, a message on the order topic. The order beyond maxOrders is refused with EC712.",
  body: Type.Object({
    maxLoss: limitField("maximum loss in rupees"),
    maxOrders: limitField("maximum number of orders a day"),
    maxPositionValue: limitField("maximum position value in rupees"),
    squareOff: Type.Optional(Type.Boolean()),
  }),
  answer: Envelope(LimitsRow),
});
