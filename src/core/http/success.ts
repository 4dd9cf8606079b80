/**
 * "Standard success: HTTP 200, message 'Success', status 'Ok'. Results whose status begins with
 * EC are errors" (access-and-surroundings section 8; trading-core section 8: "Success is HTTP 200
 * with message Success and status Ok"). All three must hold: an Ok with another message, or an
 * Ok on another HTTP status, is not a success.
 *
 * Every success test of the app and the broker is one of the functions below (the GTT's,
 * which adds its body's status, is rules/gtt.ts's `gttSucceeded`, built on this one).
 */
export function isStandardSuccess(httpStatus: number, e: { status?: unknown; message?: unknown }): boolean {
  return httpStatus === 200 && isSuccess(e);
}

/**
 * The same rule on an answer whose HTTP 200 is already known (the client's `call` returns only
 * those), or that never crossed HTTP: one order's result from the engine's in-process door,
 * which carries the envelope's status and message.
 */
export function isSuccess(e: { status?: unknown; message?: unknown }): boolean {
  return e.status === "Ok" && e.message === "Success";
}

/**
 * The auth and SSO calls' success: status Ok, their message being the login stage's own text
 * ("OTP sent to…", "Your password has been set successfully!"), which the spec shows as it is.
 */
export function isAuthSuccess(e: { status?: unknown }): boolean {
  return e.status === "Ok";
}

/**
 * The market watch calls' success: status Ok with their ECMW message ("Scrip added to
 * watchlist"), which the spec lists as what those calls say, success or not.
 */
export function isMarketWatchSuccess(e: { status?: unknown }): boolean {
  return e.status === "Ok";
}
