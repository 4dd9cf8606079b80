import { maskTyped } from "../../core/rules/datePicker";
import { loginIdInput } from "../../core/rules/inputRestrictions";
import { useSelector } from "@legendapp/state/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { login$, resend$, tickCountdown } from "../../data/stores/login";
import { pageTimerFrom, PAGE_TIMER_KEY, tickResend } from "../../core/rules/otpResend";
import type { LoginStage } from "../../core/rules/loginStage";
import { OtpInput } from "./OtpInput";
import { runCommand } from "../../commands/run";
import "./login.css";
import { KeyHint } from "../views/KeyHint";

/**
 * The login stages (section 2) as one keyboard-driven card. Every action is a command
 * (commands/defs/login.ts): Enter and Esc are each stage's own keys (scopes "login.<stage>"),
 * a button runs the same command, and Enter on a focused button presses it (data-keep-enter).
 * The fields write login$, where the commands read them. Tab reaches every field.
 */
export function LoginStages() {
  const stage = useSelector(() => login$.stage.get());
  const message = useSelector(() => login$.message.get());
  return (
    <section className="login-card" data-stage={stage} aria-live="polite">
      {message && (
        <p className="login-message" role="status">
          {message}
        </p>
      )}
      <Stage stage={stage} />
    </section>
  );
}

function Stage({ stage }: { stage: string }) {
  switch (stage) {
    case "mobile":
      return <MobileStage />;
    case "password":
      return <PasswordStage />;
    case "otp":
      return <OtpStage />;
    case "forgotPassword":
      return <OtpStage countdownDone />;
    case "totp":
      return <TotpStage />;
    case "accBlock":
      return <AccBlockStage />;
    case "unblockAccountVerify":
      return <DobCodeStage title="Unblock your account" hint="Enter your date of birth and the OTP sent to your mobile." />;
    case "timerPage":
      return <TimerStage />;
    case "forgotPasswordVerify":
      return <DobCodeStage title="Forgot password" hint="Enter your date of birth and the OTP sent to your mobile." />;
    case "setNewPassword":
      return <NewPasswordStage />;
    case "totpGenerate":
      return <TotpGenerateStage />;
    case "registerTotp":
      return <RegisterTotpStage />;
    case "success_msg":
      return <SuccessStage />;
    case "sso_auth_msg":
      return <ActionStage title="Single sign-on" label="Back to login" onAction={() => void runCommand("login.sso_auth_msg.back")} />;
    case "authorize":
      return <AuthorizeStage />;
    default:
      return null;
  }
}

function Title({ children }: { children: ReactNode }) {
  return <h2 className="login-title">{children}</h2>;
}

function Busy() {
  const busy = useSelector(() => login$.busy.get());
  return busy ? <span className="muted"> working…</span> : null;
}

/** A stage's form: Enter in a field is the stage's key (keymap), never the browser's submit. */
const noSubmit = (e: React.FormEvent) => e.preventDefault();

/** A stage's buttons: Enter on one presses it rather than running the stage's Enter. */
function Actions({ children }: { children: ReactNode }) {
  return (
    <div className="login-actions" data-keep-enter>
      {children}
      <Busy />
    </div>
  );
}

function Back({ stage }: { stage: Exclude<LoginStage, "mobile"> }) {
  return (
    <button className="btn" type="button" onClick={() => void runCommand(`login.${stage}.back`)}>
      Back <KeyHint command={`login.${stage}.back`} />
    </button>
  );
}

function MobileStage() {
  const userId = useSelector(() => login$.userId.get());
  return (
    <form onSubmit={noSubmit}>
      <Title>Log in</Title>
      <label className="login-field">
        <span>Client ID, mobile or email</span>
        <input name="userId" value={userId} onChange={(e) => login$.userId.set(loginIdInput(e.target.value))} autoFocus autoComplete="username" spellCheck={false} />
      </label>
      <Actions>
        <button className="btn btn-primary" type="button" onClick={() => void runCommand("login.mobile.submit")}>
          Continue <KeyHint command="login.mobile.submit" />
        </button>
      </Actions>
    </form>
  );
}

function PasswordStage() {
  const userId = useSelector(() => login$.userId.get());
  const clientName = useSelector(() => login$.clientName.get());
  const fieldError = useSelector(() => login$.fieldError.get());
  const password = useSelector(() => login$.password.get());
  return (
    <form onSubmit={noSubmit}>
      <Title>
        {clientName || userId} <span className="muted">({userId})</span>
      </Title>
      <label className="login-field">
        <span>Password</span>
        <input
          name="password"
          type="password"
          value={password}
          onChange={(e) => login$.password.set(e.target.value)}
          autoFocus
          autoComplete="current-password"
          aria-invalid={fieldError !== ""}
          aria-describedby="password-error"
        />
        <FieldError id="password-error" text={fieldError} />
      </label>
      <Actions>
        <button className="btn btn-primary" type="button" onClick={() => void runCommand("login.password.submit")}>
          Log in <KeyHint command="login.password.submit" />
        </button>
        <button className="btn" type="button" onClick={() => void runCommand("login.forgotPassword.start")}>
          Forgot password?
        </button>
        <Back stage="password" />
      </Actions>
    </form>
  );
}

