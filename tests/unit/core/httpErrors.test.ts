import { describe, expect, it } from "vitest";
import { MSG_BACK_SOON, MSG_SESSION_INVALID, MSG_SOMETHING_WRONG, judgeHttpFailure } from "../../../src/core/http/errors";

describe("HTTP handling table (access-and-surroundings section 8)", () => {
  it("'Network error: shows the error message.'", () => {
    expect(judgeHttpFailure({ kind: "network", message: "Failed to fetch" })).toEqual({ message: "Failed to fetch", reset: false });
  });
  it.each([404, 405])("'404 or 405: We'II Be Back Soon' (%i)", (status) => {
    expect(judgeHttpFailure({ kind: "status", status, body: "" })).toEqual({ message: MSG_BACK_SOON, reset: false });
  });
  it("'401: Your session has been invalidated. Kindly re-login and the app resets.'", () => {
    expect(judgeHttpFailure({ kind: "status", status: 401, body: "{}" })).toEqual({ message: MSG_SESSION_INVALID, reset: true });
  });
  it("'Other 4xx: the response body is shown and the app resets.'", () => {
    expect(judgeHttpFailure({ kind: "status", status: 403, body: JSON.stringify({ status: "EC076", message: "Service unavailable for this account type" }) })).toEqual({
      message: "Service unavailable for this account type",
      reset: true,
    });
    expect(judgeHttpFailure({ kind: "status", status: 409, body: "conflict" })).toEqual({ message: "conflict", reset: true });
  });
  // Decided (errors.ts): the broker's 408 is its HTTP server's "the request was not read in time", a
  // starved broker's (just after a restart, under load); "the app recovers from a broker restart".
  it("408 is no answer in time, not one of the 'other 4xx': the session stays", () => {
    const body = JSON.stringify({ status: "EC408", message: "The request took too long to arrive", result: [] });
    expect(judgeHttpFailure({ kind: "status", status: 408, body })).toEqual({ message: "The broker did not answer in time", reset: false });
  });
  it.each([400, 500, 502, 503])("'400 or 5xx: Something went wrong. Please try after sometime' (%i)", (status) => {
    expect(judgeHttpFailure({ kind: "status", status, body: "boom" })).toEqual({ message: MSG_SOMETHING_WRONG, reset: false });
  });
  it("'Toasts are suppressed when the failure action is router.'", () => {
    expect(judgeHttpFailure({ kind: "status", status: 401, body: "" }, "router")).toEqual({ message: undefined, reset: true });
  });
  it("keeps the spec's text exactly, typo included", () => {
    expect(MSG_BACK_SOON).toBe("We'II Be Back Soon");
  });
});
