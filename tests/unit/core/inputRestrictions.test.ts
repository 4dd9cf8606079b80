import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { alphanumericOnly, alphanumericWithSpaceOnly, digitLimit, loginIdInput, numberOnly, restrictAfterDot } from "../../../src/core/rules/inputRestrictions";

describe("input restrictions (access-and-surroundings section 5)", () => {
  // "(1) number-only keeps digits"
  it.each([["12a3", "123"], ["-1.5", "15"], ["", ""]])("number-only %j -> %j", (i, o) => expect(numberOnly(i)).toBe(o));
  // "(2) alphanumeric-only keeps letters and digits"
  it.each([["IN F-Y 1!", "INFY1"], ["é9", "9"]])("alphanumeric-only %j -> %j", (i, o) => expect(alphanumericOnly(i)).toBe(o));
  // "(3) alphanumeric-with-space-only keeps letters, digits and spaces"
  it.each([["My List #1", "My List 1"], ["a\tb", "ab"]])("alphanumeric-with-space %j -> %j", (i, o) => expect(alphanumericWithSpaceOnly(i)).toBe(o));
  // "(4) restrict-after-dot allows at most 6 digits after the decimal point"
  it.each([
    ["1500.1234567", "1500.123456"],
    ["1500.", "1500."],
    ["1.2.3", "1.23"],
    ["abc1500.5x", "1500.5"],
    [".5", ".5"],
  ])("restrict-after-dot %j -> %j", (i, o) => expect(restrictAfterDot(i)).toBe(o));
  // "(5) digit-limit truncates to a configured maximum number of digits and keeps only digits"
  it.each([["123456789", 6, "123456"], ["1a2b3", 2, "12"], ["99", 0, ""]] as const)("digit-limit %j max %i -> %j", (i, m, o) =>
    expect(digitLimit(i, m)).toBe(o));

  // Tape: the login id field takes a client id or mobile (alphanumeric) or an email.
  it.each([["demo 1!", "demo1"], ["98450-12345", "9845012345"], ["a.b@x.in ", "a.b@x.in"]])("login id %j -> %j", (i, o) => expect(loginIdInput(i)).toBe(o));

  it("restrict-after-dot never leaves more than 6 fraction digits or a second dot (property)", () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const out = restrictAfterDot(s);
      const parts = out.split(".");
      return parts.length <= 2 && (parts[1] ?? "").length <= 6 && /^[0-9.]*$/.test(out);
    }));
  });
});
