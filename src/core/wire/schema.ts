import Type, { type Static, type TEnum, type TSchema } from "typebox";
import { EXCHANGES } from "../types/exchange";

/**
 * The building blocks of the wire schemas (DESIGN.md section 1): every call's request and answer
 * is one TypeBox schema here in core, which the paper broker validates and serialises with, the
 * app's API clients are typed by, and the OpenAPI document at /docs is generated from.
 */
export { Type, type Static, type TSchema };

/**
 * How a request that breaks a part of its schema is refused: the code (and, where the call has
 * always said it so, the message). The nearest annotation above the failing value wins; `byKeyword`
 * gives a keyword its own code (an array over its maximum is EC958, not EC900).
 */
export interface Refusal {
  code: string;
  message?: string;
  byKeyword?: Readonly<Record<string, string | { code: string; message?: string }>>;
}

/** The schema keyword the refusal of a part travels in (an OpenAPI extension, so /docs shows it). */
export const REFUSAL = "x-refusal";

export function refused(code: string, message?: string, byKeyword?: Refusal["byKeyword"]): { [REFUSAL]: Refusal } {
  return { [REFUSAL]: { code, ...(message !== undefined ? { message } : {}), ...(byKeyword ? { byKeyword } : {}) } };
}

/** One of a fixed list of texts, as `enum` with its type (so the serialiser writes it as a string). */
export function OneOf<const T extends readonly [string, ...string[]]>(values: T, options: Record<string, unknown> = {}): TEnum<[...T]> {
  return Type.Enum<[...T]>([...values] as [...T], { type: "string", ...options });
}

export const Exchange = (options: Record<string, unknown> = {}) => OneOf(EXCHANGES, { description: "Exchange code (trading-core section 3)", ...options });

/**
 * A number a hand-written request may also send as text ("1500.05"): the broker has always read
 * both. The text must be a plain decimal, so nothing odd ("1e400", "0x10", " ") reads as a number.
 */
export const NUMBER_TEXT_PATTERN = "^\\s*-?\\d+(\\.\\d+)?\\s*$";
export const NumberOrText = (options: Record<string, unknown> = {}) =>
  Type.Union([Type.Number(), Type.String({ pattern: NUMBER_TEXT_PATTERN })], { description: "A number, or a decimal number as text", ...options });

/** A number not below 0, or such a number as text (a price, an amount). */
export const AMOUNT_TEXT_PATTERN = "^\\s*\\d+(\\.\\d+)?\\s*$";
export const AmountOrText = (options: Record<string, unknown> = {}) =>
  Type.Union([Type.Number({ minimum: 0 }), Type.String({ pattern: AMOUNT_TEXT_PATTERN })], { description: "A number not below 0, or one as text", ...options });

/** A whole number that may also come as its digits in text (a token, an id). */
export const WHOLE_TEXT_PATTERN = "^\\s*\\d{1,15}\\s*$";
export const WholeOrText = (options: Record<string, unknown> = {}) =>
  Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: WHOLE_TEXT_PATTERN })], { description: "A whole number, or its digits as text", ...options });

/** Text that says something: not empty, not only spaces. */
export const Text = (options: Record<string, unknown> = {}) => Type.String({ minLength: 1, pattern: "\\S", ...options });

/**
 * The answer envelope of DESIGN.md section 5: status "Ok" or an EC code, message "Success" or a
 * text, result always an array (business errors answer HTTP 200 with an EC status).
 */
export function Envelope<T extends TSchema>(item: T, options: Record<string, unknown> = {}) {
  return Type.Object(
    {
      status: Type.String({ description: '"Ok", or the EC code of the refusal' }),
      message: Type.String({ description: '"Success", or what went wrong' }),
      result: Type.Array(item),
    },
    options,
  );
}

/** The envelope of a refusal that carries no rows (every schema refusal, a 401, a 404). */
export const Refused = Envelope(Type.Unknown(), { description: "A refusal: an EC status, its message, result []" });

/** A call that takes nothing: an empty JSON object (or no body at all). */
export const NoBody = Type.Object({}, { description: "Nothing: an empty object, or no body" });

/** The wrapper (common-utilities) request of trading-core section 7: a head, and the call's body. */
export const WrapperHead = Type.Object(
  {
    requestCode: Type.Optional(Type.String()),
    key: Type.Optional(Type.String()),
    appVer: Type.Optional(Type.String()),
    appName: Type.Optional(Type.String()),
    osName: Type.Optional(Type.String()),
    LoginId: Type.Optional(Type.String()),
  },
  { description: "Request code, key, app version, app name, OS and login id; the user is the bearer's, never LoginId" },
);
export type WrapperHead = Static<typeof WrapperHead>;

export function WrapperRequest<B extends TSchema>(body: B, options: Record<string, unknown> = {}) {
  return Type.Object({ head: WrapperHead, body }, options);
}
