import { observable } from "@legendapp/state";
import type { SsoAppDetails } from "../api/sso";
import type { LoginStage } from "../../core/rules/loginStage";
import { onSessionReset } from "./sessionReset";

/** The login page's state (section 3, app shell state: loginStage). Lives for the page only, never stored. */
export interface LoginState {
  stage: LoginStage;
  /** What the user typed on the mobile stage, then the client code the broker resolved it to. */
  userId: string;
  clientName: string;
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
onSessionReset(() => login$.set(initialLogin()));
