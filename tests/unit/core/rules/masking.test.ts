import { describe, expect, it } from "vitest";
import { maskEmail, maskTail } from "../../../../src/core/rules/masking";

/** Tape's masking rule (src/core/rules/masking.ts): all but the last 4 become "*"; an email keeps its first letter and domain. */
describe("masking", () => {
  it.each([
    ["ABCPD1234F", "******234F"], // PAN, 10 characters: 6 masked
    ["9000000001", "******0001"], // mobile
    ["50100012345671", "**********5671"], // account number, 14 digits: 10 masked
    ["1234", "****"], // 4 or fewer: nothing safe to show
    [" 9000000001 ", "******0001"], // trimmed first
  ])("maskTail(%s) is %s", (value, shown) => {
    expect(maskTail(value)).toBe(shown);
  });

  it.each([
    ["demo1@tape.example", "d****@tape.example"], // name "demo1": 4 masked
    ["ab@x.in", "a****@x.in"], // a short name still shows 4 stars, so its length does not leak
    ["verylongname@mail.com", "v***********@mail.com"],
    ["not-an-email", "********mail"], // no @: masked as a tail
  ])("maskEmail(%s) is %s", (value, shown) => {
    expect(maskEmail(value)).toBe(shown);
  });
});
