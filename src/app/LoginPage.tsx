import { useEffect } from "react";
import { call } from "../data/api/http";
import { coreApi } from "../data/api/services";
import { navigate } from "../data/nav";
import { ssoEntryOf } from "../core/rules/ssoEntry";
import { hasSession } from "../data/stores/session";
import { LoginStages } from "../panes/login/LoginStages";
import { enterSso } from "../panes/login/flow";

/**
 * "/": the login page and the single sign-on entry. "With a valid session and path /, the
 * token is validated": a good token goes on to /home, a bad one is reset by the 401 rule;
 * an SSO entry that needs the authorise dialog stays here instead.
 */
export function LoginPage() {
  useEffect(() => {
    const search = window.location.search;
    const entry = ssoEntryOf(new URLSearchParams(search));
    void enterSso(search).then(() => {
      if (!hasSession() || entry.kind === "appDetails" || entry.kind === "authorize") return;
      call<unknown>(coreApi, "profile", { failureAction: "router" })
        .then((e) => e.status === "Ok" && navigate("/home", { replace: true }))
        .catch(() => undefined);
    });
  }, []);
  return (
    <div className="login">
      <div className="brand brand-large">TAPE</div>
      <LoginStages />
    </div>
  );
}
