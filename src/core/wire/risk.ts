import { ERROR_CATALOGUE } from "../errors";
import { MAX_COOLING_OFF_HOURS, SEGMENTS } from "../rules/killSwitch";
import { defineCall } from "./call";
import { Envelope, NoBody, OneOf, refused, Type, WholeOrText, type Static } from "./schema";

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
