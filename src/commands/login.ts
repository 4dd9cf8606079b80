import type { Envelope, SignedIn } from "../data/api/auth";
import { authClient, ssoClient } from "../data/api/authClient";
import { deviceId } from "../data/deviceId";
import { call, isOk } from "../data/api/http";
import { coreApi } from "../data/api/services";
import { validateStoredToken } from "../data/api/tokenCheck";
import { INVALID_APP_KEY_TEXT } from "../core/errors/auth";
import { isAuthSuccess } from "../core/http/success";
import { joinLayout, landAfterSignIn, navigate } from "../data/nav";
import { notify, resetApp } from "../core/notify";
import { previousStage, stageAfterPassword, stageForCode, SUCCESS_MESSAGES, type LoginStage } from "../core/rules/loginStage";
import { afterResend, afterSuccess, PAGE_TIMER_KEY, startResend } from "../core/rules/otpResend";
import { passwordMeetsRule } from "../core/rules/password";
import { retryAtOf } from "../core/rules/retryTimer";
import { dialogsAtLogin } from "../core/rules/profileDialogs";
import { ssoEntryOf } from "../core/rules/ssoEntry";
import { dateOfBirthToSend } from "../core/rules/datePicker";
import { istDateKey } from "../core/time";
import { AUTH_CODES } from "../core/errors/auth";
import { initialLogin, login$, resend$, saveResend, setLoginStage as setStage } from "../data/stores/login";
import { hasSession, session$, startSession } from "../data/stores/session";
import { openOverlay, type Overlay } from "../data/stores/ui";

/**
 * The login stages' actions (access-and-surroundings section 4), run by the login commands
 * (defs/login.ts): each submits one call with what the stage's fields hold in login$ and moves
 * the stage. The stages' view only renders login$ and runs those commands.
 */

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
  // One call at a time: a second Enter while the first is out sends nothing.
  if (login$.busy.peek()) return;
  login$.assign({ busy: true, message: "", fieldError: "" });
  try {
    const e = await fn();
    if (isAuthSuccess(e)) await ok(e);
    else failed(e, onField);
  } catch (err) {
    login$.assign({ busy: false, message: err instanceof Error ? err.message : "Something went wrong. Please try after sometime" });
  }
}

const user = () => login$.userId.peek();

/** The login page is shown: the client id field starts with the client code last signed in on this device. */
export function enterLoginPage(): void {
  if (login$.stage.peek() === "mobile" && !login$.userId.peek()) login$.userId.set(localStorage.getItem("clientCode") ?? "");
}

