import { AUTH_CODES } from "../errors/auth";
import { defineCall, type WireCall } from "./call";
import { Envelope, OneOf, Refused, refused, Text, Type, type Static, type TSchema } from "./schema";

/**
 * The /auth calls of access-and-surroundings section 7 (and in-app change password). get/encKey
 * and client/verify are plain; every other call is encrypted (DESIGN.md section 5): its body is
 * { cEncData } and its answer { cRespEncData }, and the JSON sealed in each has its own schema
 * here (`sealed`), which the broker checks once the payload is opened. A missing or malformed
 * field answers EC400 "Bad request: <field> is required" (sealed, like every answer of the call).
 */

/** What a refused login step may carry in result[0]: when to try again, or how many tries are left. */
export const AuthRefusalRow = Type.Object({
  retryAfterSeconds: Type.Optional(Type.Number()),
  retryAt: Type.Optional(Type.String({ description: "ISO instant" })),
  attemptsLeft: Type.Optional(Type.Number()),
});

const userId = Text({ description: "Client code, mobile number, email, or PAN (with IsPANEntered)" });
const device = {
  deviceId: Type.Optional(Type.String()),
  appName: Type.Optional(Type.String()),
  osName: Type.Optional(Type.String()),
};

/** The success answer of otp/validate, topt/verify and sso/getToken: the session (DESIGN.md section 5). */
export const SignedIn = Type.Object({
  accessToken: Type.String({ description: "The bearer of /core, /wrapper, /span, /charts and the live feed" }),
  authToken: Type.String(),
  clientCode: Type.String(),
  clientName: Type.String(),
  mobile: Type.Optional(Type.String({ description: "Masked" })),
  email: Type.Optional(Type.String({ description: "Masked" })),
  vendor: Type.Optional(Type.String({ description: "The SSO vendor the login was for, when one was named" })),
});
export type SignedIn = Static<typeof SignedIn>;

export const ClientVerified = Type.Object({
  clientCode: Type.String(),
  clientName: Type.String(),
  isTotpEnabled: Type.Boolean(),
  mobile: Type.String({ description: "Masked" }),
});
export type ClientVerified = Static<typeof ClientVerified>;

export const PasswordValidated = Type.Object({
  clientCode: Type.String(),
  clientName: Type.String(),
  isTotpEnabled: Type.Boolean(),
  nextStage: OneOf(["otp", "totp"]),
});
export type PasswordValidated = Static<typeof PasswordValidated>;

export const OtpSent = Type.Object({ resendAfterSeconds: Type.Number(), otpLength: Type.Number() });
export type OtpSent = Static<typeof OtpSent>;

export const TotpScanner = Type.Object({
  secret: Type.String(),
  otpauthUri: Type.String(),
  qrCode: Type.String({ description: "The QR image as a data: URL" }),
});
export type TotpScanner = Static<typeof TotpScanner>;

/** The plain body of every encrypted call; anything unreadable answers plain EC098, one text whatever failed. */
const Sealed = Type.Object(
  { cEncData: Type.String({ description: "<kid>.<wrapped>.<iv>.<ct>.<tag> (DESIGN.md section 5)" }) },
  refused("EC098", AUTH_CODES.EC098),
);
/** The plain answer of an encrypted call: the sealed envelope, or a plain one when the call could not be read (EC098) or its bearer is bad (401). */
const SealedAnswer = Type.Union([Type.Object({ cRespEncData: Type.String({ description: "<wrapped>.<iv>.<ct>.<tag>, sealed to the caller's key" }) }), Refused]);

/** An encrypted call: POST /auth/<path>, `payload` sealed in cEncData, `row` the result rows of the envelope sealed in the answer. */
function encrypted<const P extends string, const S extends TSchema, const R extends TSchema>(path: P, summary: string, payload: S, row: R, description?: string) {
  return defineCall({
    method: "POST",
    service: "auth",
    path,
    tag: "auth",
    summary,
    description: `Encrypted: the body is { cEncData } sealing the payload below, the answer { cRespEncData } sealing the envelope.${description ? ` ${description}` : ""}`,
    body: Sealed,
    answer: SealedAnswer,
    otherAnswers: { 401: Refused },
    sealed: { payload, answer: Envelope(Type.Union([row, AuthRefusalRow])) },
  }) satisfies WireCall;
}

const NoRow = Type.Object({});

export const getEncKey = defineCall({
  method: "POST",
  service: "auth",
  path: "get/encKey",
  tag: "auth",
  summary: "Exchanges the client's public key (ceData) for the broker's (cPubKey)",
  body: Type.Object({ ceData: Type.String({ description: "RSA-2048 public key, PEM (SubjectPublicKeyInfo)" }) }),
  answer: Envelope(Type.Object({ cPubKey: Type.String({ description: "The broker's RSA-2048 public key, PEM" }) })),
});

