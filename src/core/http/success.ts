/**
 * "Standard success: HTTP 200, message 'Success', status 'Ok'. Results whose status begins with
 * EC are errors" (access-and-surroundings section 8; trading-core section 8: "Success is HTTP 200
 * with message Success and status Ok"). All three must hold: an Ok with another message, or an
 * Ok on another HTTP status, is not a success.
 *
 * The auth calls are outside it: their successes carry the login stages' own texts ("OTP sent
 * to…", "Your password has been set successfully!"), and the market watch calls answer their
 * ECMW messages, which the spec lists as what those calls say.
 */
export function isStandardSuccess(httpStatus: number, e: { status?: unknown; message?: unknown }): boolean {
  return httpStatus === 200 && e.status === "Ok" && e.message === "Success";
}