/** mobile: the client id, mobile or email typed. */
export function submitClientId(): Promise<void> {
  const userId = login$.userId.peek().trim();
  if (!userId) return Promise.resolve();
  const answered = run(
    () => authClient.verifyClient(userId, deviceId()),
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

/** password: the password typed. */
export function submitPassword(): Promise<void> {
  const password = login$.password.peek();
  if (!password) return Promise.resolve();
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

/** Sends (or re-sends) the login OTP and restarts the 60 s countdown. */
export function sendLoginOtp(isResend: boolean): Promise<void> {
  return run(
    () => authClient.sendOtp(user()),
    (e) => {
      saveResend(isResend ? afterResend(resend$.peek()) : startResend());
      setStage("otp", e.message);
    },
  );
}

async function startSignedInSession(s: SignedIn): Promise<void> {
  startSession({ clientCode: s.clientCode, accessToken: s.accessToken, clientName: s.clientName, authToken: s.authToken, ...(s.mobile ? { mobile: s.mobile } : {}), ...(s.email ? { email: s.email } : {}) });
  resend$.set(afterSuccess(resend$.peek()));
  localStorage.removeItem(PAGE_TIMER_KEY);
  if (login$.ssoApp.peek()) {
    setStage("authorize");
  } else {
    login$.set(initialLogin());
    // Home in the user's saved layout, no pane replaced (routeSync): the layout is the trader's work.
    landAfterSignIn();
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

/** The date of birth typed, as the spec sends it (MMDDYYYY); undefined, and the field says why, when it is not a date. */
function dateOfBirth(): string | undefined {
  const sent = dateOfBirthToSend(login$.dob.peek(), istDateKey(new Date()));
  if (!sent) login$.dobError.set("Type your date of birth as DD/MM/YYYY");
  return sent;
}

/**
 * A code stage's boxes, once full: the stage says which call it is (the login OTP, the
 * authenticator's code, the unblock and forgot-password OTPs with the date of birth, the
 * authenticator set-up's OTP and first code).
 */
export function submitCode(code: string): Promise<void> {
  const stage = login$.stage.peek();
  const sso = login$.ssoApp.peek()?.appkey;
  switch (stage) {
    case "otp":
    case "forgotPassword":
      return run(() => authClient.validateOtp(user(), code, deviceId(), sso), (e) => startSignedInSession(e.result[0]!));
    case "totp":
      return run(() => authClient.verifyTotp(user(), code, deviceId(), sso), (e) => startSignedInSession(e.result[0]!));
    case "unblockAccountVerify": {
      const dob = dateOfBirth();
      if (!dob) return Promise.resolve();
      return run(
        () => authClient.verifyUnblock(user(), code, dob),
        () => {
          login$.assign({ successMessage: SUCCESS_MESSAGES.unblocked });
          setStage("success_msg");
        },
      );
    }
    case "forgotPasswordVerify": {
      const dob = dateOfBirth();
      if (!dob) return Promise.resolve();
      return run(
        () => authClient.verifyForgotPassword(user(), code, dob),
        () => setStage("setNewPassword"),
      );
    }
    case "totpGenerate":
      return run(
        () => authClient.getScanner(user(), code, session$.accessToken.peek()),
        (e) => {
          const s = e.result[0]!;
          login$.assign({ scanner: { secret: s.secret, qrCode: s.qrCode } });
          setStage("registerTotp");
        },
      );
    case "registerTotp":
      return run(
        () => authClient.enableTotp(user(), code, session$.accessToken.peek()),
        () => {
          login$.assign({ successMessage: SUCCESS_MESSAGES.totpRegistered, scanner: null });
          setStage("success_msg");
        },
      );
    default:
      return Promise.resolve();
  }
}

export function startUnblock(): Promise<void> {
  return run(
    () => authClient.unblock(user()),
    (e) => setStage("unblockAccountVerify", e.message),
  );
}

/** From the password stage (or the forgotPassword stage): an OTP for a new password. */
export function startForgotPassword(): Promise<void> {
  return run(
    () => authClient.forgotPassword(user()),
    (e) => setStage("forgotPasswordVerify", e.message),
  );
}

/** setNewPassword: the two fields agree and meet the spec's rule, then the new password is set. */
export function submitNewPassword(): Promise<void> {
  const { newPassword, confirmPassword } = login$.peek();
  if (newPassword !== confirmPassword) {
    login$.assign({ fieldError: "The two passwords do not match" });
    return Promise.resolve();
  }
  if (!passwordMeetsRule(newPassword)) {
    login$.assign({ fieldError: AUTH_CODES.EC030 });
    return Promise.resolve();
  }
  return run(
    () => authClient.resetPassword(user(), newPassword, deviceId()),
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

/** success_msg: Continue goes back to the password (a new login uses what was just set). */
export function continueAfterSuccess(): void {
  login$.assign({ successMessage: "" });
  setStage(login$.userId.peek() ? "password" : "mobile");
}

/** Esc: one stage back (core/rules/loginStage.ts). From authorize it declines the vendor and goes home. */
export function goBack(stage: LoginStage): void {
  if (stage === "authorize") return declineSso();
  const prev = previousStage(stage);
  if (prev) setStage(prev);
}

/**
 * "/": the single sign-on entry of the query, then "with a valid session and path /, the token is
 * validated" (check/token): a good token goes on to /home, a bad one is reset as a 401; an SSO
 * entry that needs the authorise stage stays here instead.
 */
export async function arriveOnLoginPage(search: string): Promise<void> {
  enterLoginPage();
  const entry = ssoEntryOf(new URLSearchParams(search));
  await enterSso(search);
  if (!hasSession() || entry.kind === "appDetails" || entry.kind === "authorize") return;
  // The stored session and the clientCode + sessionId entry alike: {auth}check/token.
  if (!(await validateStoredToken())) return;
  // A session kept from before: the landing route joins the layout the user's other tabs share (nav.ts).
  joinLayout();
  navigate("/home", { replace: true });
}

/** The router guard's single sign-on entry on / (section 2). */
async function enterSso(search: string): Promise<void> {
  const entry = ssoEntryOf(new URLSearchParams(search));
  const signedInNow = () => session$.accessToken.peek() !== undefined && session$.clientCode.peek() !== undefined;
  switch (entry.kind) {
    case "none":
      return;
    case "appDetails": {
      try {
        const e = await ssoClient.vendorDetails(entry.appkey);
        if (!isAuthSuccess(e) || !e.result[0]) return setStage("sso_auth_msg", INVALID_APP_KEY_TEXT);
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
    (e) => startSignedInSession(e.result[0]!),
  );
}

export function declineSso(): void {
  login$.set(initialLogin());
  navigate(session$.accessToken.peek() ? "/home" : "/", { replace: true });
}
