import { useState } from "react";
import { CommandForm } from "./CommandForm";
import { Modal } from "./Modal";

/** In-app change password: the session.changePassword.send command checks and sends what is typed here. */
export function ChangePasswordDialog() {
  const [oldPassword, setOld] = useState("");
  const [newPassword, setNew] = useState("");
  const [confirm, setConfirm] = useState("");
  return (
    <Modal title="Change password">
      <CommandForm dialog="changePassword" call={{ commandId: "session.changePassword.send", args: { oldPassword, newPassword, confirm } }} submit="Change password">
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
      </CommandForm>
    </Modal>
  );
}
