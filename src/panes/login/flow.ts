import type { Envelope, SignedIn } from "../../data/api/auth";
import { authClient, ssoClient } from "../../data/api/authClient";
import { deviceId } from "../../data/deviceId";
import { call, isOk } from "../../data/api/http";
import { coreApi } from "../../data/api/services";
import { INVALID_APP_KEY_TEXT } from "../../core/errors/auth";
import { navigate } from "../../data/nav";
import { notify, resetApp } from "../../core/notify";
import { previousStage, stageAfterPassword, stageForCode, SUCCESS_MESSAGES, type LoginStage } from "../../core/rules/loginStage";
import { afterResend, afterSuccess, PAGE_TIMER_KEY, startResend, type ResendState } from "../../core/rules/otpResend";
import { passwordMeetsRule } from "../../core/rules/password";
import { retryAtOf } from "../../core/rules/retryTimer";
import { dialogsAtLogin } from "../../core/rules/profileDialogs";
import { ssoEntryOf } from "../../core/rules/ssoEntry";
import { AUTH_CODES } from "../../core/errors/auth";
import { initialLogin, login$ } from "../../data/stores/login";
import { session$, startSession } from "../../data/stores/session";
import { openOverlay, type Overlay } from "../../data/stores/ui";
import { observable } from "@legendapp/state";
import { writeString } from "../../data/storage";

/**
 * The login stages' actions (access-and-surroundings section 4). Each submits one call and
 * moves the stage; React only renders login$ and calls these on Enter and Esc.
 */

/** The OTP resend countdown; the seconds are mirrored to local storage as pageTimer. */
export const resend$ = observable<ResendState>(startResend());

function setStage(stage: LoginStage, message = ""): void {
  login$.assign({ stage, message, fieldError: "", busy: false });
}

/** "EC044 (invalid session) clears the SSO query and is treated as a 401." */
function invalidSession(): void {
  notify({ kind: "danger", text: "Your session has been invalidated. Kindly re-login" });
  resetApp();
  login$.set(initialLogin());
  navigate("/", { replace: true });
}

/** Common handling of a failed answer: EC004 and EC052 move the stage, EC044 resets, others show the message. */
function failed(e: Envelope<unknown>, onField = false): void {
  const to = stageForCode(e.status);
  if (e.status === "EC044") return invalidSession();
  if (to === "timerPage" || e.status === "EC080") {
    login$.assign({ retryAt: retryAtOf(e.result[0], Date.now()) });
    return setStage("timerPage", e.message);
  }
  if (to) return setStage(to, e.message);
  if (onField) login$.assign({ fieldError: e.message, busy: false });
  else login$.assign({ message: e.message, busy: false });
}

async function run<T>(fn: () => Promise<Envelope<T>>, ok: (e: Envelope<T>) => void | Promise<void>, onField = false): Promise<void> {
  login$.assign({ busy: true, message: "", fieldError: "" });
  try {
    const e = await fn();
    if (e.status === "Ok") await ok(e);
    else failed(e, onField);
  } catch (err) {
    login$.assign({ busy: false, message: err instanceof Error ? err.message : "Something went wrong. Please try after sometime" });
  }
}

const user = () => login$.userId.peek();

export function submitClientId(userId: string): Promise<void> {
  const answered = run(
    () => authClient.verifyClient(userId.trim(), deviceId()),
    (e) => {
      const c = e.result[0]!;
      login$.assign({ userId: c.clientCode, clientName: c.clientName });
      setStage("password");
    },
  );
  // The password's call is the first sealed one: the key exchange (an RSA-2048 pair, then
  // get/encKey) runs while the trader types the password instead of after Enter (issue 18). A
  // failure is retried, and reported, by that call.
  authClient.handshake().catch(() => {});
  return answered;
}

export function submitPassword(password: string): Promise<void> {
  return run(
    () => authClient.validatePassword(user(), password, deviceId()),
    async (e) => {
      const next = stageAfterPassword(e.result[0]?.isTotpEnabled === true);
      setStage(next);
      if (next === "otp") await sendLoginOtp(false);
    },
    true,
  );
}

