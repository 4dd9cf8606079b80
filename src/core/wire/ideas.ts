import { ERROR_CATALOGUE } from "../errors";
import { defineCall } from "./call";
import { Envelope, OneOf, refused, Type, type Static } from "./schema";

/**
 * Trade ideas (access-and-surroundings sections 7 and 8): POST v2/client-util/idea/details with
 * { mode: "all", filters } answers result[0].data. A query that is not that answers EC959
 * "Malformed idea filter".
 */

export const BROKER_EXCHANGES = ["N", "B", "M"] as const;
/** C equities, D derivatives, Y commodity currency, X (the spec gives X no name; Tape reads it as commodity too). */
export const BROKER_EXCHANGE_TYPES = ["C", "D", "Y", "X"] as const;
export const IDEA_HORIZONS = ["short_term", "long_term", "intraday"] as const;
/** PENDING, OPEN, or a closed value: Tape's closed values are TARGET_HIT, STOPLOSS_HIT and EXPIRED. */
export const IDEA_STATUSES = ["PENDING", "OPEN", "TARGET_HIT", "STOPLOSS_HIT", "EXPIRED"] as const;
/** The fields a filter may name. */
export const IDEA_FILTER_FIELDS = ["broker_exchange", "broker_exchange_type", "status", "closed_date", "horizon"] as const;

export const Idea = Type.Object({
  idea_id: Type.Number(),
  broker_code: Type.Number({ description: "The instrument's token in the master" }),
  broker_exchange: OneOf(BROKER_EXCHANGES),
  broker_exchange_type: OneOf(BROKER_EXCHANGE_TYPES),
  symbol: Type.String({ description: "The contract's trading symbol, for display" }),
  transaction: OneOf(["BUY", "SELL"]),
  horizon: OneOf(IDEA_HORIZONS),
  status: OneOf(IDEA_STATUSES),
  entry_price: Type.Object({ from: Type.Number(), to: Type.Number() }),
  target_price: Type.Number(),
  stoploss_price: Type.Number(),
  required_margin: Type.Number(),
  lot_size: Type.Number(),
  validity: Type.Number({ description: "The last day of the idea, yyyymmdd" }),
  closed_date: Type.Union([Type.String(), Type.Null()], { description: '"YYYY-MM-DD HH:MM:SS" IST when the idea closed; null while PENDING or OPEN' }),
});
export type Idea = Static<typeof Idea>;

const field = OneOf(IDEA_FILTER_FIELDS);
const text = Type.String({ minLength: 1, maxLength: 40 });

/**
 * A filter of the idea query. `by` orders the answer by a field (asc or desc); `equal` keeps ideas
 * whose field equals value; `in` whose field is one of values; `between` whose field lies in
 * [from, to] (strings compare as the fixed-width dates they are).
 */
export const IdeaFilter = Type.Union([
  Type.Object({ type: Type.Literal("by"), field, value: OneOf(["asc", "desc"]) }),
  Type.Object({ type: Type.Literal("equal"), field, value: text }),
  Type.Object({ type: Type.Literal("in"), field, values: Type.Array(text, { minItems: 1, maxItems: 10 }) }),
  Type.Object({ type: Type.Literal("between"), field, from: text, to: text }),
]);
export type IdeaFilter = Static<typeof IdeaFilter>;

export const IdeaQuery = Type.Object({ mode: Type.Literal("all"), filters: Type.Array(IdeaFilter, { maxItems: 20 }) }, refused("EC959", ERROR_CATALOGUE.EC959));
export type IdeaQuery = Static<typeof IdeaQuery>;

export const ideaDetails = defineCall({
  method: "POST",
  service: "core",
  path: "v2/client-util/idea/details",
  tag: "ideas",
  summary: "The ideas every filter keeps, in the order of the `by` filters: result[0].data",
  body: IdeaQuery,
  answer: Envelope(Type.Object({ data: Type.Array(Idea) })),
});
