import { useEffect } from "react";
import { arriveOnLoginPage } from "../commands/login";
import { LoginStages } from "../panes/login/LoginStages";

/**
 * "/": the login page and the single sign-on entry (commands/login.ts, arriveOnLoginPage: the
 * SSO query, then a stored session's token checked with check/token).
 */
export function LoginPage() {
  useEffect(() => void arriveOnLoginPage(window.location.search), []);
  return (
    <div className="login">
      <div className="brand brand-large">TAPE</div>
      <LoginStages />
    </div>
  );
}
