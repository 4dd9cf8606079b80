import { describe, expect, it } from "vitest";
import { isAuthSuccess, isMarketWatchSuccess, isStandardSuccess, isSuccess } from "../../../../src/core/http/success";

/** "Standard success: HTTP 200, message 'Success', status 'Ok'. Results whose status begins with EC are errors." */
describe("isStandardSuccess", () => {
  it.each([
    [200, { status: "Ok", message: "Success" }, true],
    [200, { status: "Ok", message: "Logged out" }, false], // Ok with another message is not the standard success
    [200, { status: "Ok", message: "" }, false],
    [200, { status: "Ok" }, false],
    [201, { status: "Ok", message: "Success" }, false], // only HTTP 200
    [200, { status: "EC920", message: "No positions found" }, false],
    [200, { status: "ok", message: "success" }, false], // the spec's spelling, exactly
  ])("HTTP %i %j -> %s", (http, e, expected) => {
    expect(isStandardSuccess(http, e)).toBe(expected);
  });
});

/** The same rule where HTTP 200 is known (the client's call) or absent (one order's result in the engine). */
describe("isSuccess", () => {
  it.each([
    [{ status: "Ok", message: "Success" }, true],
    [{ status: "Ok", message: "Order placed" }, false],
    [{ status: "EC903", message: "Quantity must be a positive whole number" }, false],
  ])("%j -> %s", (e, expected) => {
    expect(isSuccess(e)).toBe(expected);
  });
});

/** The calls whose success carries their own message: the login stages' texts, the ECMW messages. */
describe("isAuthSuccess and isMarketWatchSuccess", () => {
  it("take status Ok with any message, and nothing else", () => {
    const answer = (status: string, message: string): { status: string; message: string } => ({ status, message });
    expect(isAuthSuccess(answer("Ok", "Your password has been set successfully!"))).toBe(true);
    expect(isAuthSuccess(answer("EC001", "Invalid userId or password"))).toBe(false);
    expect(isMarketWatchSuccess(answer("Ok", "Scrip added to watchlist"))).toBe(true);
    expect(isMarketWatchSuccess(answer("ECMW007", "Watchlist name too long"))).toBe(false);
  });
});
