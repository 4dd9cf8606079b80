import { describe, expect, it } from "vitest";
import { afterResend, afterSuccess, pageTimerFrom, startResend, tickResend } from "../../../../src/core/rules/otpResend.js";
import { previousStage, stageAfterPassword, stageForCode } from "../../../../src/core/rules/loginStage.js";

// "OTP resend: the countdown is 60 s and the initial resend count is 1. On reaching zero the resend count resets and the
//  stage becomes forgotPassword. The countdown value is kept in local storage as pageTimer. On a success the resend count resets to 1."
describe("OTP resend countdown", () => {
  it("starts at 60 s with resend count 1", () => {
    expect(startResend()).toEqual({ secondsLeft: 60, resendCount: 1 });
  });

  it("counts down, and at zero resets the count and goes to forgotPassword", () => {
    let s = afterResend(startResend());
    expect(s.resendCount).toBe(2);
    for (let i = 0; i < 59; i++) {
      const t = tickResend(s);
      expect(t.toStage).toBeUndefined();
      s = t.state;
    }
    expect(s.secondsLeft).toBe(1);
    expect(tickResend(s)).toEqual({ state: { secondsLeft: 0, resendCount: 1 }, toStage: "forgotPassword" });
  });

  it("resets the count to 1 on a success", () => {
    expect(afterSuccess({ secondsLeft: 30, resendCount: 3 }).resendCount).toBe(1);
  });

  it.each([
    ["42", 42],
    ["0", 0],
    [null, 60],
    ["61", 60],
    ["abc", 60],
    ["4.5", 60],
  ])("reads pageTimer %j as %d", (raw, n) => {
    expect(pageTimerFrom(raw)).toBe(n);
  });
});

// "EC004 moves to accBlock. EC052 moves to timerPage." "On success the stage goes to totp if an authenticator code is available, otherwise to otp."
describe("login stage after the password", () => {
  it("maps EC004 and EC052, and chooses totp or otp", () => {
    expect(stageForCode("EC004")).toBe("accBlock");
    expect(stageForCode("EC052")).toBe("timerPage");
    expect(stageForCode("EC016")).toBeUndefined();
    expect(stageAfterPassword(true)).toBe("totp");
    expect(stageAfterPassword(false)).toBe("otp");
  });
});

describe("Esc goes back one stage", () => {
  it.each([
    ["mobile", undefined],
    ["password", "mobile"],
    ["otp", "password"],
    ["totp", "password"],
    ["accBlock", "password"],
    ["unblockAccountVerify", "accBlock"],
    ["forgotPasswordVerify", "password"],
    ["setNewPassword", "forgotPasswordVerify"],
    ["registerTotp", "totpGenerate"],
    ["forgotPassword", "otp"],
  ] as const)("%s -> %s", (from, to) => {
    expect(previousStage(from)).toBe(to);
  });
});