/** The 60 s resend countdown, kept in local storage as pageTimer so a reload resumes it. */
function useResendCountdown(active: boolean): number {
  const seconds = useSelector(() => resend$.secondsLeft.get());
  useEffect(() => {
    if (!active) return;
    resend$.secondsLeft.set(pageTimerFrom(localStorage.getItem(PAGE_TIMER_KEY)));
    const t = setInterval(() => {
      const { state, toStage } = tickResend(resend$.peek());
      tickCountdown(state, toStage);
    }, 1000);
    return () => clearInterval(t);
  }, [active]);
  return seconds;
}

/** A code's boxes: full, they send it (login.code); the stage decides which call that is. */
function Code({ label, length, autoFocus }: { label: string; length?: number; autoFocus?: boolean }) {
  const busy = useSelector(() => login$.busy.get());
  return <OtpInput label={label} length={length} onComplete={(code) => void runCommand("login.code", { code })} disabled={busy} autoFocus={autoFocus} />;
}

function OtpStage({ countdownDone }: { countdownDone?: boolean }) {
  const seconds = useResendCountdown(!countdownDone);
  return (
    <div>
      <Title>Enter OTP</Title>
      <p className="muted">{countdownDone ? "Didn't get the OTP? Send a new one, or set a new password." : "Enter the OTP sent to your mobile."}</p>
      <Code label="OTP" />
      <Actions>
        {countdownDone ? (
          <>
            <button className="btn btn-primary" type="button" onClick={() => void runCommand("login.resend")}>
              Resend OTP <KeyHint command="login.resend" />
            </button>
            <button className="btn" type="button" onClick={() => void runCommand("login.forgotPassword.start")}>
              Forgot password?
            </button>
          </>
        ) : (
          <span className="muted" data-testid="resend-countdown">
            Resend OTP in {seconds} s
          </span>
        )}
        <button className="btn" type="button" onClick={() => void runCommand("login.totp.setup")}>
          Set up authenticator (TOTP)
        </button>
        <Back stage={countdownDone ? "forgotPassword" : "otp"} />
      </Actions>
    </div>
  );
}

function TotpStage() {
  return (
    <div>
      <Title>Enter TOTP</Title>
      <p className="muted">Enter the 6-digit code from your authenticator app.</p>
      <Code label="TOTP" length={6} />
      <StageActions stage="totp" />
    </div>
  );
}

/**
 * The unblock and forgot-password verify stages: the date of birth (typed DD/MM/YYYY, sent as the
 * spec's MMDDYYYY) and then the OTP. A complete date moves the cursor to the OTP; an OTP completed
 * without a valid date is not sent and the date field says why (commands/login.ts).
 */
function DobCodeStage(props: { title: string; hint: string }) {
  const stage = useSelector(() => login$.stage.get());
  const dob = useSelector(() => login$.dob.get());
  const dobError = useSelector(() => login$.dobError.get());
  const otpRef = useRef<HTMLDivElement>(null);
  const onDob = (raw: string) => {
    const masked = maskTyped(raw);
    login$.assign({ dob: masked, dobError: "" });
    if (masked.length === 10) otpRef.current?.querySelector<HTMLInputElement>("input")?.focus();
  };
  return (
    <div>
      <Title>{props.title}</Title>
      <p className="muted">{props.hint}</p>
      <label className="login-field">
        <span>Date of birth (DD/MM/YYYY)</span>
        <input name="dob" inputMode="numeric" autoComplete="bday" autoFocus value={dob} onChange={(e) => onDob(e.target.value)} aria-invalid={dobError !== ""} aria-describedby="dob-error" />
        <FieldError id="dob-error" text={dobError} />
      </label>
      <div ref={otpRef}>
        <Code label={props.title} autoFocus={false} />
      </div>
      <StageActions stage={stage === "forgotPasswordVerify" ? "forgotPasswordVerify" : "unblockAccountVerify"} resend />
    </div>
  );
}

function ActionStage(props: { title: string; body?: ReactNode; label: string; onAction: () => void }) {
  return (
    <div>
      <Title>{props.title}</Title>
      {props.body}
      <Actions>
        <button className="btn btn-primary" type="button" autoFocus onClick={props.onAction}>
          {props.label} <kbd>Enter</kbd>
        </button>
      </Actions>
    </div>
  );
}

function AccBlockStage() {
  return <ActionStage title="Account blocked" body={<p className="muted">Unblock it with an OTP sent to your mobile.</p>} label="Unblock account" onAction={() => void runCommand("login.accBlock.unblock")} />;
}