function saveTimer(s: ResendState): void {
  resend$.set(s);
  writeString(PAGE_TIMER_KEY, String(s.secondsLeft));
}

/** Sends (or re-sends) the login OTP and restarts the 60 s countdown. */
export function sendLoginOtp(isResend: boolean): Promise<void> {
  return run(
    () => authClient.sendOtp(user()),
    (e) => {
      saveTimer(isResend ? afterResend(resend$.peek()) : startResend());
      setStage("otp", e.message);
    },
  );
}

/** One second of the resend countdown; at zero the stage becomes forgotPassword (section 4). */
export function tickCountdown(next: ResendState, toStage?: "forgotPassword"): void {
  saveTimer(next);
  if (toStage && login$.stage.peek() === "otp") setStage(toStage);
}

async function signedIn(s: SignedIn): Promise<void> {
  startSession({ clientCode: s.clientCode, accessToken: s.accessToken, clientName: s.clientName, authToken: s.authToken, ...(s.mobile ? { mobile: s.mobile } : {}), ...(s.email ? { email: s.email } : {}) });
  resend$.set(afterSuccess(resend$.peek()));
  localStorage.removeItem(PAGE_TIMER_KEY);
  if (login$.ssoApp.peek()) {
    setStage("authorize");
  } else {
    login$.set(initialLogin());
    navigate("/home", { replace: true });
  }
  await openProfileDialogs();
}

/** After a login: the dormant dialog and the risk disclosure, once per login. */
async function openProfileDialogs(): Promise<void> {
  try {
    const e = await call<{ accountStatus?: string; exchanges?: string[] }>(coreApi, "profile", { failureAction: "router" });
    const dialogs = isOk(e) && e.result[0] ? dialogsAtLogin(e.result[0]) : [];
    const chain = dialogs.reduceRight<Overlay | undefined>((then, kind) => ({ kind, ...(then ? { then } : {}) }) as Overlay, undefined);
    if (chain) openOverlay(chain);
  } catch {
    /* the 401 rule has already reset the app */
  }
}

export function submitOtp(code: string): Promise<void> {
  return run(() => authClient.validateOtp(user(), code, deviceId(), login$.ssoApp.peek()?.appkey), (e) => signedIn(e.result[0]!));
}

export function submitTotp(code: string): Promise<void> {
  return run(() => authClient.verifyTotp(user(), code, deviceId(), login$.ssoApp.peek()?.appkey), (e) => signedIn(e.result[0]!));
}

export function startUnblock(): Promise<void> {
  return run(
    () => authClient.unblock(user()),
    (e) => setStage("unblockAccountVerify", e.message),
  );
}

/** `dob`: "date of birth format MMDDYYYY", as core/rules/datePicker.ts dateOfBirthToSend makes it. */
export function submitUnblockOtp(code: string, dob: string): Promise<void> {
  return run(
    () => authClient.verifyUnblock(user(), code, dob),
    () => {
      login$.assign({ successMessage: SUCCESS_MESSAGES.unblocked });
      setStage("success_msg");
    },
  );
}

/** From the password stage (or the forgotPassword stage): an OTP for a new password. */
export function startForgotPassword(): Promise<void> {
  return run(
    () => authClient.forgotPassword(user()),
    (e) => setStage("forgotPasswordVerify", e.message),
  );
}

export function submitForgotOtp(code: string, dob: string): Promise<void> {
  return run(
    () => authClient.verifyForgotPassword(user(), code, dob),
    () => setStage("setNewPassword"),
  );
}

export function submitNewPassword(password: string, confirm: string): Promise<void> {
  if (password !== confirm) {
    login$.assign({ fieldError: "The two passwords do not match" });
    return Promise.resolve();
  }
  if (!passwordMeetsRule(password)) {
    login$.assign({ fieldError: AUTH_CODES.EC030 });
    return Promise.resolve();
  }
  return run(
    () => authClient.resetPassword(user(), password, deviceId()),
    () => {
      login$.assign({ successMessage: SUCCESS_MESSAGES.passwordSet });
      setStage("success_msg");
    },
    true,
  );
}

