import { useSelector } from "@legendapp/state/react";
import { useEffect, useState } from "react";
import { runCommand } from "../../../commands/run";
import { istDateTime } from "../../../core/time";
import { authClient } from "../../../data/api/authClient";
import { isOk } from "../../../data/api/http";
import { fetchProfile } from "../../../data/api/profile";
import { security$, refreshSessions } from "../../../data/stores/security";
import { session$ } from "../../../data/stores/session";
import { OtpInput } from "../../login/OtpInput";
import { errorMessage } from "../../../core/errorLog";

/** Settings › Security: change password, the authenticator (TOTP) and its set-up, and the active sessions. */
export function SecurityTab() {
  useEffect(() => void refreshSessions(), []);
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
    </div>
  );
}

type TotpStep = { step: "idle" } | { step: "otp"; message: string } | { step: "scan"; secret: string; qrCode: string } | { step: "done" };

/**
 * The authenticator: its state (from the profile), and the spec's registration from inside the app:
 * an OTP is sent (totpGenerate), the QR and secret are shown (registerTotp), the first code enables it.
 */
function Authenticator() {
  const [enabled, setEnabled] = useState<boolean | undefined>();
  const [flow, setFlow] = useState<TotpStep>({ step: "idle" });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    fetchProfile()
      .then((e) => live && isOk(e) && setEnabled(e.result[0]?.isTotpEnabled ?? false))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const userId = session$.clientCode.peek() ?? "";
  const token = session$.accessToken.peek();
  const step = async <T,>(call: () => Promise<{ status: string; message: string; result: T[] }>, then: (r: T | undefined, message: string) => void) => {
    setBusy(true);
    setError("");
    try {
      const e = await call();
      if (e.status === "Ok") then(e.result[0], e.message);
      else setError(e.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label="Authenticator" className="totp-setup">
      <h3>Authenticator (TOTP)</h3>
      <p data-testid="totp-state">
        {enabled === undefined ? "Reading…" : enabled || flow.step === "done" ? "On: sign-in asks for the code from your authenticator app." : "Off: sign-in asks for a one-time code by SMS."}
      </p>
      {flow.step === "idle" && enabled !== undefined && (
        <button type="button" className="btn" disabled={busy} onClick={() => void step(() => authClient.generateScanner(userId, token), (_r, message) => setFlow({ step: "otp", message }))}>
          {enabled ? "Set up on another authenticator" : "Set up authenticator"}
        </button>
      )}
      {flow.step === "otp" && (
        <div>
          <p className="muted">{flow.message}</p>
          <OtpInput label="One-time code" autoFocus disabled={busy} onComplete={(code) => void step(() => authClient.getScanner(userId, code, token), (r) => r && setFlow({ step: "scan", secret: r.secret, qrCode: r.qrCode }))} />
        </div>
      )}
      {flow.step === "scan" && (
        <div>
          <p>Scan the code with your authenticator app, or type the secret into it, then enter the 6-digit code it shows.</p>
          <img className="totp-qr" src={flow.qrCode} alt="Authenticator QR code" width={160} height={160} />
          <p>
            Secret <code data-testid="totp-secret">{flow.secret}</code>
          </p>
          <OtpInput
            label="Authenticator code"
            length={6}
            autoFocus
            disabled={busy}
            onComplete={(code) =>
              void step(
                () => authClient.enableTotp(userId, code, token),
                () => {
                  setFlow({ step: "done" });
                  setEnabled(true);
                },
              )
            }
          />
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
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
              <td className="num">{istDateTime(x.loginTime)}</td>
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
