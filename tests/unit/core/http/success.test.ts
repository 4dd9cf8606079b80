import { describe, expect, it } from "vitest";
import { isStandardSuccess } from "../../../../src/core/http/success";

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