export const verifyClient = defineCall({
  method: "POST",
  service: "auth",
  path: "client/verify",
  tag: "auth",
  summary: "The login's first stage: who the user id names, and whether TOTP is on",
  body: Type.Object({
    userId,
    osName: Type.Optional(Type.String()),
    IsPANEntered: Type.Optional(Type.Union([Type.Boolean(), Type.String()], { description: 'true, "Y" or "true" when userId is a PAN' })),
    DeviceID: Type.Optional(Type.String()),
  }),
  answer: Envelope(ClientVerified),
});

export const validatePassword = encrypted(
  "pwd/validate",
  "The password stage: result[0].nextStage is otp or totp",
  Type.Object({ userId, password: Type.String({ minLength: 1 }), versionNo: Type.Optional(Type.String()), ...device }),
  PasswordValidated,
);

export const sendOtp = encrypted("otp/send", "Sends the login OTP (only after a right password, from the same key)", Type.Object({ userId }), OtpSent);

export const validateOtp = encrypted(
  "otp/validate",
  "Signs in with the login OTP",
  Type.Object({ userId, receivedOtp: Text(), ...device, vendor: Type.Optional(Type.String()) }),
  SignedIn,
);

export const verifyTotp = encrypted(
  "topt/verify",
  "Signs in with an authenticator code",
  Type.Object({ userId, totp: Text(), ...device, vendor: Type.Optional(Type.String()) }),
  SignedIn,
);

/** The unblock and forgot-password verify calls: the OTP (as receivedOtp, or otp) and the date of birth, MMDDYYYY. */
const OtpWithDob = Type.Object({
  userId,
  receivedOtp: Type.Optional(Type.String()),
  otp: Type.Optional(Type.String({ description: "Another name for receivedOtp" })),
  dob: Text({ description: "Date of birth, MMDDYYYY (EC992 when it is not the account's)" }),
  deviceId: Type.Optional(Type.String()),
});

export const unblock = encrypted("client/unblock", "Sends the unblock OTP", Type.Object({ userId }), OtpSent);
export const verifyUnblock = encrypted("client/unblock/verify", '"Your account has been successfully unblocked!"', OtpWithDob, NoRow);
export const forgotPassword = encrypted("pwd/forgot", "Sends the forgot-password OTP", Type.Object({ userId }), OtpSent);
export const verifyForgotPassword = encrypted(
  "pwd/forgot/verify",
  "Verifies the forgot-password OTP: allows one pwd/reset within 5 minutes, from the same key and device",
  OtpWithDob,
  Type.Object({ clientCode: Type.String() }),
);
export const resetPassword = encrypted(
  "pwd/reset",
  '"Your password has been set successfully!"; ends the client\'s other sessions',
  Type.Object({ userId, password: Type.String({ minLength: 1 }), ...device }),
  NoRow,
);
export const changePassword = encrypted(
  "pwd/change",
  "In-app change password (Tape's path): the bearer's client",
  Type.Object({ oldPassword: Type.String({ minLength: 1 }), newPassword: Type.String({ minLength: 1 }), userId: Type.Optional(Type.String()) }),
  NoRow,
  "Needs the bearer; a wrong oldPassword counts as a wrong password.",
);
export const logout = encrypted("client/logout", "Revokes the bearer (401 without a valid one)", Type.Object({ userId: Type.Optional(Type.String()) }), NoRow, "Needs the bearer.");

/** Who may register TOTP: the bearer's client (userId, when named, must be theirs), or the caller who has just given the right password. */
const totpUser = { userId: Type.Optional(Type.String({ description: "Required without a bearer" })) };
export const generateScanner = encrypted("scanner/generate", "Sends the OTP that opens authenticator registration (totpGenerate)", Type.Object(totpUser), OtpSent);
export const getScanner = encrypted(
  "scanner/get",
  "The authenticator secret and its QR code, after that OTP",
  Type.Object({ ...totpUser, receivedOtp: Type.Optional(Type.String()), otp: Type.Optional(Type.String({ description: "Another name for receivedOtp" })) }),
  TotpScanner,
);
export const enableTotp = encrypted("topt/enable", '"Your TOTP Registration, is successful!": the first code from the app switches TOTP on', Type.Object({ ...totpUser, totp: Text() }), NoRow);

export const checkToken = encrypted(
  "check/token",
  "Is this token a live session of this client? (EC044 when not)",
  Type.Object({ userId, token: Text() }),
  Type.Object({ clientCode: Type.String(), clientName: Type.String(), valid: Type.Boolean() }),
);

export const ssoGetToken = encrypted(
  "sso/getToken",
  "A vendor exchanges the one-time authCode of sso/vendor/authorize for a session of the client",
  Type.Object({
    authCode: Type.Optional(Type.String()),
    authcode: Type.Optional(Type.String({ description: "Another spelling of authCode" })),
    vendor: Type.Optional(Type.String()),
    appkey: Type.Optional(Type.String({ description: "Another name for vendor" })),
  }),
  SignedIn,
);
