import { defineCall } from "./call";
import { Envelope, Exchange, OneOf, Refused, refused, Type, type Static } from "./schema";

/**
 * The paper broker's /dev routes (paper mode only, loopback only: server/dev/index.ts). They are
 * not the broker's contract: they let tests and the e2e suite set the scene.
 */

export const devSession = defineCall({
  method: "POST",
  service: "",
  path: "dev/session",
  tag: "dev",
  summary: "Signs a demo user in without the login flow (only with DEV_SESSION=1, the test harness)",
  body: Type.Object({ userId: Type.String() }, refused("EC016", "Invalid userId")),
  answer: Envelope(Type.Object({ accessToken: Type.String(), authToken: Type.String(), clientCode: Type.String(), clientName: Type.String() })),
});

export const devPrice = defineCall({
  method: "POST",
  service: "",
  path: "dev/price",
  tag: "dev",
  summary: "Forces an instrument's last price (rounded to its tick, kept inside its circuits); EC902 for an unknown instrument",
  body: Type.Object({ exchange: Exchange(), token: Type.Number(), price: Type.Number() }, refused("EC900", "exchange, token (number) and price (number) are required")),
  answer: Envelope(Type.Object({ exchange: Exchange(), token: Type.Number(), ltp: Type.Number() })),
});

export const OutboxEntry = Type.Object({
  userId: Type.String(),
  channel: OneOf(["SMS", "EMAIL"]),
  code: Type.String(),
  text: Type.String(),
  at: Type.String({ description: "ISO instant" }),
});
export type OutboxEntry = Static<typeof OutboxEntry>;

export const devOutbox = defineCall({
  method: "GET",
  service: "",
  path: "dev/outbox",
  tag: "dev",
  summary: "The one-time codes 'sent' to a user, newest first (DESIGN.md section 5): a plain array, not the envelope",
  querystring: Type.Object({ userId: Type.String({ minLength: 1, pattern: "\\S" }) }, refused("EC400", "Bad request: userId is required")),
  answer: Type.Union([Type.Array(OutboxEntry), Refused]),
});
