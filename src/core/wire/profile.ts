import { ACCOUNT_STATUSES } from "../types/contract";
import { EXCHANGES } from "../types/exchange";
import { defineCall } from "./call";
import { Envelope, Exchange, NoBody, OneOf, Type, type Static } from "./schema";

/**
 * The client's own profile and sessions (access-and-surroundings sections 2 and 7): GET profile,
 * and Settings › Security's active sessions (Tape's calls; the spec names none).
 */

export const ProfileBankAccount = Type.Object({
  bankName: Type.String(),
  accountNumber: Type.String({ description: "Masked: the last four digits shown" }),
  ifsc: Type.String(),
  accountType: OneOf(["SAVINGS", "CURRENT"]),
  isPrimary: Type.Boolean(),
});
export type ProfileBankAccount = Static<typeof ProfileBankAccount>;

export const ProfileSegment = Type.Object({ exchange: Exchange(), active: Type.Boolean({ description: "The client may trade it" }) });
export type ProfileSegment = Static<typeof ProfileSegment>;

/** GET {core}profile. The spec's fields are accountStatus and exchanges; the rest are what a broker's profile page shows, masked. */
export const ClientProfile = Type.Object({
  accountStatus: OneOf(ACCOUNT_STATUSES),
  exchanges: Type.Array(OneOf(EXCHANGES)),
  clientCode: Type.String(),
  clientName: Type.String(),
  pan: Type.String({ description: "Masked" }),
  mobile: Type.String({ description: "Masked" }),
  email: Type.String({ description: "Masked" }),
  bankAccounts: Type.Array(ProfileBankAccount),
  segments: Type.Array(ProfileSegment),
  dpId: Type.String(),
  hasNominee: Type.Boolean(),
  isTotpEnabled: Type.Boolean(),
  betaLocked: Type.Optional(Type.Array(Type.String(), { description: "Beta features the account is not let into yet: a call of one answers EC876 (issue 29: said when its form opens)" })),
});
export type ClientProfile = Static<typeof ClientProfile>;

export const profile = defineCall({
  method: "GET",
  service: "core",
  path: "profile",
  tag: "profile",
  summary: "The client's profile: account status, exchanges, and the Profile view's fields",
  answer: Envelope(ClientProfile),
});

export const ActiveSession = Type.Object({
  sessionId: Type.String({ description: "A session's public name; never its token" }),
  device: Type.String(),
  deviceId: Type.String(),
  loginTime: Type.String({ description: "ISO instant" }),
  current: Type.Boolean({ description: "The session of this call's bearer" }),
});
export type ActiveSession = Static<typeof ActiveSession>;

export const sessions = defineCall({
  method: "GET",
  service: "core",
  path: "sessions",
  tag: "profile",
  summary: "The client's live sessions, newest first",
  answer: Envelope(ActiveSession),
});

export const revokeOtherSessions = defineCall({
  method: "POST",
  service: "core",
  path: "sessions/revokeOthers",
  tag: "profile",
  summary: "Ends every other session of the client (their live feed connections close with them)",
  body: NoBody,
  answer: Envelope(Type.Object({ revoked: Type.Number({ description: "How many sessions ended" }) })),
});
