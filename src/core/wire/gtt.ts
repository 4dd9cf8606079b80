import { GTT_STATUSES, GTT_TRIGGER_TYPES } from "../types/gtt";
import { TRAIL_UNITS } from "../types/order";
import { defineCall, type WireCall } from "./call";
import { Envelope, NumberOrText, OneOf, refused, Text, Type, WrapperHead, type Static, type TSchema } from "./schema";

/**
 * The GTT calls of trading-core section 7 under /wrapper, each the wrapper's { head, body }. A GTT
 * answer is the envelope with result[0].body: status 0 and Msg "Success", or status 1 and a Msg the
 * client shows in its danger toast; a request its schema refuses answers that way too, with the
 * Msg its part names. The JWTToken is listed first: it is checked before anything else.
 */

/** The GTT list's request code (trading-core section 7; access-and-surroundings section 8). */
export const GTT_LIST_REQUEST_CODE = "IIFLMarRQGetGTTOBList";

/** A GTT refusal is its Msg (the code is the envelope's EC900, never shown: the envelope itself is "Ok"). */
const msg = (Msg: string) => refused("EC900", Msg);
const jwt = Text({ ...msg("JWTToken is required"), description: "The JwtToken of GET v2/comm-util/formtoken/get" });

/** One leg: the price that triggers it and the limit price of the order it then places. */
const leg = (name: "Leg1" | "Leg2") =>
  Type.Object(
    {
      EntryPrice: NumberOrText({ ...msg(`${name} prices must be numbers`), description: "The limit price of the order it places" }),
      TriggerPrice: NumberOrText({ ...msg(`${name} prices must be numbers`), description: "The price that fires it" }),
    },
    msg(`${name} is missing`),
  );

const constant = (value: string, name: string) => Type.Union([Type.Literal(value), Type.Literal(Number(value))], msg(`${name} must be "${value}"`));

/**
 * POST order/placeordergtt and order/modifyordergtt (section 3, "GTT place payload"): RequestType
 * "P" places and "M" modifies. ExchType is Tape's addition (Exchange alone cannot tell NSE cash from
 * NSE F&O). Leg1 is the SINGLE trigger or the OCO target, Leg2 the OCO stop-loss (zeros for SINGLE).
 */
function placeFields<const R extends "P" | "M">(requestType: R) {
  return {
    JWTToken: jwt,
    RequestType: Type.Literal(requestType, msg(`RequestType must be ${requestType}`)),
    Exchange: Type.String({ ...msg("Invalid Exchange"), description: "Exch letter: N, B, M, X" }),
    ExchType: Type.String({ ...msg("Invalid Exchange"), description: "ExchType letter: C, D, U, Y" }),
    GTTBuySell: OneOf(["B", "S"], msg("GTTBuySell must be B or S")),
    TriggerType: OneOf(GTT_TRIGGER_TYPES, msg("TriggerType must be SINGLE or OCO")),
    ScripCode: Type.Union([Text(), Type.Number()], { ...msg("ScripCode is missing"), description: "The instrument's token" }),
    Qty: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: "^\\s*0*[1-9]\\d{0,14}\\s*$" })], msg("Qty must be a positive whole number")),
    Leg1: leg("Leg1"),
    Leg2: Type.Optional(leg("Leg2")),
    NestOrderID: constant("0", "NestOrderID"),
    PublicIP: Type.String(msg("PublicIP is missing")),
    AppSource: constant("5", "AppSource"),
    DeviceID: Text(msg("DeviceID is missing")),
    GTTProduct: Type.Literal("D", msg('GTTProduct must be "D"')),
    // Tape's addition (issue 33): a trail on the GTT's stop leg (src/core/rules/gttTrail.ts); absent or 0 for none.
    TrailValue: Type.Optional(NumberOrText({ ...msg("TrailValue must be a number"), description: "The stop leg's trail, in points or a percent of the price (EC733 on a leg that is not a stop, EC734 a bad trail)" })),
    TrailUnit: Type.Optional(OneOf(TRAIL_UNITS, msg("TrailUnit must be POINTS or PERCENT"))),
    TrailJump: Type.Optional(NumberOrText({ ...msg("TrailJump must be a number"), description: "The step the trigger moves in; 0 is one tick" })),
  };
}

const gttId = Type.Union([Text(), Type.Number()], msg("GTTID is missing"));

export const GttPlaceBody = Type.Object({ ...placeFields("P"), GTTID: Type.Optional(gttId) }, msg("Invalid request"));
export const GttModifyBody = Type.Object({ ...placeFields("M"), GTTID: gttId }, msg("Invalid request"));
/** A place or modify payload as sent (numbers may be text); src/core/rules/gttPayload.ts reads it. */
export type GttPlaceBody = Static<typeof GttPlaceBody> | Static<typeof GttModifyBody>;

