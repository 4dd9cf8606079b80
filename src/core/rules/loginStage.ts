/** The login stages of access-and-surroundings section 2 (forgotPassword is entered from the OTP countdown). */
export const LOGIN_STAGES = [
  "mobile",
  "password",
  "otp",
  "totp",
  "accBlock",
  "timerPage",
  "totpGenerate",
  "registerTotp",
  "unblockAccountVerify",
  "forgotPassword",
  "forgotPasswordVerify",
  "setNewPassword",
  "success_msg",
  "sso_auth_msg",
  "authorize",
] as const;

export type LoginStage = (typeof LOGIN_STAGES)[number];

/**
 * "EC004 moves to accBlock. EC052 moves to timerPage." (section 4); other codes stay on the
 * stage and show their message (a failed password on the password field).
 */
export function stageForCode(status: string): LoginStage | undefined {
  if (status === "EC004") return "accBlock";
  if (status === "EC052") return "timerPage";
  return undefined;
}

/** "On success the stage goes to totp if an authenticator code is available, otherwise to otp." */
export function stageAfterPassword(isTotpEnabled: boolean): LoginStage {
  return isTotpEnabled ? "totp" : "otp";
}

/** The spec's success messages (section 4), shown on success_msg. */
export const SUCCESS_MESSAGES = {
  unblocked: "Your account has been successfully unblocked!",
  passwordSet: "Your password has been set successfully!",
  totpRegistered: "Your TOTP Registration, is successful!",
} as const;

/**
 * Where Esc goes back to from each stage (a keyboard-first choice; the spec lists the stages,
 * not the way back). undefined: nowhere to go back to.
 */
export function previousStage(stage: LoginStage): LoginStage | undefined {
  switch (stage) {
    case "mobile":
      return undefined;
    case "password":
    case "sso_auth_msg":
      return "mobile";
    case "otp":
    case "totp":
    case "accBlock":
    case "timerPage":
    case "forgotPasswordVerify":
    case "success_msg":
      return "password";
    case "forgotPassword":
    case "totpGenerate":
      return "otp";
    case "registerTotp":
      return "totpGenerate";
    case "unblockAccountVerify":
      return "accBlock";
    case "setNewPassword":
      return "forgotPasswordVerify";
    case "authorize":
      return undefined;
  }
}
