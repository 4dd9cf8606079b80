import ky, { HTTPError, TimeoutError, type KyInstance, type Options } from "ky";
import { OS_NAME } from "../config";
import { judgeHttpFailure, MSG_NO_ANSWER_IN_TIME, type HttpFailure } from "../../core/http/errors";
import { isStandardSuccess } from "../../core/http/success";
import { notify, resetApp } from "../../core/notify";
import { logError } from "../stores/errorLog";
import { brokerUnreachable, heardFromBroker } from "../stores/brokerReach";
import { reachedDespite, type RequestFailure } from "../../core/rules/brokerReach";
import { session$ } from "../stores/session";
import { sessionEndedSince } from "../stores/sessionReset";
import { openOverlay } from "../stores/ui";

import type { Envelope } from "../../core/types/envelope";
import { errorMessage } from "../../core/errorLog";

export type { Envelope };

/**
 * True for the standard success: "HTTP 200, message 'Success', status 'Ok'" (src/core/http/success.ts).
 * Every envelope `call` returns came with HTTP 200: any other status is a failure there.
 */
export function isOk(e: Envelope<unknown>): boolean {
  return isStandardSuccess(200, e);
}

/** A 2xx other than 200: the broker's contract answers 200 or an error status, nothing else. */
class UnexpectedStatus extends Error {
  constructor(readonly status: number) {
    super(`The broker answered HTTP ${status}`);
  }
}

/**
 * One ky instance per service base. It adds the bearer and the OS header, and routes every
 * HTTP failure through the one table in http/errors.ts. Business errors (HTTP 200 with an EC
 * status) are returned to the caller, who knows which toast the spec wants.
 */
export function serviceClient(prefixUrl: string): KyInstance {
  return ky.create({
    prefixUrl,
    timeout: 15_000,
    retry: 0, // an order must never be re-sent by the transport; callers reconcile instead
    hooks: {
      beforeRequest: [
        (req) => {
          const token = session$.accessToken.peek();
          if (token) req.headers.set("Authorization", `Bearer ${token}`);
          req.headers.set("x-os-name", OS_NAME);
        },
      ],
    },
  });
}

export interface CallOptions extends Options {
  /** 'router': failures are handled by the caller's navigation, no toast (spec section 8). */
  failureAction?: "router";
  /** The caller tells the trader, in its own place (the order window), that the broker did not answer: no toast for that. */
  noAnswerShownByCaller?: boolean;
}

/** Calls and returns the envelope; HTTP and network failures are judged, told and rethrown. */
export async function call<T>(client: KyInstance, path: string, opts: CallOptions = {}): Promise<Envelope<T>> {
  const { failureAction, noAnswerShownByCaller, ...kyOpts } = opts;
  const sentAt = Date.now();
  // The session this call is made in: its failure is told, and its 401 resets the app, only while that session lasts.
  const sessionEnded = sessionEndedSince();
  let answered = false;
  try {
    const res = await client(path, kyOpts);
    answered = true;
    heardFromBroker(sentAt, true);
    if (res.status !== 200) throw new UnexpectedStatus(res.status);
    const envelope = (await res.json()) as Envelope<T>;
    // "EC876: opens the beta-access dialog", whichever call met it; the caller still gets the envelope.
    if (envelope.status === "EC876") openOverlay({ kind: "betaAccess", message: envelope.message, feature: featureOf(envelope) });
    return envelope;
  } catch (err) {
    // An error status is ky's throw before any answer was counted; what fails after an answer (its body) proves it reachable all the same.
    // Known unreachable before this failure: the workspace's banner says so since then, and a toast per
    // failed call repeated it ("Failed to fetch ×6" with the broker stopped). The call that finds it down says it once.
    const knownDown = brokerUnreachable();
    if (!answered) heardFromBroker(sentAt, reachedDespite(failureOf(err)));
    // Asked before a sign-out, answered after it (the logout revoked its token: a 401): it speaks of
    // a session already ended, and a reset now would end what came after, the next trader's login
    // page as they type, or their session (peruser.spec, project CI 58). Its caller still sees it fail.
    if (sessionEnded()) throw err;
    logError("network", `${path}: ${err instanceof HTTPError ? `HTTP ${err.response.status}` : errorMessage(err)}`);
    const toldElsewhere = (noAnswerShownByCaller || knownDown) && isNoAnswer(err);
    if (!toldElsewhere) await handleFailure(err, failureAction);
    throw err;
  }
}

/** A failed request as the reach rule sees it. */
function failureOf(err: unknown): RequestFailure {
  if (err instanceof HTTPError) return { kind: "status", status: err.response.status };
  if (err instanceof TimeoutError) return { kind: "timeout" };
  return { kind: "network" };
}

/** The beta feature an EC876 names (the paper broker's result[0].feature), "" when it names none. */
function featureOf(e: Envelope<unknown>): string {
  const f = (e.result?.[0] as { feature?: unknown } | undefined)?.feature;
  return typeof f === "string" ? f : "";
}

/**
 * True for a failure that leaves the broker's answer unknown: no connection ("Failed to fetch"),
 * a timeout (ours, or the broker's 408: the request was not read in time), or a 5xx on the way.
 * The request may not have arrived, or may have been done and its answer lost; an order sent
 * again after it must carry the same client order key.
 */
export function isNoAnswer(err: unknown): boolean {
  if (err instanceof HTTPError) return err.response.status >= 500 || err.response.status === 408;
  if (err instanceof UnexpectedStatus) return false;
  return true;
}

/** What a trader is told about such a failure, with the browser's or the server's words. */
export function noAnswerText(err: unknown): string {
  if (err instanceof TimeoutError || (err instanceof HTTPError && err.response.status === 408)) return MSG_NO_ANSWER_IN_TIME;
  if (err instanceof HTTPError) return `The broker did not answer (HTTP ${err.response.status})`;
  return `The broker is unreachable (${errorMessage(err)})`;
}

async function handleFailure(err: unknown, action: "router" | undefined): Promise<void> {
  let failure: HttpFailure;
  if (err instanceof HTTPError) {
    const body = await err.response.text().catch(() => "");
    failure = { kind: "status", status: err.response.status, body };
  } else if (err instanceof UnexpectedStatus) {
    failure = { kind: "status", status: err.status, body: "" };
  } else {
    // "Network error: shows the error message", in a trader's words around the browser's ("The broker is unreachable (Failed to fetch)").
    failure = { kind: "network", message: noAnswerText(err) };
  }
  const verdict = judgeHttpFailure(failure, action);
  if (verdict.message) notify({ kind: "danger", text: verdict.message });
  if (verdict.reset) resetApp();
}
