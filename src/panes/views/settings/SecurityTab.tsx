import { useSelector } from "@legendapp/state/react";
import { useEffect, useRef } from "react";
import { runCommand } from "../../../commands/run";
import { formatDateTime } from "../../../core/format";
import { refreshSessions, refreshTotpState, security$ } from "../../../data/stores/security";
import { OtpInput } from "../../login/OtpInput";
import { KillSwitchSection } from "../../risk/KillSwitchSection";
import { usePane } from "../../layout/pane";

/**
 * Decision: the sessions list is read again every 15 s while it is shown, and at once when its pane
 * gets the focus or the window comes back into view: a sign-in elsewhere (the trader's other
 * browser, or someone who should not be there) shows without reopening the pane, within 15 s even
 * if the trader only watches; one small read, and only while the list is on screen.
 */
export const SESSIONS_REFRESH_MS = 15_000;

/** Settings › Security: change password, the authenticator (TOTP) and its set-up, the active sessions, and the kill switch (issue 33). */
export function SecurityTab() {
  useSessionsFollowed();
  return (
    <div className="settings">
      <section aria-label="Password">
        <h3>Password</h3>
        <button type="button" className="btn" onClick={() => void runCommand("session.changePassword")}>
          Change password
        </button>
      </section>
      <Authenticator />
      <Sessions />
      <KillSwitchSection />
    </div>
  );
}

/**
 * The authenticator: its state (from the profile), and the spec's registration from inside the
 * app, each step a command: an OTP is sent (totp.setup.start), the QR and secret are shown
 * (totp.setup.otp), the first code enables it (totp.setup.enable).
 */
function Authenticator() {
  const s = useSelector(() => security$.get());
  useEffect(() => void refreshTotpState(), []);
  const flow = s.totp;
  return (
    <section aria-label="Authenticator" className="totp-setup">
      <h3>Authenticator (TOTP)</h3>
      <p data-testid="totp-state">
        {s.totpEnabled === undefined ? "Reading…" : s.totpEnabled ? "On: sign-in asks for the code from your authenticator app." : "Off: sign-in asks for a one-time code by SMS."}
      </p>
      {flow.step === "idle" && s.totpEnabled !== undefined && (
        <button type="button" className="btn" disabled={s.totpBusy} onClick={() => void runCommand("totp.setup.start")}>
          {s.totpEnabled ? "Set up on another authenticator" : "Set up authenticator"}
        </button>
      )}
      {flow.step === "otp" && (
        <div>
          <p className="muted">{flow.message}</p>
          <OtpInput label="One-time code" autoFocus disabled={s.totpBusy} onComplete={(code) => void runCommand("totp.setup.otp", { code })} />
        </div>
      )}
      {flow.step === "scan" && (
        <div>
          <p>Scan the code with your authenticator app, or type the secret into it, then enter the 6-digit code it shows.</p>
          <img className="totp-qr" src={flow.qrCode} alt="Authenticator QR code" width={160} height={160} />
          <p>
            Secret <code data-testid="totp-secret">{flow.secret}</code>
          </p>
          <OtpInput label="Authenticator code" length={6} autoFocus disabled={s.totpBusy} onComplete={(code) => void runCommand("totp.setup.enable", { code })} />
        </div>
      )}
      {s.totpProblem && (
        <p className="field-error" role="alert">
          {s.totpProblem}
        </p>
      )}
    </section>
  );
}

/** The list kept current while shown (SESSIONS_REFRESH_MS says when). */
function useSessionsFollowed(): void {
  const { shown, focused } = usePane();
  useEffect(() => {
    if (!shown) return;
    void refreshSessions();
    const t = setInterval(() => void refreshSessions(), SESSIONS_REFRESH_MS);
    // Back to this window (from another browser, say): the list is read as the trader looks again.
    const back = () => {
      if (document.visibilityState === "visible") void refreshSessions();
    };
    window.addEventListener("focus", back);
    document.addEventListener("visibilitychange", back);
    return () => {
      clearInterval(t);
      window.removeEventListener("focus", back);
      document.removeEventListener("visibilitychange", back);
    };
  }, [shown]);
  // The pane getting the focus back (not its losing it) reads the list once more.
  const wasFocused = useRef(focused);
  useEffect(() => {
    if (focused && !wasFocused.current && shown) void refreshSessions();
    wasFocused.current = focused;
  }, [focused, shown]);
}

function Sessions() {
  const s = useSelector(() => security$.get());
  const others = s.sessions.filter((x) => !x.current).length;
  return (
    <section aria-label="Active sessions">
      <h3>Active sessions</h3>
      {s.error && <p className="field-error">{s.error}</p>}
      <table className="grid" aria-label="Active sessions list">
        <thead>
          <tr><th>Device</th><th>Device id</th><th>Signed in (IST)</th><th /></tr>
        </thead>
        <tbody>
          {s.sessions.map((x) => (
            <tr key={x.sessionId} data-current={x.current}>
              <td>{x.device || "Unnamed device"}</td>
              <td className="num">{x.deviceId ? `…${x.deviceId.slice(-6)}` : "—"}</td>
              <td className="num">{formatDateTime(x.loginTime)}</td>
              <td>{x.current ? <b>This session</b> : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="btn" disabled={others === 0} onClick={() => void runCommand("session.signOutOthers")}>
        Sign out other sessions{others > 0 ? ` (${others})` : ""}
      </button>
    </section>
  );
}
