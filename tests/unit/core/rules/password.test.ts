import { describe, expect, it } from "vitest";
import { passwordMeetsRule } from "../../../../src/core/rules/password.js";

// "password has no spaces and needs one special character from @ # $ % & * /" (access-and-surroundings section 5)
describe("password rule", () => {
  it.each([
    ["Tape@2026", true],
    ["a#b", true],
    ["x$", true],
    ["%y", true],
    ["p&q", true],
    ["p*q", true],
    ["p/q", true],
    ["Tape2026", false],
    ["Tape!2026", false],
    ["Tape @2026", false],
    ["Tape@\t2026", false],
    ["", false],
  ])("%j -> %s", (password, ok) => {
    expect(passwordMeetsRule(password)).toBe(ok);
  });
});
