/**
 * The HTTP handling table of access-and-surroundings section 8 and trading-core section 8,
 * in one place:
 * - Network error: shows the error message.
 * - 404 or 405: 'We'II Be Back Soon'.
 * - 401: 'Your session has been invalidated. Kindly re-login' and the app resets.
 * - Other 4xx: the response body is shown and the app resets.
 * - 400 or 5xx: 'Something went wrong. Please try after sometime'.
 * - Toasts are suppressed when the failure action is 'router'.
 *
 * Decided: 408 is not one of the "other 4xx". The broker's HTTP server answers it when a request it
 * accepted was not read within its timeout (server/http/limits.ts): a broker starved of CPU, as just
 * after a restart on a loaded machine. It says the request did not arrive in time, nothing of the
 * session, so it is told as a timeout and resets nothing ("the app recovers from a broker restart
 * without a reload"; a 408 on the orders book had signed the trader out).
 */
export const MSG_BACK_SOON = "We'II Be Back Soon"; // sic: the spec's text, typo included
export const MSG_SESSION_INVALID = "Your session has been invalidated. Kindly re-login";
export const MSG_SOMETHING_WRONG = "Something went wrong. Please try after sometime";
/** A request with no answer in time: the client's own timeout, or the broker's 408. */
export const MSG_NO_ANSWER_IN_TIME = "The broker did not answer in time";

export type HttpFailure =
  | { kind: "network"; message: string }
  | { kind: "status"; status: number; body: string };

export interface HttpVerdict {
  /** What the toast says; undefined when no toast is to be shown. */
  message: string | undefined;
  /** Clear the session and return to / (the 401 and "other 4xx" rows). */
  reset: boolean;
}

export function judgeHttpFailure(failure: HttpFailure, action?: "router" | string): HttpVerdict {
  const verdict = classify(failure);
  return action === "router" ? { ...verdict, message: undefined } : verdict;
}

function classify(f: HttpFailure): HttpVerdict {
  if (f.kind === "network") return { message: f.message || "Network error", reset: false };
  const s = f.status;
  if (s === 404 || s === 405) return { message: MSG_BACK_SOON, reset: false };
  if (s === 401) return { message: MSG_SESSION_INVALID, reset: true };
  if (s === 408) return { message: MSG_NO_ANSWER_IN_TIME, reset: false };
  // The table lists 400 twice (other 4xx, and 400 or 5xx); the more specific 400 row wins.
  if (s === 400 || s >= 500) return { message: MSG_SOMETHING_WRONG, reset: false };
  if (s >= 402 && s < 500) return { message: bodyText(f.body), reset: true };
  return { message: MSG_SOMETHING_WRONG, reset: false };
}

/** The envelope's message when the body is one, else the raw text. */
function bodyText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === "string" && parsed.message) return parsed.message;
  } catch {
    /* not JSON: show it as it is */
  }
  return body || MSG_SOMETHING_WRONG;
}
