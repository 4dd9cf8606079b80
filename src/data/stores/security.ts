import { observable } from "@legendapp/state";
import { errorMessage } from "../../core/errorLog";
import { isAuthSuccess } from "../../core/http/success";
import { authClient } from "../api/authClient";
import type { Envelope } from "../api/http";
import { isOk } from "../api/http";
import { fetchProfile, fetchSessions, revokeOtherSessions, type ActiveSession } from "../api/profile";
import { session$ } from "./session";
import { clientState, sessionEndedSince } from "./sessionReset";

/**
 * Settings › Security's authenticator set-up from inside the app (the spec's totpGenerate and
 * registerTotp): an OTP is sent, the QR and secret are shown, the first code enables it.
 */
export type TotpStep = { step: "idle" } | { step: "otp"; message: string } | { step: "scan"; secret: string; qrCode: string } | { step: "done" };

export interface SecurityState {
  /** The client's live sessions. */
  sessions: ActiveSession[];
  error: string | undefined;
  /** Whether sign-in asks for an authenticator code (the profile's isTotpEnabled); undefined until read. */
  totpEnabled: boolean | undefined;
  totp: TotpStep;
  totpBusy: boolean;
  /** Why the last step of the set-up was refused. */
  totpProblem: string;
}

const initial = (): SecurityState => ({ sessions: [], error: undefined, totpEnabled: undefined, totp: { step: "idle" }, totpBusy: false, totpProblem: "" });

/** Settings › Security's list of the client's live sessions and its authenticator set-up. */
export const security$ = observable<SecurityState>(initial());
clientState({ name: "security", holds: () => security$.peek(), reset: () => security$.set(initial()) });

export async function refreshSessions(): Promise<void> {
  const ended = sessionEndedSince();
  try {
    const e = await fetchSessions();
    if (ended()) return;
    security$.assign(isOk(e) ? { sessions: e.result, error: undefined } : { sessions: [], error: e.message });
  } catch {
    if (!ended()) security$.error.set("The sessions could not be read: the broker did not answer");
  }
}

/** Ends every other session of the client; returns how many went, or undefined when the broker refused. */
export async function signOutOtherSessions(): Promise<number | undefined> {
  const e = await revokeOtherSessions();
  await refreshSessions();
  return isOk(e) ? (e.result[0]?.revoked ?? 0) : undefined;
}

/** Reads whether the authenticator is on (the profile), and starts the set-up afresh. */
export async function refreshTotpState(): Promise<void> {
  const ended = sessionEndedSince();
  security$.assign({ totp: { step: "idle" }, totpProblem: "" });
  try {
    const e = await fetchProfile();
    if (!ended() && isOk(e)) security$.totpEnabled.set(e.result[0]?.isTotpEnabled ?? false);
  } catch {
    /* told by the HTTP layer; the state stays "Reading…" */
  }
}

/** One step of the set-up: busy while the call is out, the refusal kept to show, `then` on success. */
async function totpStep<T>(send: (userId: string, token: string | undefined) => Promise<Envelope<T>>, then: (r: T | undefined, message: string) => void): Promise<void> {
  if (security$.totpBusy.peek()) return;
  const ended = sessionEndedSince();
  security$.assign({ totpBusy: true, totpProblem: "" });
  try {
    const e = await send(session$.clientCode.peek() ?? "", session$.accessToken.peek());
    if (ended()) return;
    if (isAuthSuccess(e)) then(e.result[0], e.message);
    else security$.totpProblem.set(e.message);
  } catch (err) {
    if (!ended()) security$.totpProblem.set(errorMessage(err));
  } finally {
    if (!ended()) security$.totpBusy.set(false);
  }
}

/** totpGenerate: "an OTP is requested". */
export const sendTotpSetupOtp = (): Promise<void> => totpStep((user, token) => authClient.generateScanner(user, token), (_r, message) => security$.totp.set({ step: "otp", message }));

/** The OTP typed: the QR and the secret to scan. */
export const submitTotpSetupOtp = (code: string): Promise<void> =>
  totpStep(
    (user, token) => authClient.getScanner(user, code, token),
    (r) => r && security$.totp.set({ step: "scan", secret: r.secret, qrCode: r.qrCode }),
  );

/** The authenticator's first code: it is on. */
export const enableTotpWith = (code: string): Promise<void> =>
  totpStep(
    (user, token) => authClient.enableTotp(user, code, token),
    () => security$.assign({ totp: { step: "done" }, totpEnabled: true }),
  );
