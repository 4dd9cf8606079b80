import { TRANSACTION_TYPES } from "../types/order";
import { defineCall } from "./call";
import { AmountOrText, Envelope, Exchange, NoBody, OneOf, refused, Text, Type, WholeOrText, type Static } from "./schema";

/**
 * Saved strategies of the options desk (issue 31), per user, Tape's own calls under /core:
 * list, save by name (replacing a strategy of that name), delete by name. Another user's
 * strategies are never seen: every call acts on the session's own.
 */

export const SavedStrategyLeg = Type.Object({
  exchange: Exchange(),
  token: Type.Number(),
  tradingSymbol: Type.String({ description: "The contract's trading symbol (its token as text when the contract is no longer listed)" }),
  optionType: Type.String({ description: 'CE, PE, or "" for a future or a share' }),
  strike: Type.Number({ description: "0 for a future or a share" }),
  expiry: Type.String({ description: 'YYYY-MM-DD; "" for a share' }),
  lotSize: Type.Number(),
  side: OneOf(TRANSACTION_TYPES),
  lots: Type.Number(),
  entry: Type.Number({ description: "The entry price per unit the leg was saved with" }),
});
export type SavedStrategyLeg = Static<typeof SavedStrategyLeg>;

export const SavedStrategy = Type.Object({
  strategyId: Type.Number(),
  name: Type.String(),
  underlying: Type.String({ description: "The underlying's symbol (NIFTY)" }),
  savedAt: Type.Number({ description: "When it was last saved, epoch milliseconds" }),
  legs: Type.Array(SavedStrategyLeg),
});
export type SavedStrategy = Static<typeof SavedStrategy>;

/** A leg as saved: the contract, the side, whole lots above 0 and an entry price not below 0. */
export const NewStrategyLeg = Type.Object({
  exchange: Exchange(refused("EC902")),
  token: WholeOrText(refused("EC902")),
  side: OneOf(TRANSACTION_TYPES, refused("EC929")),
  lots: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: "^\\s*0*[1-9]\\d{0,8}\\s*$" })], refused("EC903")),
  entry: AmountOrText(refused("EC944")),
});
export type NewStrategyLeg = Static<typeof NewStrategyLeg>;

export const listStrategies = defineCall({
  method: "POST",
  service: "core",
  path: "v2/strategies",
  tag: "strategies",
  summary: "The user's saved strategies, by name, each with its legs",
  body: NoBody,
  answer: Envelope(SavedStrategy),
});

export const saveStrategy = defineCall({
  method: "POST",
  service: "core",
  path: "v2/strategies/save",
  tag: "strategies",
  summary: "Saves a strategy by name, replacing one of that name (case-blind); answers the list",
  description:
    "A name of 1 to 40 characters (EC967); at most 50 strategies (EC968) of 1 to 20 legs (EC977). A leg names a listed contract that is not an index (EC902), its side (EC929), whole lots above 0 (EC903) and an entry price not below 0 (EC944).",
  body: Type.Object({
    name: Type.String(refused("EC967")),
    underlying: Text({ ...refused("EC900"), description: "The underlying's symbol" }),
    legs: Type.Array(NewStrategyLeg, { minItems: 1, maxItems: 20, ...refused("EC977") }),
  }),
  answer: Envelope(SavedStrategy),
});

export const deleteStrategy = defineCall({
  method: "POST",
  service: "core",
  path: "v2/strategies/delete",
  tag: "strategies",
  summary: "Deletes a saved strategy by name (EC966 when the user has none of that name); answers the list",
  body: Type.Object({ name: Type.String(refused("EC966")) }),
  answer: Envelope(SavedStrategy),
});
