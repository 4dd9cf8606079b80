import { OTP_RESEND_SECONDS } from "../errors/auth.js";

/**
 * "OTP resend: the countdown is 60 s and the initial resend count is 1. On reaching zero the
 * resend count resets and the stage becomes forgotPassword. The countdown value is kept in
 * local storage as pageTimer. On a success the resend count resets to 1."
 * (access-and-surroundings section 4)
 */
export interface ResendState {
  secondsLeft: number;
  resendCount: number;
}

export const PAGE_TIMER_KEY = "pageTimer";
export const INITIAL_RESEND_COUNT = 1;

export function startResend(): ResendState {
  return { secondsLeft: OTP_RESEND_SECONDS, resendCount: INITIAL_RESEND_COUNT };
}

/** One second passes; at zero the count resets and the login goes to forgotPassword. */
export function tickResend(s: ResendState): { state: ResendState; toStage?: "forgotPassword" } {
  const secondsLeft = Math.max(0, s.secondsLeft - 1);
  if (secondsLeft === 0) return { state: { secondsLeft: 0, resendCount: INITIAL_RESEND_COUNT }, toStage: "forgotPassword" };
  return { state: { ...s, secondsLeft } };
}

/** A resend restarts the countdown and counts one more resend. */
export function afterResend(s: ResendState): ResendState {
  return { secondsLeft: OTP_RESEND_SECONDS, resendCount: s.resendCount + 1 };
}

/** A successful code resets the resend count to 1. */
export function afterSuccess(s: ResendState): ResendState {
  return { ...s, resendCount: INITIAL_RESEND_COUNT };
}

/** The pageTimer value read back from local storage: a whole number of seconds 0..60, else a fresh 60. */
export function pageTimerFrom(raw: string | null): number {
  const n = raw === null ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= OTP_RESEND_SECONDS ? n : OTP_RESEND_SECONDS;
}
