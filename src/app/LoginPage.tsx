import { useEffect } from "react";
import { validateStoredToken } from "../data/api/tokenCheck";
import { navigate } from "../data/nav";
import { ssoEntryOf } from "../core/rules/ssoEntry";
import { hasSession } from "../data/stores/session";
import { LoginStages } from "../panes/login/LoginStages";
import { enterSso } from "../panes/login/flow";

/**
 * "/": the login page and the single sign-on entry. "With a valid session and path /, the
 * token is validated" (check/token): a good token goes on to /home, a bad one is reset as a 401;
 * an SSO entry that needs the authorise dialog stays here instead.
 */
export function LoginPage() {
  useEffect(() => {
    const search = window.location.search;
    const entry = ssoEntryOf(new URLSearchParams(search));
    void enterSso(search).then(() => {
      if (!hasSession() || entry.kind === "appDetails" || entry.kind === "authorize") return;
      // The stored session and the clientCode + sessionId entry alike: {auth}check/token.
      void validateStoredToken().then((valid) => valid && navigate("/home", { replace: true }));
    });
  }, []);
  return (
    <div className="login">
      <div className="brand brand-large">TAPE</div>
      <LoginStages />
    </div>
  );
}
