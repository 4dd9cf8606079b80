import { observable } from "@legendapp/state";
import type { SsoAppDetails } from "../api/sso";
import type { LoginStage } from "../../core/rules/loginStage";
import { PAGE_TIMER_KEY, startResend, type ResendState } from "../../core/rules/otpResend";
import { writeString } from "../storage";
import { clientState } from "./sessionReset";

/**
 * The login page's state (section 3, app shell state: loginStage), and what is typed on its
 * stages: the stages' Enter is a command (commands/defs/login.ts) that reads it here. Lives for
 * the page only, never stored; a password leaves it once sent.
 */
export interface LoginState {
  stage: LoginStage;
  /** What the user typed on the mobile stage, then the client code the broker resolved it to. */
  userId: string;
  clientName: string;
  /** The password stage's field. */
  password: string;
  /** setNewPassword's two fields. */
  newPassword: string;
  confirmPassword: string;
  /** The unblock and forgot-password verify stages' date of birth, as typed (DD/MM/YYYY). */
  dob: string;
  /** Why the date of birth cannot be sent. */
  dobError: string;
  /** A message for the whole stage (info or error), e.g. the "Invalid App Key" text. */
  message: string;
  /** The failed password's message, shown on the password field (section 8). */
  fieldError: string;
  busy: boolean;
  /** EC052 and EC080: when the user may try again (ISO). */
  retryAt: string;
  /** The stage that a success_msg's Continue returns to. */
  successMessage: string;
  /** totpGenerate: the OTP has been sent and the OTP input is showing. */
  otpSent: boolean;
  scanner: { secret: string; qrCode: string } | null;
  /** Single sign-on context from the query of /. */
  ssoApp: SsoAppDetails | null;
  ssoAuthCode: string;
}

export function initialLogin(): LoginState {
  return {
    stage: "mobile",
    userId: "",
    clientName: "",
    password: "",
    newPassword: "",
    confirmPassword: "",
    dob: "",
    dobError: "",
    message: "",
    fieldError: "",
    busy: false,
    retryAt: "",
    successMessage: "",
    otpSent: false,
    scanner: null,
    ssoApp: null,
    ssoAuthCode: "",
  };
}

export const login$ = observable<LoginState>(initialLogin());
// The next sign-in starts at the first stage, not where the last one left the page.
clientState({ name: "login", holds: () => login$.peek(), reset: () => login$.set(initialLogin()) });

/** A stage is shown afresh: no message but `message`, nothing typed left from another stage's fields. */
export function setLoginStage(stage: LoginStage, message = ""): void {
  login$.assign({ stage, message, fieldError: "", busy: false, password: "", newPassword: "", confirmPassword: "", dob: "", dobError: "" });
}

/** The OTP resend countdown; the seconds are mirrored to local storage as pageTimer. */
export const resend$ = observable<ResendState>(startResend());
// The next client's OTP stage starts its own countdown.
clientState({ name: "otpResend", holds: () => resend$.peek(), reset: () => resend$.set(startResend()) });

export function saveResend(s: ResendState): void {
  resend$.set(s);
  writeString(PAGE_TIMER_KEY, String(s.secondsLeft));
}

/** One second of the resend countdown; at zero the stage becomes forgotPassword (section 4). */
export function tickCountdown(next: ResendState, toStage?: "forgotPassword"): void {
  saveResend(next);
  if (toStage && login$.stage.peek() === "otp") setLoginStage(toStage);
}
