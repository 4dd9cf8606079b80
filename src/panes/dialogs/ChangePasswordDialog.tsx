import { useState, type FormEvent } from "react";
import { authClient } from "../../data/api/authClient";
import { UnauthorizedError } from "../../data/api/auth";
import { notify, resetApp } from "../../core/notify";
import { passwordMeetsRule } from "../../core/rules/password";
import { AUTH_CODES } from "../../core/errors/auth";
import { session$ } from "../../data/stores/session";
import { closeOverlay } from "../../data/stores/ui";
import { FormFooter } from "./FormFooter";
import { Modal } from "./Modal";
import { errorMessage } from "../../core/errorLog";

/**
 * In-app change password (POST {auth}pwd/change with the bearer). "When the password is
 * changed from inside the app, a success toast is shown instead" of the success_msg stage.
 */
export function ChangePasswordDialog() {
  const [oldPassword, setOld] = useState("");
  const [newPassword, setNew] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (newPassword !== confirm) return setError("The two passwords do not match");
    if (!passwordMeetsRule(newPassword)) return setError(AUTH_CODES.EC030);
    const token = session$.accessToken.peek();
    if (!token) return resetApp();
    setBusy(true);
    try {
      const answer = await authClient.changePassword(token, oldPassword, newPassword);
      if (answer.status === "Ok") {
        closeOverlay("changePassword");
        notify({ kind: "success", text: answer.message });
      } else {
        setError(answer.message);
      }
    } catch (err) {
      if (err instanceof UnauthorizedError) {
        notify({ kind: "danger", text: err.message });
        resetApp();
      } else setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Change password">
      <form className="confirm-body" onSubmit={(e) => void submit(e)}>
        <label className="login-field">
          <span>Current password</span>
          <input type="password" name="oldPassword" value={oldPassword} onChange={(e) => setOld(e.target.value)} data-autofocus autoComplete="current-password" />
        </label>
        <label className="login-field">
          <span>New password (no spaces; one of @ # $ % &amp; * /)</span>
          <input type="password" name="newPassword" value={newPassword} onChange={(e) => setNew(e.target.value)} autoComplete="new-password" />
        </label>
        <label className="login-field">
          <span>Confirm new password</span>
          <input type="password" name="confirmPassword" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" />
        </label>
        <FormFooter problem={error} dialog="changePassword" submit="Change password" busy={busy} />
      </form>
    </Modal>
  );
}
