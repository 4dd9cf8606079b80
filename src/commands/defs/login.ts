import { LOGIN_STAGES, type LoginStage } from "../../core/rules/loginStage";
import { login$ } from "../../data/stores/login";
import {
  approveSso,
  continueAfterSuccess,
  goBack,
  sendLoginOtp,
  sendTotpOtp,
  startForgotPassword,
  startTotpRegistration,
  startUnblock,
  submitClientId,
  submitCode,
  submitNewPassword,
  submitPassword,
} from "../login";
import { command } from "../types";
import { all, onLoginStage } from "../when";

/**
 * The login page (access-and-surroundings section 2), every stage's actions as commands: Enter
 * and Esc of each stage are keys of that stage's scope ("login.password", scopes.ts), its other
 * buttons run commands too. What the stages' fields hold is in login$ (data/stores/login.ts).
 */

/** Every stage but the first has a way back on Esc; from authorize it declines the app. */
const BACK_STAGES = LOGIN_STAGES.filter((s): s is Exclude<LoginStage, "mobile"> => s !== "mobile");

/** The stages whose OTP can be sent again, and which call sends it. */
const RESEND: Partial<Record<LoginStage, () => Promise<void>>> = {
  forgotPassword: () => sendLoginOtp(true),
  unblockAccountVerify: startUnblock,
  forgotPasswordVerify: startForgotPassword,
  totpGenerate: sendTotpOtp,
};
const canResend = (stage: LoginStage | undefined) => stage !== undefined && RESEND[stage] !== undefined && (stage !== "totpGenerate" || login$.otpSent.peek());

export const loginCommands = [
  command({
    id: "login.mobile.submit",
    keys: ["enter"],
    scope: "login.mobile",
    title: "Log in: continue with the client id",
    group: "Login",
    when: onLoginStage("mobile"),
    run: () => submitClientId(),
  }),
  command({
    id: "login.password.submit",
    keys: ["enter"],
    scope: "login.password",
    title: "Log in with the password",
    group: "Login",
    when: onLoginStage("password"),
    run: () => submitPassword(),
  }),
  command({
    id: "login.accBlock.unblock",
    keys: ["enter"],
    scope: "login.accBlock",
    title: "Unblock the account with an OTP",
    group: "Login",
    when: onLoginStage("accBlock"),
    run: () => startUnblock(),
  }),
  command({
    id: "login.setNewPassword.submit",
    keys: ["enter"],
    scope: "login.setNewPassword",
    title: "Set the new password",
    group: "Login",
    when: onLoginStage("setNewPassword"),
    run: () => submitNewPassword(),
  }),
  command({
    // totpGenerate: "an OTP is requested" before the QR is shown.
    id: "login.totpGenerate.sendOtp",
    keys: ["enter"],
    scope: "login.totpGenerate",
    title: "Authenticator set-up: send the OTP",
    group: "Login",
    when: all(onLoginStage("totpGenerate"), () => !login$.otpSent.peek()),
    run: () => sendTotpOtp(),
  }),
  command({
    id: "login.success_msg.continue",
    keys: ["enter"],
    scope: "login.success_msg",
    title: "Continue to log in",
    group: "Login",
    when: onLoginStage("success_msg"),
    run: () => continueAfterSuccess(),
  }),
  command({
    id: "login.authorize.approve",
    keys: ["enter"],
    scope: "login.authorize",
    title: "Authorise the app",
    group: "Login",
    when: onLoginStage("authorize"),
    run: () => approveSso(),
  }),
  command({
    // The OTP expired (forgotPassword): Resend OTP is the stage's first choice, so Enter.
    id: "login.resend",
    keys: ["enter"],
    scope: "login.forgotPassword",
    title: "Resend OTP",
    group: "Login",
    when: (ctx) => canResend(ctx.loginStage),
    run: (ctx) => RESEND[ctx.loginStage!]?.(),
  }),
  command({
    id: "login.forgotPassword.start",
    title: "Forgot password?",
    group: "Login",
    keywords: ["reset password", "new password"],
    when: onLoginStage("password", "forgotPassword"),
    run: () => startForgotPassword(),
  }),
  command({
    id: "login.totp.setup",
    title: "Set up authenticator (TOTP)",
    group: "Login",
    keywords: ["totp", "authenticator", "2fa"],
    when: onLoginStage("otp", "forgotPassword"),
    run: () => startTotpRegistration(),
  }),
  command({
    // A code stage's boxes, once full: the stage decides which call it is (commands/login.ts, submitCode).
    id: "login.code",
    title: "Send the code",
    group: "Login",
    hidden: true,
    when: onLoginStage("otp", "forgotPassword", "totp", "unblockAccountVerify", "forgotPasswordVerify", "totpGenerate", "registerTotp"),
    run: (_ctx, a: { code: string }) => submitCode(a.code),
  }),
  ...BACK_STAGES.map((stage) =>
    command({
      id: `login.${stage}.back` as const,
      // The single sign-on message's one action is "Back to login": Enter too.
      keys: stage === "sso_auth_msg" ? ["enter", "escape"] : ["escape"],
      scope: `login.${stage}` as const,
      title: stage === "authorize" ? "Decline the app" : stage === "sso_auth_msg" ? "Back to login" : "Back one stage",
      group: "Login",
      when: onLoginStage(stage),
      run: () => goBack(stage),
    }),
  ),
];
