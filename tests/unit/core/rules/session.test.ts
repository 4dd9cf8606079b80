import { describe, expect, it } from "vitest";
import { isSessionValid, storedValue } from "../../../../src/core/rules/session.js";

// "Session is valid only if both an access token and a client code are stored; the strings null and undefined are ignored."
describe("session validity", () => {
  it.each([
    ["tok", "DEMO1", true],
    ["tok", null, false],
    [null, "DEMO1", false],
    ["null", "DEMO1", false],
    ["undefined", "DEMO1", false],
    ["tok", "null", false],
    ["tok", "undefined", false],
    ["", "DEMO1", false],
    ["tok", "  ", false],
    [undefined, undefined, false],
  ])("access token %j, client code %j -> %s", (token, code, valid) => {
    expect(isSessionValid(token, code)).toBe(valid);
  });

  it("reads stored values with null, undefined and blanks as nothing", () => {
    expect(storedValue(" DEMO1 ")).toBe("DEMO1");
    expect(storedValue("null")).toBeUndefined();
    expect(storedValue(null)).toBeUndefined();
  });
});
