import { dateOfBirthToSend, maskTyped } from "../../core/rules/datePicker";
import { istDateKey } from "../../core/time";
import { loginIdInput } from "../../core/rules/inputRestrictions";
import { useSelector } from "@legendapp/state/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { login$ } from "../../data/stores/login";
import { pageTimerFrom, PAGE_TIMER_KEY, tickResend } from "../../core/rules/otpResend";
import { OtpInput } from "./OtpInput";
import {
  approveSso,
  continueAfterSuccess,
  declineSso,
  goBack,
  resend$,
  sendLoginOtp,
  sendTotpOtp,
  startForgotPassword,
  startTotpRegistration,
  startUnblock,
  submitClientId,
  submitForgotOtp,
  submitNewPassword,
  submitOtp,
  submitPassword,
  submitTotp,
  submitTotpEnable,
  submitTotpRegistrationOtp,
  submitUnblockOtp,
  tickCountdown,
} from "./flow";
import "./login.css";

/**
 * The login stages (section 2) as one keyboard-driven card: Enter advances (every stage is a
 * form or has its primary button focused), Esc goes back one stage, Tab reaches every field.
 */
export function LoginStages() {
  const stage = useSelector(() => login$.stage.get());
  const message = useSelector(() => login$.message.get());
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      goBack();
    }
  };
  return (
    <section className="login-card" data-stage={stage} onKeyDown={onKeyDown} aria-live="polite">
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
      return <DobCodeStage title="Unblock your account" hint="Enter your date of birth and the OTP sent to your mobile." onCode={submitUnblockOtp} resend={startUnblock} />;
    case "timerPage":
      return <TimerStage />;
    case "forgotPasswordVerify":
      return <DobCodeStage title="Forgot password" hint="Enter your date of birth and the OTP sent to your mobile." onCode={submitForgotOtp} resend={startForgotPassword} />;
    case "setNewPassword":
      return <NewPasswordStage />;
    case "totpGenerate":
      return <TotpGenerateStage />;
    case "registerTotp":
      return <RegisterTotpStage />;
    case "success_msg":
      return <SuccessStage />;
    case "sso_auth_msg":
      return <ActionStage title="Single sign-on" label="Back to login" onAction={goBack} />;
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

const submit = (fn: () => void) => (e: FormEvent) => {
  e.preventDefault();
  fn();
};

function MobileStage() {
  const last = useSelector(() => login$.userId.get());
  const [userId, setUserId] = useState(last || localStorage.getItem("clientCode") || "");
  return (
    <form onSubmit={submit(() => userId.trim() && void submitClientId(userId))}>
      <Title>Log in</Title>
      <label className="login-field">
        <span>Client ID, mobile or email</span>
        <input name="userId" value={userId} onChange={(e) => setUserId(loginIdInput(e.target.value))} autoFocus autoComplete="username" spellCheck={false} />
      </label>
      <div className="login-actions">
        <button className="btn btn-primary" type="submit">
          Continue <kbd>Enter</kbd>
        </button>
        <Busy />
      </div>
    </form>
  );
}

function PasswordStage() {
  const userId = useSelector(() => login$.userId.get());
  const clientName = useSelector(() => login$.clientName.get());
  const fieldError = useSelector(() => login$.fieldError.get());
  const [password, setPassword] = useState("");
  return (
    <form onSubmit={submit(() => password && void submitPassword(password))}>
      <Title>
        {clientName || userId} <span className="muted">({userId})</span>
      </Title>
      <label className="login-field">
        <span>Password</span>
        <input
          name="password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus
          autoComplete="current-password"
          aria-invalid={fieldError !== ""}
          aria-describedby="password-error"
        />
        <FieldError id="password-error" text={fieldError} />
      </label>
      <div className="login-actions">
        <button className="btn btn-primary" type="submit">
          Log in <kbd>Enter</kbd>
        </button>
        <button className="btn" type="button" onClick={() => void startForgotPassword()}>
          Forgot password?
        </button>
        <button className="btn" type="button" onClick={goBack}>
          Back <kbd>Esc</kbd>
        </button>
        <Busy />
      </div>
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

function OtpStage({ countdownDone }: { countdownDone?: boolean }) {
  const seconds = useResendCountdown(!countdownDone);
  const busy = useSelector(() => login$.busy.get());
  return (
    <div>
      <Title>Enter OTP</Title>
      <p className="muted">{countdownDone ? "Didn't get the OTP? Send a new one, or set a new password." : "Enter the OTP sent to your mobile."}</p>
      <OtpInput label="OTP" onComplete={(c) => void submitOtp(c)} disabled={busy} />
      <div className="login-actions">
        {countdownDone ? (
          <>
            <button className="btn btn-primary" type="button" onClick={() => void sendLoginOtp(true)}>
              Resend OTP
            </button>
            <button className="btn" type="button" onClick={() => void startForgotPassword()}>
              Forgot password?
            </button>
          </>
        ) : (
          <span className="muted" data-testid="resend-countdown">
            Resend OTP in {seconds} s
          </span>
        )}
        <button className="btn" type="button" onClick={startTotpRegistration}>
          Set up authenticator (TOTP)
        </button>
        <button className="btn" type="button" onClick={goBack}>
          Back <kbd>Esc</kbd>
        </button>
        <Busy />
      </div>
    </div>
  );
}

function TotpStage() {
  const busy = useSelector(() => login$.busy.get());
  return (
    <div>
      <Title>Enter TOTP</Title>
      <p className="muted">Enter the 6-digit code from your authenticator app.</p>
      <OtpInput label="TOTP" length={6} onComplete={(c) => void submitTotp(c)} disabled={busy} />
      <StageActions />
    </div>
  );
}

function CodeStage(props: { title: string; hint: string; length?: number; onCode: (c: string) => Promise<void>; resend?: () => Promise<void> }) {
  const busy = useSelector(() => login$.busy.get());
  return (
    <div>
      <Title>{props.title}</Title>
      <p className="muted">{props.hint}</p>
      <OtpInput label={props.title} length={props.length} onComplete={(c) => void props.onCode(c)} disabled={busy} />
      <StageActions resend={props.resend} />
    </div>
  );
}

/**
 * The unblock and forgot-password verify stages: the date of birth (typed MM/DD/YYYY, sent as the
 * spec's MMDDYYYY) and then the OTP. A complete date moves the cursor to the OTP; an OTP completed
 * without a valid date is not sent and the date field says why.
 */
function DobCodeStage(props: { title: string; hint: string; onCode: (code: string, dob: string) => Promise<void>; resend: () => Promise<void> }) {
  const busy = useSelector(() => login$.busy.get());
  const [dob, setDob] = useState("");
  const [dobError, setDobError] = useState("");
  const otpRef = useRef<HTMLDivElement>(null);
  const today = istDateKey(new Date());
  const onDob = (raw: string) => {
    const masked = maskTyped(raw);
    setDob(masked);
    setDobError("");
    if (masked.length === 10) otpRef.current?.querySelector<HTMLInputElement>("input")?.focus();
  };
  const onCode = (code: string) => {
    const sent = dateOfBirthToSend(dob, today);
    if (!sent) {
      setDobError("Type your date of birth as MM/DD/YYYY");
      return;
    }
    void props.onCode(code, sent);
  };
  return (
    <div>
      <Title>{props.title}</Title>
      <p className="muted">{props.hint}</p>
      <label className="login-field">
        <span>Date of birth (MM/DD/YYYY)</span>
        <input name="dob" inputMode="numeric" autoComplete="bday" autoFocus value={dob} onChange={(e) => onDob(e.target.value)} aria-invalid={dobError !== ""} aria-describedby="dob-error" />
        <FieldError id="dob-error" text={dobError} />
      </label>
      <div ref={otpRef}>
        <OtpInput label={props.title} onComplete={onCode} disabled={busy} autoFocus={false} />
      </div>
      <StageActions resend={props.resend} />
    </div>
  );
}

function ActionStage(props: { title: string; body?: ReactNode; label: string; onAction: () => void }) {
  return (
    <div>
      <Title>{props.title}</Title>
      {props.body}
      <div className="login-actions">
        <button className="btn btn-primary" type="button" autoFocus onClick={props.onAction}>
          {props.label} <kbd>Enter</kbd>
        </button>
        <Busy />
      </div>
    </div>
  );
}

function AccBlockStage() {
  return <ActionStage title="Account blocked" body={<p className="muted">Unblock it with an OTP sent to your mobile.</p>} label="Unblock account" onAction={() => void startUnblock()} />;
}

function TimerStage() {
  const retryAt = useSelector(() => login$.retryAt.get());
  const left = () => Math.max(0, Math.ceil((Date.parse(retryAt) - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const t = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) goBack();
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
      <div className="login-actions">
        <button className="btn" type="button" onClick={goBack}>
          Back <kbd>Esc</kbd>
        </button>
      </div>
    </div>
  );
}

function NewPasswordStage() {
  const fieldError = useSelector(() => login$.fieldError.get());
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  return (
    <form onSubmit={submit(() => void submitNewPassword(password, confirm))}>
      <Title>Set a new password</Title>
      <p className="muted">No spaces, and at least one of @ # $ % &amp; * /</p>
      <label className="login-field">
        <span>New password</span>
        <input name="newPassword" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus autoComplete="new-password" />
      </label>
      <label className="login-field">
        <span>Confirm new password</span>
        <input name="confirmPassword" type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" aria-describedby="new-password-error" />
        <FieldError id="new-password-error" text={fieldError} />
      </label>
      <div className="login-actions">
        <button className="btn btn-primary" type="submit">
          Set password <kbd>Enter</kbd>
        </button>
        <button className="btn" type="button" onClick={goBack}>
          Back <kbd>Esc</kbd>
        </button>
        <Busy />
      </div>
    </form>
  );
}

function TotpGenerateStage() {
  const sent = useSelector(() => login$.otpSent.get());
  if (!sent) {
    return <ActionStage title="Set up authenticator (TOTP)" body={<p className="muted">We will send an OTP to your mobile to confirm it is you.</p>} label="Send OTP" onAction={() => void sendTotpOtp()} />;
  }
  return <CodeStage title="Set up authenticator (TOTP)" hint="Enter the OTP sent to your mobile." onCode={submitTotpRegistrationOtp} resend={sendTotpOtp} />;
}

function RegisterTotpStage() {
  const scanner = useSelector(() => login$.scanner.get());
  const busy = useSelector(() => login$.busy.get());
  const ref = useRef<HTMLDivElement>(null);
  if (!scanner) return null;
  return (
    <div ref={ref}>
      <Title>Scan with your authenticator app</Title>
      <img className="totp-qr" src={scanner.qrCode} alt="TOTP QR code" width={200} height={200} />
      <p>
        Or type this secret: <code data-testid="totp-secret">{scanner.secret}</code>
      </p>
      <p className="muted">Then enter the 6-digit code the app shows.</p>
      <OtpInput label="TOTP" length={6} onComplete={(c) => void submitTotpEnable(c)} disabled={busy} />
      <StageActions />
    </div>
  );
}

function SuccessStage() {
  const text = useSelector(() => login$.successMessage.get());
  return <ActionStage title="Done" body={<p className="login-success" data-testid="success-message">{text}</p>} label="Continue" onAction={continueAfterSuccess} />;
}

function AuthorizeStage() {
  const app = useSelector(() => login$.ssoApp.get());
  return (
    <div>
      <Title>Authorise {app ? app.appName : "the app"}</Title>
      <p>{app ? `${app.appName} (${app.ssoType}) asks to sign you in with your Tape account.` : "An app asks to sign you in to Tape with a one-time code."}</p>
      <div className="login-actions">
        <button className="btn btn-primary" type="button" autoFocus onClick={() => void approveSso()}>
          Authorise <kbd>Enter</kbd>
        </button>
        <button className="btn" type="button" onClick={declineSso}>
          Decline <kbd>Esc</kbd>
        </button>
        <Busy />
      </div>
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
function StageActions({ resend }: { resend?: () => Promise<void> }) {
  return (
    <div className="login-actions">
      {resend && (
        <button className="btn" type="button" onClick={() => void resend()}>
          Resend OTP
        </button>
      )}
      <button className="btn" type="button" onClick={goBack}>
        Back <kbd>Esc</kbd>
      </button>
      <Busy />
    </div>
  );
}