/** totpGenerate: "an OTP is requested". */
export function startTotpRegistration(): void {
  login$.assign({ otpSent: false, scanner: null });
  setStage("totpGenerate");
}

export function sendTotpOtp(): Promise<void> {
  return run(
    () => authClient.generateScanner(user(), session$.accessToken.peek()),
    (e) => {
      login$.assign({ otpSent: true, message: e.message, busy: false });
    },
  );
}

export function submitTotpRegistrationOtp(code: string): Promise<void> {
  return run(
    () => authClient.getScanner(user(), code, session$.accessToken.peek()),
    (e) => {
      const s = e.result[0]!;
      login$.assign({ scanner: { secret: s.secret, qrCode: s.qrCode } });
      setStage("registerTotp");
    },
  );
}

export function submitTotpEnable(code: string): Promise<void> {
  return run(
    () => authClient.enableTotp(user(), code, session$.accessToken.peek()),
    () => {
      login$.assign({ successMessage: SUCCESS_MESSAGES.totpRegistered, scanner: null });
      setStage("success_msg");
    },
  );
}

/** success_msg: Continue goes back to the password (a new login uses what was just set). */
export function continueAfterSuccess(): void {
  login$.assign({ successMessage: "" });
  setStage(login$.userId.peek() ? "password" : "mobile");
}

/** Esc. From authorize it declines the vendor and goes home. */
export function goBack(): void {
  const stage = login$.stage.peek();
  if (stage === "authorize") return declineSso();
  const prev = previousStage(stage);
  if (prev) setStage(prev);
}

/** The router guard's single sign-on entry on / (section 2). */
export async function enterSso(search: string): Promise<void> {
  const entry = ssoEntryOf(new URLSearchParams(search));
  const signedInNow = () => session$.accessToken.peek() !== undefined && session$.clientCode.peek() !== undefined;
  switch (entry.kind) {
    case "none":
      return;
    case "appDetails": {
      try {
        const e = await ssoClient.vendorDetails(entry.appkey);
        if (e.status !== "Ok" || !e.result[0]) return setStage("sso_auth_msg", INVALID_APP_KEY_TEXT);
        login$.assign({ ssoApp: e.result[0] });
        if (signedInNow()) setStage("authorize");
        else login$.assign({ message: `Sign in to continue to ${e.result[0].appName}` });
      } catch {
        setStage("sso_auth_msg", INVALID_APP_KEY_TEXT);
      }
      return;
    }
    case "authorize":
      // A vendor hands the user to Tape with a one-time code; the authorise dialog asks before it is used.
      login$.assign({ ssoAuthCode: entry.authCode });
      return setStage("authorize");
    case "session":
      startSession({ clientCode: entry.clientCode, accessToken: entry.sessionId });
      navigate("/", { replace: true });
      return;
    case "invalid":
      return setStage("sso_auth_msg", entry.message);
  }
}

/** authorize: approve. With an app: sso/vendor/authorize and off to its redirect. With an authCode: swap it for a session. */
export async function approveSso(): Promise<void> {
  const app = login$.ssoApp.peek();
  const code = login$.ssoAuthCode.peek();
  if (app) {
    const token = session$.accessToken.peek();
    const clientCode = session$.clientCode.peek();
    if (!token || !clientCode) return setStage("mobile", `Sign in to continue to ${app.appName}`);
    await run(
      () => ssoClient.authorize(token, clientCode, app.appkey),
      (e) => {
        window.location.assign(e.result[0]!.redirectUrl);
      },
    );
    return;
  }
  const vendor = new URLSearchParams(window.location.search).get("appkey") ?? new URLSearchParams(window.location.search).get("vendor") ?? "";
  await run(
    () => authClient.ssoGetToken(code, vendor),
    (e) => signedIn(e.result[0]!),
  );
}

export function declineSso(): void {
  login$.set(initialLogin());
  navigate(session$.accessToken.peek() ? "/home" : "/", { replace: true });
}
