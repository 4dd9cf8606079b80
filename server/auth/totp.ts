import { Secret, TOTP } from "otpauth";

/**
 * RFC 6238 with the authenticator-app defaults (SHA-1, 6 digits, 30 s). TOTP follows the wall
 * clock, never the simulated one, because the user's phone does.
 */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = "Tape";

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(userId: string, secretBase32: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: userId, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/**
 * The time step a code matches: the current one or one step back (a code typed as it rolled
 * over), never a future one. Returns undefined when it matches neither. A step at or before
 * `lastUsedStep` is refused so that a code is accepted once only.
 */
export function acceptedTotpStep(userId: string, secretBase32: string, token: string, nowMs: number, lastUsedStep: number | null): number | undefined {
  if (!/^\d{6}$/.test(token)) return undefined;
  const totp = totpFor(userId, secretBase32);
  const current = Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
  for (const step of [current, current - 1]) {
    if (totp.generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 }) === token) {
      return lastUsedStep !== null && step <= lastUsedStep ? undefined : step;
    }
  }
  return undefined;
}