function TimerStage() {
  const retryAt = useSelector(() => login$.retryAt.get());
  const left = () => Math.max(0, Math.ceil((Date.parse(retryAt) - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const t = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) void runCommand("login.timerPage.back");
    }, 1000);
    return () => clearInterval(t);
  });
  const mm = String(Math.floor(seconds / 60)).padStart(2, "0");
  const ss = String(seconds % 60).padStart(2, "0");
  return (
    <div>
      <Title>Too many attempts</Title>
      <p className="login-timer" data-testid="retry-timer">
        Retry in {mm}:{ss}
      </p>
      <Actions>
        <Back stage="timerPage" />
      </Actions>
    </div>
  );
}

function NewPasswordStage() {
  const fieldError = useSelector(() => login$.fieldError.get());
  const password = useSelector(() => login$.newPassword.get());
  const confirm = useSelector(() => login$.confirmPassword.get());
  return (
    <form onSubmit={noSubmit}>
      <Title>Set a new password</Title>
      <p className="muted">No spaces, and at least one of @ # $ % &amp; * /</p>
      <label className="login-field">
        <span>New password</span>
        <input name="newPassword" type="password" value={password} onChange={(e) => login$.newPassword.set(e.target.value)} autoFocus autoComplete="new-password" />
      </label>
      <label className="login-field">
        <span>Confirm new password</span>
        <input name="confirmPassword" type="password" value={confirm} onChange={(e) => login$.confirmPassword.set(e.target.value)} autoComplete="new-password" aria-describedby="new-password-error" />
        <FieldError id="new-password-error" text={fieldError} />
      </label>
      <Actions>
        <button className="btn btn-primary" type="button" onClick={() => void runCommand("login.setNewPassword.submit")}>
          Set password <KeyHint command="login.setNewPassword.submit" />
        </button>
        <Back stage="setNewPassword" />
      </Actions>
    </form>
  );
}

function TotpGenerateStage() {
  const sent = useSelector(() => login$.otpSent.get());
  if (!sent) {
    return <ActionStage title="Set up authenticator (TOTP)" body={<p className="muted">We will send an OTP to your mobile to confirm it is you.</p>} label="Send OTP" onAction={() => void runCommand("login.totpGenerate.sendOtp")} />;
  }
  return (
    <div>
      <Title>Set up authenticator (TOTP)</Title>
      <p className="muted">Enter the OTP sent to your mobile.</p>
      <Code label="Set up authenticator (TOTP)" />
      <StageActions stage="totpGenerate" resend />
    </div>
  );
}

function RegisterTotpStage() {
  const scanner = useSelector(() => login$.scanner.get());
  if (!scanner) return null;
  return (
    <div>
      <Title>Scan with your authenticator app</Title>
      <img className="totp-qr" src={scanner.qrCode} alt="TOTP QR code" width={200} height={200} />
      <p>
        Or type this secret: <code data-testid="totp-secret">{scanner.secret}</code>
      </p>
      <p className="muted">Then enter the 6-digit code the app shows.</p>
      <Code label="TOTP" length={6} />
      <StageActions stage="registerTotp" />
    </div>
  );
}

function SuccessStage() {
  const text = useSelector(() => login$.successMessage.get());
  return <ActionStage title="Done" body={<p className="login-success" data-testid="success-message">{text}</p>} label="Continue" onAction={() => void runCommand("login.success_msg.continue")} />;
}

function AuthorizeStage() {
  const app = useSelector(() => login$.ssoApp.get());
  return (
    <div>
      <Title>Authorise {app ? app.appName : "the app"}</Title>
      <p>{app ? `${app.appName} (${app.ssoType}) asks to sign you in with your Tape account.` : "An app asks to sign you in to Tape with a one-time code."}</p>
      <Actions>
        <button className="btn btn-primary" type="button" autoFocus onClick={() => void runCommand("login.authorize.approve")}>
          Authorise <KeyHint command="login.authorize.approve" />
        </button>
        <button className="btn" type="button" onClick={() => void runCommand("login.authorize.back")}>
          Decline <KeyHint command="login.authorize.back" />
        </button>
      </Actions>
    </div>
  );
}

/** A field's error, announced to screen readers and tied to its input by aria-describedby. */
function FieldError({ id, text }: { id: string; text: string }) {
  if (!text) return null;
  return (
    <span className="field-error" id={id} role="alert">
      {text}
    </span>
  );
}

/** A code stage's footer: Resend OTP where the stage can resend, Back (Esc) and the busy mark. */
function StageActions({ stage, resend }: { stage: Exclude<LoginStage, "mobile">; resend?: boolean }) {
  return (
    <Actions>
      {resend && (
        <button className="btn" type="button" onClick={() => void runCommand("login.resend")}>
          Resend OTP
        </button>
      )}
      <Back stage={stage} />
    </Actions>
  );
}
