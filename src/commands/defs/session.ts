import { AUTH_CODES } from "../../core/errors/auth";
import { errorMessage } from "../../core/errorLog";
import { isAuthSuccess } from "../../core/http/success";
import { notify, resetApp } from "../../core/notify";
import { passwordMeetsRule } from "../../core/rules/password";
import { UnauthorizedError } from "../../data/api/auth";
import { authClient } from "../../data/api/authClient";
import { signOut } from "../../data/api/signOut";
import { session$ } from "../../data/stores/session";
import { submitDialog, type FormOutcome } from "../form";
import { navigate } from "../../data/nav";
import { openOverlay, userMenu$ } from "../../data/stores/ui";
import { command } from "../types";
import { signedIn } from "../when";

/** What the change-password dialog submits, as typed. */
export interface ChangePasswordForm {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * "When the password is changed from inside the app, a success toast is shown instead" of the
 * login page's success_msg stage; a 401 on the way is the session's end.
 */
async function changePassword(form: ChangePasswordForm): Promise<FormOutcome> {
  if (form.newPassword !== form.confirm) return "The two passwords do not match";
  if (!passwordMeetsRule(form.newPassword)) return AUTH_CODES.EC030;
  const token = session$.accessToken.peek();
  if (!token) {
    resetApp();
    return false;
  }
  try {
    const answer = await authClient.changePassword(token, form.oldPassword, form.newPassword);
    if (!isAuthSuccess(answer)) return answer.message;
    notify({ kind: "success", text: answer.message });
    return true;
  } catch (err) {
    if (!(err instanceof UnauthorizedError)) return errorMessage(err);
    notify({ kind: "danger", text: err.message });
    resetApp();
    return false;
  }
}

export const sessionCommands = [
  command({
    // The header's profile menu (Profile, Reports, Need Help, Settings, Sign out), for the keyboard: the button is reachable with Tab too.
    id: "user.menu",
    title: "Open user menu",
    group: "Session",
    keys: ["alt+u"],
    keywords: ["profile", "account", "user", "menu"],
    when: signedIn,
    run: () => {
      userMenu$.open.set(true);
    },
  }),
  command({
    id: "session.changePassword",
    title: "Change password",
    group: "Session",
    keywords: ["password", "security"],
    when: signedIn,
    run: () => {
      openOverlay({ kind: "changePassword" });
    },
  }),
  command({
    // The change-password dialog's submit: the rule first (the two fields agree, the spec's
    // password rule), then POST {auth}pwd/change with the bearer.
    id: "session.changePassword.send",
    title: "Change the password now",
    group: "Session",
    hidden: true,
    when: signedIn,
    run: (_ctx, form: ChangePasswordForm) => submitDialog("changePassword", () => changePassword(form)),
  }),
  command({
    id: "session.signOut",
    title: "Sign out",
    group: "Session",
    keywords: ["logout", "log out"],
    when: signedIn,
    // The spec's logout dialog: a confirmation, whose accept runs the command below.
    run: () => {
      openOverlay({ kind: "confirm", title: "Sign out", lines: ["Sign out of Tape on this device?"], confirmLabel: "Sign out", commandId: "session.signOut.confirmed" });
    },
  }),
  command({
    id: "session.signOut.confirmed",
    title: "Sign out now",
    group: "Session",
    hidden: true,
    when: signedIn,
    run: async () => {
      await signOut();
      navigate("/", { replace: true });
    },
  }),
];
