import { ERROR_CATALOGUE } from "../errors";
import { RATING_MAX, RATING_MIN } from "../rules/feedback";
import { defineCall } from "./call";
import { ChargesBreakdown } from "./orders";
import { Envelope, Exchange, NumberOrText, OneOf, refused, Text, Type, WholeOrText, WrapperHead, type Static, type TSchema } from "./schema";

/**
 * The wrapper (common-utilities) calls of trading-core section 7 that the order window and the
 * feedback dialog use. Each takes the spec's { head, body } request; the user is the bearer's,
 * never head's LoginId.
 */

const malformed = refused("EC900", `${ERROR_CATALOGUE.EC900}: the request must be { head, body }`);

/** A wrapper request whose body is `body`; a request that is not { head, body } answers EC900. */
function wrapped<B extends TSchema>(body: B) {
  return Type.Object({ head: Type.Optional(WrapperHead), body }, malformed);
}

export const MarketStatusEntry = Type.Object({
  Exch: Type.String(),
  ExchType: Type.String(),
  AMO: OneOf(["Y", "N"], { description: "Y while the exchange's session is closed (AMOs are taken then)" }),
  exchange: Exchange(),
  MarketStatus: OneOf(["Open", "Closed"]),
});
export type MarketStatusEntry = Static<typeof MarketStatusEntry>;

export const marketStatus = defineCall({
  method: "POST",
  service: "wrapper",
  path: "formtoken/getMarketStatus",
  tag: "wrapper",
  summary: "result[0].GetMarket: one entry per exchange, with Exch, ExchType and AMO",
  body: wrapped(Type.Object({})),
  answer: Envelope(Type.Object({ GetMarket: Type.Array(MarketStatusEntry) })),
});

const asmField = (description?: string) =>
  Type.Union([Text(), Type.Number()], { ...refused("EC900", `${ERROR_CATALOGUE.EC900}: Scripcode, Exch, ExchType, ClientResponse and MsgContent are required`), ...(description ? { description } : {}) });

export const AsmGsmAnswer = Type.Object({
  Scripcode: asmField("The instrument's token"),
  Exch: asmField(),
  ExchType: asmField(),
  ClientResponse: asmField("Y or N"),
  MsgContent: asmField("The surveillance prompt the client answered"),
});
export type AsmGsmAnswer = Static<typeof AsmGsmAnswer>;

export const saveAsmGsm = defineCall({
  method: "POST",
  service: "wrapper",
  path: "formtoken/saveAsmGsm",
  tag: "wrapper",
  summary: "Records the client's answer to a surveillance (ASM/GSM) prompt",
  body: wrapped(AsmGsmAnswer),
  answer: Envelope(Type.Object({ status: Type.Number(), Msg: Type.String() })),
});

/**
 * The charges request of trading-core section 7: the exchange group, scripDetails (the token, and
 * the wrapper's Exch and ExchType letters; a full exchange code such as "NSEEQ" is accepted too)
 * and orderDetails (price, product T intraday or D delivery and carry-forward, quantity,
 * multiplier, side B or S).
 */
export const ChargesRequest = Type.Object({
  clientCode: Type.Optional(Type.String()),
  exchangeGroup: Type.Optional(OneOf(["CASH", "FNO", "CURRENCY", "COM"], { ...refused("EC900", `${ERROR_CATALOGUE.EC900}: exchangeGroup must be CASH, FNO, CURRENCY or COM and match the exchange`), description: "The spec's exchange group; must match the exchange" })),
  scripDetails: Type.Object(
    {
      scripCode: WholeOrText({ ...refused("EC902"), description: "The instrument's token" }),
      exchange: Type.String({ ...refused("EC901"), description: "Exch letter (N, B, M, X), or an exchange code" }),
      exchangeType: Type.Optional(Type.String({ description: "ExchType letter (C, D, U, Y)" })),
    },
    refused("EC900", `${ERROR_CATALOGUE.EC900}: scripDetails and orderDetails are required`),
  ),
  orderDetails: Type.Object(
    {
      orderPrice: NumberOrText({ ...refused("EC921"), description: "Above 0" }),
      product: OneOf(["T", "D"], refused("EC927", `${ERROR_CATALOGUE.EC927}: product must be T or D`)),
      qty: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: "^\\s*0*[1-9]\\d{0,14}\\s*$" })], refused("EC903")),
      multiplier: Type.Optional(NumberOrText({ description: "The contract's when not above 0" })),
      orderType: OneOf(["B", "S"], refused("EC929")),
    },
    refused("EC900", `${ERROR_CATALOGUE.EC900}: scripDetails and orderDetails are required`),
  ),
});
export type ChargesRequest = Static<typeof ChargesRequest>;

export const brokerage = defineCall({
  method: "POST",
  service: "wrapper",
  path: "formtoken/get/brokerage",
  tag: "wrapper",
  summary: "The charges of the described order: result[0].data",
  body: wrapped(ChargesRequest),
  answer: Envelope(Type.Object({ data: ChargesBreakdown })),
});

/** body { Rating, Comments } (access-and-surroundings section 7): 1 to 5 stars, comments of 1 to 500 characters once trimmed (Tape's limits). */
export const FeedbackBody = Type.Object({
  Rating: Type.Integer({ minimum: RATING_MIN, maximum: RATING_MAX, ...refused("EC975") }),
  Comments: Type.String({ ...refused("EC976"), description: "1 to 500 characters once trimmed (EC976)" }),
});
export type FeedbackBody = Static<typeof FeedbackBody>;

export const feedback = defineCall({
  method: "POST",
  service: "wrapper",
  path: "formtoken/getFeedBack",
  tag: "wrapper",
  summary: "Keeps the client's feedback",
  body: Type.Object({ head: Type.Optional(WrapperHead), body: FeedbackBody }, refused("EC900", "Malformed request: the request must be { head, body }")),
  answer: Envelope(Type.Object({ feedbackId: Type.Number() })),
});