/** POST order/cancelordergtt: RequestType "C", GTTID, PublicIP, AppSource "5", DeviceID, JWTToken. */
export const GttCancelBody = Type.Object(
  {
    JWTToken: jwt,
    RequestType: Type.Literal("C", msg('RequestType must be "C"')),
    GTTID: gttId,
    AppSource: constant("5", "AppSource"),
    DeviceID: Text(msg("DeviceID is missing")),
    PublicIP: Type.String(msg("PublicIP is missing")),
  },
  msg("Invalid request"),
);
export type GttCancelBody = Static<typeof GttCancelBody>;

/**
 * An entry of order/getorderlist Data (trading-core section 3, "GTT entry"). Price1/Price2 are the
 * trigger prices and EntryPrice1/EntryPrice2 the limits, as TriggerPrice and EntryPrice are in the
 * place payload's legs (src/core/types/gtt.ts says why).
 */
export const GttEntry = Type.Object({
  GTTID: Type.String(),
  Exch: Type.String(),
  ExchType: Type.String(),
  ScripCode: Type.String(),
  Qty: Type.Number(),
  TriggerType: OneOf(GTT_TRIGGER_TYPES),
  GTTProduct: Type.Literal("D"),
  GTTBuySell: OneOf(["B", "S"]),
  EntryPrice1: Type.Number(),
  Price1: Type.Number(),
  EntryPrice2: Type.Number(),
  Price2: Type.Number(),
  // Tape's additions (the spec's entry names none; a broker without them shows "--"): where the GTT
  // stands, when it was placed and when it lapses untriggered, as UTC instants (ISO 8601).
  Status: Type.Optional(OneOf(GTT_STATUSES)),
  CreatedAt: Type.Optional(Type.String()),
  ExpiresAt: Type.Optional(Type.String()),
  // Issue 33: the stop leg's trail, when it has one (its trigger, Price1 or Price2, is where the trail has moved it).
  TrailValue: Type.Optional(Type.Number()),
  TrailUnit: Type.Optional(OneOf(TRAIL_UNITS)),
  TrailJump: Type.Optional(Type.Number()),
  // FINDINGS-26 s4 (the spec is silent; Tape's names): once fired, its leg (1 the SINGLE or OCO target, 2 the OCO stop-loss), the last price that fired it, the order it placed, or why that was refused.
  TriggeredLeg: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  TriggeredPrice: Type.Optional(Type.Number()),
  OrderNo: Type.Optional(Type.String()),
  FailedReason: Type.Optional(Type.String()),
});
export type GttEntry = Static<typeof GttEntry>;

/** result[0].body: whether the GTT call itself succeeded (status 0, Msg "Success"), or why not (status 1). */
export const GttAnswerBody = Type.Object({
  status: Type.Number({ description: "0 success, 1 refused" }),
  Msg: Type.String(),
  GTTID: Type.Optional(Type.String()),
  Data: Type.Optional(Type.Array(GttEntry)),
});
export type GttAnswerBody = Static<typeof GttAnswerBody>;

const GttAnswer = Envelope(Type.Object({ body: GttAnswerBody }));

/** A GTT call: the wrapper's { head, body }; a request that is not one answers "The request needs a head and a body". */
function gttCall<const P extends string, const H extends TSchema, const B extends TSchema>(path: P, summary: string, head: H, body: B) {
  return defineCall({
    method: "POST",
    service: "wrapper",
    path,
    tag: "gtt",
    summary,
    body: Type.Object({ head, body }, msg("The request needs a head and a body")),
    answer: GttAnswer,
    refusal: "gttBody",
  }) satisfies WireCall;
}

export const formToken = defineCall({
  method: "GET",
  service: "wrapper",
  path: "v2/comm-util/formtoken/get",
  tag: "gtt",
  summary: "The form token (JwtToken) every GTT call carries as JWTToken",
  answer: Envelope(Type.Object({ JwtToken: Type.String() })),
});

export const gttList = gttCall(
  "order/getorderlist",
  "The active GTTs: result[0].body.Data",
  Type.Object({ ...WrapperHead.properties, requestCode: Type.Literal(GTT_LIST_REQUEST_CODE, msg(`requestCode must be ${GTT_LIST_REQUEST_CODE}`)) }, msg("The request needs a head and a body")),
  Type.Object({ JWTToken: jwt }, msg("The request needs a head and a body")),
);
export const placeGtt = gttCall("order/placeordergtt", "Places a GTT: result[0].body.GTTID", WrapperHead, GttPlaceBody);
export const modifyGtt = gttCall("order/modifyordergtt", "Modifies an active GTT (not its instrument)", WrapperHead, GttModifyBody);
export const cancelGtt = gttCall("order/cancelordergtt", "Cancels an active GTT", WrapperHead, GttCancelBody);
